package dev.colcodec.tsfile.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN INT64 and TIMESTAMP values: 8 bytes each, big-endian. Batches are one {@link
 * Kernels#writeLongsBE} call. Output is byte-identical to TsFile's {@code PlainEncoder}.
 */
public final class PlainLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final Kernels kernels;
    private final PlainPage page;

    public PlainLongWriter(Kernels kernels) {
        this(kernels, new PlainPage());
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainLongWriter() {
        this(KernelProvider.best());
    }

    private PlainLongWriter(Kernels kernels, PlainPage page) {
        super(page);
        this.kernels = kernels;
        this.page = page;
    }

    @Override
    public void writeLong(long value) {
        page.open(1);
        page.sink.writeLongBE(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, Long.BYTES);
        kernels.writeLongsBE(src, off, len, page.sink.array(), p);
        page.sink.advance(len * Long.BYTES);
    }
}

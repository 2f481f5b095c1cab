package dev.colcodec.bench.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.deltalength.DeltaLengthByteArrayReader;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

class DeltaStringsBenchmarkTest {
    @Test
    void everyCombinationDecodesAndEncodes() throws Exception {
        for (String[] p : BenchParams.combinations(DeltaStringsBenchmark.class)) {
            DeltaStringsBenchmark b = new DeltaStringsBenchmark();
            b.impl = p[0];
            b.shape = p[1];
            b.setup();
            String ctx = p[0] + " " + p[1];
            for (int call = 0; call < 2; call++) {
                checkDecoded(b.decodeDeltaLength(), b, ctx);
                checkDecoded(b.decodeDeltaByteArray(), b, ctx);
                // memcpy returns one shared array: check each result before the next call
                checkEncoded(
                        b.encodeDeltaLength(),
                        b.lengthPage,
                        new DeltaLengthByteArrayReader(KernelProvider.scalar()),
                        b,
                        ctx);
                checkEncoded(
                        b.encodeDeltaByteArray(),
                        b.prefixPage,
                        new DeltaByteArrayReader(KernelProvider.scalar()),
                        b,
                        ctx);
            }
        }
    }

    private static void checkEncoded(
            byte[] page, byte[] parquetPage, BinaryValuesReader reader, DeltaStringsBenchmark b, String ctx) {
        if (ctx.startsWith("memcpy")) {
            assertThat(Arrays.equals(page, 0, parquetPage.length, parquetPage, 0, parquetPage.length))
                    .as("%s copies the page", ctx)
                    .isTrue();
        } else {
            // 100k values span many blocks, where parquet-java's unused widths may be stale: compare values
            checkDecoded(decodeAll(reader, page, b), b, ctx);
        }
    }

    private static BinaryBatch decodeAll(BinaryValuesReader r, byte[] page, DeltaStringsBenchmark b) {
        r.init(b.values.length, page, 0, page.length);
        BinaryBatch out = new BinaryBatch();
        r.readBinaries(out, b.values.length);
        return out;
    }

    private static void checkDecoded(Object result, DeltaStringsBenchmark b, String ctx) {
        int n = b.values.length;
        if (result instanceof BinaryBatch) {
            BinaryBatch batch = (BinaryBatch) result;
            assertThat(batch.count()).isEqualTo(n);
            byte[] data = batch.data();
            for (int i = 0; i < n; i++) {
                byte[] e = b.values[i];
                if (batch.length(i) != e.length
                        || !Arrays.equals(data, batch.offset(i), batch.offset(i) + e.length, e, 0, e.length)) {
                    assertThat(batch.get(i)).as("%s value %d", ctx, i).isEqualTo(b.values[i]);
                }
            }
        } else if (result instanceof Binary[]) {
            Binary[] values = (Binary[]) result;
            for (int i = 0; i < n; i++) {
                assertThat(values[i].getBytes()).as("%s value %d", ctx, i).isEqualTo(b.values[i]);
            }
        } else {
            byte[] copied = (byte[]) result;
            assertThat(Arrays.copyOf(copied, b.source.byteSize()))
                    .isEqualTo(Arrays.copyOf(b.source.data(), b.source.byteSize()));
        }
    }
}

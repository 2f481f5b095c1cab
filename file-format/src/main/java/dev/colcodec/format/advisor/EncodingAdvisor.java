package dev.colcodec.format.advisor;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Recommends an encoding and page compression for a column. On a sample of the column (its first
 * {@link #sampleSize()} values) it tries every compatible encoding (from {@link Encodings#all()}, or the
 * ones given) with every codec (none, LZ4_RAW, ZSTD and SNAPPY by default), keeps the pairs whose
 * decoded values equal the sample exactly, and for each measures the encoded bytes per value and the
 * decode speed with a {@link DecodeMeter}. A {@link Policy} then picks one.
 *
 * <pre>{@code
 * Candidate c = EncodingAdvisor.defaults().recommend(Column.ofLongs(timestamps), Policy.BALANCED);
 * c.encoding().name();   // "DELTA_BINARY_PACKED"
 * c.codec();             // Compression.ZSTD
 * c.bytesPerValue();
 * }</pre>
 *
 * <p>Sizes are deterministic; speeds come from timing loops and vary between runs. With the default
 * {@link DecodeMeter#timing()} each candidate takes about 0.1 s (up to about 1 s while the JIT is
 * still compiling), so the defaults spend a few seconds per column; {@link #withCodecs}, {@link
 * #withEncodings} and {@link #withMeter} trade coverage or precision for time. Instances are
 * immutable: the {@code with...} methods return a changed copy. Not meant for concurrent use of one
 * column by several threads.
 */
public final class EncodingAdvisor {
    /** The default codecs: none, LZ4_RAW, ZSTD (level 3), SNAPPY. */
    public static final List<Compression> DEFAULT_CODECS =
            List.of(Compression.UNCOMPRESSED, Compression.LZ4_RAW, Compression.ZSTD, Compression.SNAPPY);

    /** The default sample: the first 65536 values. */
    public static final int DEFAULT_SAMPLE_SIZE = 1 << 16;

    private final List<ColumnEncoding> encodings;
    private final List<Compression> codecs;
    private final int sampleSize;
    private final DecodeMeter meter;
    private final Kernels kernels;

    private EncodingAdvisor(
            List<ColumnEncoding> encodings,
            List<Compression> codecs,
            int sampleSize,
            DecodeMeter meter,
            Kernels kernels) {
        this.encodings = List.copyOf(encodings);
        this.codecs = List.copyOf(codecs);
        if (sampleSize < 1) {
            throw new IllegalArgumentException("sample size must be at least 1, got " + sampleSize);
        }
        this.sampleSize = sampleSize;
        this.meter = Objects.requireNonNull(meter, "meter");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** Every built-in encoding, the default codecs and sample, timed decoding, the best kernels. */
    public static EncodingAdvisor defaults() {
        return new EncodingAdvisor(
                Encodings.all(), DEFAULT_CODECS, DEFAULT_SAMPLE_SIZE, DecodeMeter.timing(), KernelProvider.best());
    }

    /** A copy trying only these encodings, in this order. */
    public EncodingAdvisor withEncodings(List<ColumnEncoding> encodings) {
        return new EncodingAdvisor(encodings, codecs, sampleSize, meter, kernels);
    }

    /** A copy trying only these codecs, in this order. */
    public EncodingAdvisor withCodecs(List<Compression> codecs) {
        return new EncodingAdvisor(encodings, codecs, sampleSize, meter, kernels);
    }

    /** A copy sampling the first {@code sampleSize} values. */
    public EncodingAdvisor withSampleSize(int sampleSize) {
        return new EncodingAdvisor(encodings, codecs, sampleSize, meter, kernels);
    }

    /** A copy measuring decode speed with {@code meter}. */
    public EncodingAdvisor withMeter(DecodeMeter meter) {
        return new EncodingAdvisor(encodings, codecs, sampleSize, meter, kernels);
    }

    /** A copy encoding and decoding with these kernels. */
    public EncodingAdvisor withKernels(Kernels kernels) {
        return new EncodingAdvisor(encodings, codecs, sampleSize, meter, kernels);
    }

    public List<ColumnEncoding> encodings() {
        return encodings;
    }

    public List<Compression> codecs() {
        return codecs;
    }

    public int sampleSize() {
        return sampleSize;
    }

    /** The candidate {@code policy} picks for {@code column}. */
    public Candidate recommend(Column column, Policy policy) {
        return advise(column).best(policy);
    }

    /**
     * Tries every compatible (encoding, codec) pair on the column's sample. A column without values gets
     * every pair's size (a few bytes, 0 per value) and no timing: each candidate's speed is {@link
     * Double#POSITIVE_INFINITY}, so speed ties and the policies choose by size and order.
     */
    public Advice advise(Column column) {
        Column sample = column.head(sampleSize);
        List<Candidate> candidates = new ArrayList<>();
        List<Rejection> rejections = new ArrayList<>();
        for (ColumnEncoding e : encodings) {
            if (!e.supports(sample)) {
                continue;
            }
            Optional<ColumnEncoding.Encoded> encoded;
            try {
                encoded = e.encode(sample, kernels);
            } catch (RuntimeException ex) {
                rejections.add(new Rejection(e, null, "encoding failed: " + ex));
                continue;
            }
            if (encoded.isEmpty()) {
                rejections.add(
                        new Rejection(e, null, "the encoding declined the data (dictionary fell back to PLAIN)"));
                continue;
            }
            for (Compression codec : codecs) {
                try {
                    Candidate c = measure(sample, e, encoded.get(), codec);
                    if (c == null) {
                        rejections.add(new Rejection(e, codec, "decoded values differ from the sample (lossy)"));
                    } else {
                        candidates.add(c);
                    }
                } catch (RuntimeException ex) {
                    rejections.add(new Rejection(e, codec, "round trip failed: " + ex));
                }
            }
        }
        return new Advice(candidates, rejections);
    }

    /** Compresses, verifies the round trip, and measures; null when the decoded values differ. */
    private Candidate measure(Column sample, ColumnEncoding e, ColumnEncoding.Encoded encoded, Compression codec) {
        byte[][] raw = encoded.sections();
        byte[][] packed = new byte[raw.length][];
        int[] rawLengths = new int[raw.length];
        long bytes = 0;
        for (int i = 0; i < raw.length; i++) {
            rawLengths[i] = raw[i].length;
            packed[i] = codec == Compression.UNCOMPRESSED
                    ? raw[i]
                    : CompressionCodecs.compress(codec, raw[i], 0, raw[i].length);
            bytes += packed[i].length;
        }
        Object scratch = sample.newScratch();
        Runnable decodeOnce = () -> {
            byte[][] sections = packed;
            if (codec != Compression.UNCOMPRESSED) {
                sections = new byte[packed.length][];
                for (int i = 0; i < packed.length; i++) {
                    sections[i] = CompressionCodecs.decompress(codec, packed[i], 0, packed[i].length, rawLengths[i]);
                }
            }
            ValuesReader r = encoded.open(sections, kernels);
            sample.readInto(r, scratch);
        };
        decodeOnce.run();
        if (!sample.matches(scratch)) {
            return null;
        }
        // an empty sample decodes nothing: it is not timed (timing it would only measure the set-up, and a
        // meter's warm-up never settles on 0 values per second)
        double speed = sample.size() == 0
                ? Double.POSITIVE_INFINITY
                : meter.valuesPerSecond(e, codec, sample.size(), decodeOnce);
        return new Candidate(e, codec, bytes, sample.size(), speed);
    }
}

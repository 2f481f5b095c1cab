package dev.colcodec.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.delta.DeltaTestSupport.Shape;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Truncated and bit-flipped DELTA_BINARY_PACKED input gives only CorruptInputException or values. */
class DeltaBinaryPackedCorruptInputTest {
    private static final int CASES = 12_000;

    static List<byte[]> validStreams(boolean int32) {
        List<byte[]> out = new ArrayList<>();
        long seed = 11;
        for (Shape shape : Shape.values()) {
            for (int n : new int[] {0, 1, 2, 5, 33, 65, 129, 200}) {
                long[] v = DeltaTestSupport.values(shape, n, int32, seed++);
                out.add(DeltaTestSupport.oracleEncode(v, int32, 128, 4));
            }
        }
        for (int w : new int[] {1, 7, 13, 31, 32, 33, 63, 64}) {
            if (!int32 || w <= 32) {
                out.add(DeltaTestSupport.oracleEncode(DeltaTestSupport.widthExact(w, 70, int32, w), int32, 128, 4));
            }
        }
        out.add(DeltaTestSupport.oracleEncode(DeltaTestSupport.values(Shape.SORTED, 300, int32, 3), int32, 256, 2));
        out.add(DeltaTestSupport.hex("80 80 80 80 04 01 ff ff ff ff 07 0a 06 00 06 00"));
        return out;
    }

    @Test
    void int32() {
        DeltaBinaryPackedIntReader reader = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        int[] scratch = new int[4096];
        int rejected = CorruptInputFuzz.run(validStreams(true), CASES, 1234, (s, r) -> {
            reader.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 300, s.buf, s.offset, s.length);
            if (r.nextInt(4) == 0) {
                int end = reader.endOffset();
                assertThat(end).isBetween(s.offset, s.offset + s.length);
            }
            int budget = 200_000;
            while (reader.remaining() > 0 && budget > 0) {
                int n = Math.min(reader.remaining(), r.nextInt(1, 400));
                switch (r.nextInt(3)) {
                    case 0:
                        reader.readInteger();
                        n = 1;
                        break;
                    case 1:
                        reader.readIntegers(scratch, r.nextInt(8), n);
                        break;
                    default:
                        reader.skip(n);
                }
                budget -= n;
            }
            if (reader.remaining() == 0) {
                assertThatThrownBy(reader::readInteger).isInstanceOf(CorruptInputException.class);
                assertThat(reader.endOffset()).isBetween(s.offset, s.offset + s.length);
            }
        });
        assertThat(rejected).isBetween(CASES / 10, CASES - CASES / 20);
    }

    @Test
    void int64() {
        DeltaBinaryPackedLongReader reader = new DeltaBinaryPackedLongReader(KernelProvider.scalar());
        long[] scratch = new long[4096];
        int rejected = CorruptInputFuzz.run(validStreams(false), CASES, 5678, (s, r) -> {
            reader.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 300, s.buf, s.offset, s.length);
            if (r.nextInt(4) == 0) {
                assertThat(reader.endOffset()).isBetween(s.offset, s.offset + s.length);
            }
            int budget = 200_000;
            while (reader.remaining() > 0 && budget > 0) {
                int n = Math.min(reader.remaining(), r.nextInt(1, 400));
                switch (r.nextInt(3)) {
                    case 0:
                        reader.readLong();
                        n = 1;
                        break;
                    case 1:
                        reader.readLongs(scratch, r.nextInt(8), n);
                        break;
                    default:
                        reader.skip(n);
                }
                budget -= n;
            }
            if (reader.remaining() == 0) {
                assertThatThrownBy(reader::readLong).isInstanceOf(CorruptInputException.class);
                assertThat(reader.endOffset()).isBetween(s.offset, s.offset + s.length);
            }
        });
        assertThat(rejected).isBetween(CASES / 10, CASES - CASES / 20);
    }
}

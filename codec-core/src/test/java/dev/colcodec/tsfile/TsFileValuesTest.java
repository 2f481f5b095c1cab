package dev.colcodec.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.TypedRoundTrip;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TsFileValuesTest {
    private static final Kernels K = KernelProvider.scalar();
    private static final int N = 300;

    private static final Set<TsDataType> NUMBERS = EnumSet.of(
            TsDataType.INT32,
            TsDataType.INT64,
            TsDataType.FLOAT,
            TsDataType.DOUBLE,
            TsDataType.DATE,
            TsDataType.TIMESTAMP);

    /** What TsFile 2.4.0 can write, per encoding. */
    static final Map<TsEncoding, Set<TsDataType>> SUPPORTED = Map.ofEntries(
            Map.entry(
                    TsEncoding.PLAIN,
                    EnumSet.of(
                            TsDataType.BOOLEAN,
                            TsDataType.INT32,
                            TsDataType.INT64,
                            TsDataType.FLOAT,
                            TsDataType.DOUBLE,
                            TsDataType.TEXT,
                            TsDataType.TIMESTAMP,
                            TsDataType.DATE,
                            TsDataType.BLOB,
                            TsDataType.STRING)),
            Map.entry(TsEncoding.TS_2DIFF, NUMBERS),
            Map.entry(
                    TsEncoding.RLE,
                    EnumSet.of(
                            TsDataType.BOOLEAN,
                            TsDataType.INT32,
                            TsDataType.INT64,
                            TsDataType.FLOAT,
                            TsDataType.DOUBLE,
                            TsDataType.DATE,
                            TsDataType.TIMESTAMP)),
            Map.entry(TsEncoding.GORILLA, NUMBERS),
            Map.entry(TsEncoding.GORILLA_V1, EnumSet.of(TsDataType.FLOAT, TsDataType.DOUBLE)),
            Map.entry(
                    TsEncoding.ZIGZAG,
                    EnumSet.of(TsDataType.INT32, TsDataType.INT64, TsDataType.DATE, TsDataType.TIMESTAMP)),
            Map.entry(TsEncoding.DICTIONARY, EnumSet.of(TsDataType.TEXT, TsDataType.STRING)),
            Map.entry(TsEncoding.CHIMP, NUMBERS),
            Map.entry(TsEncoding.SPRINTZ, NUMBERS),
            Map.entry(TsEncoding.RLBE, NUMBERS),
            Map.entry(TsEncoding.CAMEL, EnumSet.of(TsDataType.DOUBLE)));

    private static TypedRoundTrip.Kind kind(TsDataType t) {
        switch (t.storageType()) {
            case BOOLEAN:
                return TypedRoundTrip.Kind.BOOLEAN;
            case INT32:
                return TypedRoundTrip.Kind.INT;
            case INT64:
                return TypedRoundTrip.Kind.LONG;
            case FLOAT:
                return TypedRoundTrip.Kind.FLOAT;
            case DOUBLE:
                return TypedRoundTrip.Kind.DOUBLE;
            default:
                return TypedRoundTrip.Kind.BINARY;
        }
    }

    /**
     * A page of no values with no bytes (what another writer may store for an all-null page; tsfile writes
     * 2 to 9 bytes) reads as empty in every pair when the count 0 is given: nothing to skip, and it ends
     * where it starts.
     */
    @Test
    void anEmptySliceWithACountOfZeroIsAnEmptyPage() {
        int checked = 0;
        for (Map.Entry<TsEncoding, Set<TsDataType>> pair : SUPPORTED.entrySet()) {
            for (TsDataType t : pair.getValue()) {
                ValuesReader r = TsFileValues.newReader(pair.getKey(), t, K);
                byte[] buf = new byte[8];
                r.init(0, buf, 5, 0);
                r.skip(0);
                assertThat(r.endOffset()).as(pair.getKey() + " " + t).isEqualTo(5);
                assertThatThrownBy(() -> r.skip(1)).isInstanceOf(dev.colcodec.CorruptInputException.class);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    /**
     * {@code finishTo} (which the file writer uses, and which some writers do without an intermediate
     * copy) appends exactly the page {@code toByteArray} returns, the writer counts what it was given, and
     * after a reset it counts from zero and writes the same page again.
     */
    @Test
    void finishToAppendsThePageToByteArrayReturns() {
        int checked = 0;
        for (Map.Entry<TsEncoding, Set<TsDataType>> pair : SUPPORTED.entrySet()) {
            for (TsDataType t : pair.getValue()) {
                TsEncoding e = pair.getKey();
                long seed = e.ordinal() * 31L + t.ordinal();
                TypedRoundTrip.assertBadRangesRefused(
                        TsFileValues.newWriter(e, t, K),
                        () -> TsFileValues.newWriter(e, t, K),
                        kind(t),
                        -1,
                        e + " " + t);
                ValuesWriter a = TsFileValues.newWriter(e, t, K);
                TypedRoundTrip.write(a, kind(t), N, -1, seed);
                byte[] page = a.toByteArray();
                ValuesWriter b = TsFileValues.newWriter(e, t, K);
                for (int round = 0; round < 2; round++) {
                    TypedRoundTrip.write(b, kind(t), N, -1, seed);
                    assertThat(b.valueCount()).as(e + " " + t).isEqualTo(N);
                    assertThat(b.bufferedSize()).as(e + " " + t).isPositive();
                    ByteSink out = new ByteSink(4);
                    out.write(new byte[] {7, 7, 7}, 0, 3);
                    b.finishTo(out);
                    byte[] got = out.toByteArray();
                    assertThat(java.util.Arrays.copyOf(got, 3)).as(e + " " + t).containsExactly(7, 7, 7);
                    assertThat(java.util.Arrays.copyOfRange(got, 3, got.length))
                            .as(e + " " + t)
                            .isEqualTo(page);
                    b.reset();
                    assertThat(b.valueCount()).as(e + " " + t).isZero();
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    /**
     * {@code resetInto(out)} (the file writer's page in place) gives {@code out} its earlier bytes and
     * then exactly the page {@code toByteArray} returns after a plain reset, whether the writer writes
     * into {@code out} or copies; the value count and size estimate are the page's alone, {@code
     * toByteArray} and {@code finishTo} another sink give the page alone, and a plain reset afterwards
     * leaves {@code out} alone.
     */
    @Test
    void resetIntoEndsWithThePageInPlaceOfACopy() {
        int checked = 0;
        for (Map.Entry<TsEncoding, Set<TsDataType>> pair : SUPPORTED.entrySet()) {
            for (TsDataType t : pair.getValue()) {
                TsEncoding e = pair.getKey();
                String as = e + " " + t;
                long seed = e.ordinal() * 37L + t.ordinal();
                ValuesWriter a = TsFileValues.newWriter(e, t, K);
                TypedRoundTrip.write(a, kind(t), N, -1, seed);
                byte[] page = a.toByteArray();
                long estimate = a.bufferedSize();
                ValuesWriter b = TsFileValues.newWriter(e, t, K);
                TypedRoundTrip.write(b, kind(t), 17, -1, seed + 1); // a page before: resetInto drops it
                ByteSink out = new ByteSink(4);
                out.write(new byte[] {7, 7, 7}, 0, 3);
                b.resetInto(out);
                assertThat(b.valueCount()).as(as).isZero();
                TypedRoundTrip.write(b, kind(t), N, -1, seed);
                assertThat(b.valueCount()).as(as).isEqualTo(N);
                if ((e == TsEncoding.TS_2DIFF || e == TsEncoding.PLAIN)
                        && (t.storageType() == TsDataType.INT32 || t.storageType() == TsDataType.INT64)) {
                    // these writers encode in place: their bytes are in out before finishTo
                    assertThat(out.size()).as(as).isGreaterThan(3 + N / 2);
                }
                b.finishTo(out);
                assertThat(b.bufferedSize()).as(as).isEqualTo(estimate);
                byte[] got = out.toByteArray();
                assertThat(java.util.Arrays.copyOf(got, 3)).as(as).containsExactly(7, 7, 7);
                assertThat(java.util.Arrays.copyOfRange(got, 3, got.length))
                        .as(as)
                        .isEqualTo(page);
                assertThat(b.toByteArray()).as(as).isEqualTo(page);
                ByteSink other = new ByteSink(4);
                b.finishTo(other);
                assertThat(other.toByteArray()).as(as).isEqualTo(page);
                b.reset();
                TypedRoundTrip.write(b, kind(t), N, -1, seed + 2);
                b.toByteArray();
                assertThat(out.toByteArray()).as(as).isEqualTo(got);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    @Test
    void everySupportedPairRoundTripsAndEveryOtherIsRefusedByName() {
        int checked = 0;
        for (TsEncoding e : TsEncoding.values()) {
            for (TsDataType t : TsDataType.values()) {
                Set<TsDataType> ok = SUPPORTED.get(e);
                if (ok != null && ok.contains(t)) {
                    ValuesWriter w = TsFileValues.newWriter(e, t, K);
                    Object values = TypedRoundTrip.write(w, kind(t), N, -1, e.ordinal() * 31L + t.ordinal());
                    byte[] page = w.toByteArray();
                    ValuesReader r = TsFileValues.newReader(e, t, K);
                    r.init(N, page, 0, page.length);
                    TypedRoundTrip.assertBadReadRangesRefused(r, kind(t), e + " " + t);
                    TypedRoundTrip.assertReads(r, kind(t), N, values, e + " " + t);
                    assertThat(TsFileValues.supports(e, t)).isTrue();
                    checked++;
                } else {
                    assertThat(TsFileValues.supports(e, t)).as(e + " " + t).isFalse();
                    assertThatThrownBy(() -> TsFileValues.newReader(e, t, K))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining(e.name())
                            .hasMessageContaining(t.name());
                    assertThatThrownBy(() -> TsFileValues.newWriter(e, t, K))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining(e.name());
                }
            }
        }
        assertThat(TsFileValues.isLossy(TsEncoding.RLE, TsDataType.DOUBLE)).isTrue();
        assertThat(TsFileValues.isLossy(TsEncoding.TS_2DIFF, TsDataType.FLOAT)).isTrue();
        assertThat(TsFileValues.isLossy(TsEncoding.RLE, TsDataType.INT64)).isFalse();
        assertThat(TsFileValues.isLossy(TsEncoding.GORILLA_V1, TsDataType.DOUBLE))
                .isFalse();
        assertThat(TsFileValues.isLossy(TsEncoding.CAMEL, TsDataType.DOUBLE)).isTrue();
        assertThat(checked).isEqualTo(10 + 6 + 7 + 6 + 2 + 4 + 2 + 6 + 6 + 6 + 1);
    }
    /**
     * {@link TsFileValues#keepsNanPayloads} says which FLOAT and DOUBLE pairs give back NaN payloads: each
     * pair is written a page with NaNs of other payloads among ordinary values, per value and in a batch,
     * and read back; the NaNs come back as NaN in every pair but CAMEL, and with their bits exactly where
     * the method says so.
     */
    @Test
    void nanPayloadsComeBackExactlyWhereThePairSaysSo() {
        long[] doubleBits = {
            Double.doubleToRawLongBits(1.5),
            0x7ff0000000000001L,
            0xfff8000000000000L,
            0x7ff8000000000000L,
            0x7ff4000000000abcL,
            Double.doubleToRawLongBits(-2.25),
            0x7ffc00000000deadL,
            Double.doubleToRawLongBits(3.0)
        };
        int[] floatBits = {
            Float.floatToRawIntBits(1.5f),
            0x7f800001,
            0xffc00000,
            0x7fc00000,
            0x7fa00abc,
            Float.floatToRawIntBits(-2.25f),
            0x7fe0dead,
            Float.floatToRawIntBits(3.0f)
        };
        // then 12 NaNs of consecutive payloads (SPRINTZ's predictor carries some payloads, not these)
        doubleBits = java.util.Arrays.copyOf(doubleBits, 20);
        floatBits = java.util.Arrays.copyOf(floatBits, 20);
        for (int i = 0; i < 12; i++) {
            doubleBits[8 + i] = 0x7ff0000000000001L + i;
            floatBits[8 + i] = 0x7f800001 + i;
        }
        int pairs = 0;
        for (TsEncoding e : TsEncoding.values()) {
            for (TsDataType t : new TsDataType[] {TsDataType.FLOAT, TsDataType.DOUBLE}) {
                if (!TsFileValues.supports(e, t) || TsFileValues.isLossy(e, t)) {
                    continue;
                }
                boolean kept = true;
                for (boolean batch : new boolean[] {false, true}) {
                    long[] in = new long[doubleBits.length];
                    for (int i = 0; i < in.length; i++) {
                        in[i] = t == TsDataType.DOUBLE ? doubleBits[i] : floatBits[i];
                    }
                    long[] back = nanRoundTrip(e, t, batch, in);
                    for (int i = 0; i < in.length; i++) {
                        double v = valueOf(t, in[i]);
                        double got = valueOf(t, back[i]);
                        assertThat(Double.isNaN(got)).as(e + " " + i).isEqualTo(Double.isNaN(v));
                        if (!Double.isNaN(v)) {
                            assertThat(got).isEqualTo(v);
                        }
                        kept &= back[i] == in[i];
                    }
                }
                assertThat(kept).as(e + " " + t).isEqualTo(TsFileValues.keepsNanPayloads(e, t));
                pairs++;
            }
        }
        assertThat(pairs).isGreaterThanOrEqualTo(10);
        assertThat(TsFileValues.keepsNanPayloads(TsEncoding.PLAIN, TsDataType.INT64))
                .isTrue();
    }

    /** A FLOAT (int bits) or DOUBLE (long bits) value, widened to double (NaN stays NaN, -0.0 stays -0.0). */
    private static double valueOf(TsDataType t, long bits) {
        return t == TsDataType.DOUBLE ? Double.longBitsToDouble(bits) : Float.intBitsToFloat((int) bits);
    }

    /**
     * Writes the FLOAT or DOUBLE values of {@code bits} with pair {@code (e, t)}, one at a time or as a
     * batch, reads the page back and returns the raw bits read (FLOAT: the int bits).
     */
    private static long[] nanRoundTrip(TsEncoding e, TsDataType t, boolean batch, long[] bits) {
        ValuesWriter w = TsFileValues.newWriter(e, t, K);
        ValuesReader r = TsFileValues.newReader(e, t, K);
        int n = bits.length;
        long[] back = new long[n];
        if (t == TsDataType.DOUBLE) {
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = Double.longBitsToDouble(bits[i]);
            }
            DoubleValuesWriter dw = (DoubleValuesWriter) w;
            if (batch) {
                dw.writeDoubles(v, 0, n);
            } else {
                for (double x : v) {
                    dw.writeDouble(x);
                }
            }
            byte[] page = w.toByteArray();
            r.init(n, page, 0, page.length);
            ((DoubleValuesReader) r).readDoubles(v, 0, n);
            for (int i = 0; i < n; i++) {
                back[i] = Double.doubleToRawLongBits(v[i]);
            }
        } else {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = Float.intBitsToFloat((int) bits[i]);
            }
            FloatValuesWriter fw = (FloatValuesWriter) w;
            if (batch) {
                fw.writeFloats(v, 0, n);
            } else {
                for (float x : v) {
                    fw.writeFloat(x);
                }
            }
            byte[] page = w.toByteArray();
            r.init(n, page, 0, page.length);
            ((FloatValuesReader) r).readFloats(v, 0, n);
            for (int i = 0; i < n; i++) {
                back[i] = Float.floatToRawIntBits(v[i]);
            }
        }
        return back;
    }
}

package dev.colcodec.tsfile;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.camel.CamelReader;
import dev.colcodec.tsfile.camel.CamelWriter;
import dev.colcodec.tsfile.chimp.ChimpDoubleReader;
import dev.colcodec.tsfile.chimp.ChimpDoubleWriter;
import dev.colcodec.tsfile.chimp.ChimpFloatReader;
import dev.colcodec.tsfile.chimp.ChimpFloatWriter;
import dev.colcodec.tsfile.chimp.ChimpIntReader;
import dev.colcodec.tsfile.chimp.ChimpIntWriter;
import dev.colcodec.tsfile.chimp.ChimpLongReader;
import dev.colcodec.tsfile.chimp.ChimpLongWriter;
import dev.colcodec.tsfile.dictionary.DictionaryReader;
import dev.colcodec.tsfile.dictionary.DictionaryWriter;
import dev.colcodec.tsfile.gorilla.GorillaDoubleReader;
import dev.colcodec.tsfile.gorilla.GorillaDoubleWriter;
import dev.colcodec.tsfile.gorilla.GorillaFloatReader;
import dev.colcodec.tsfile.gorilla.GorillaFloatWriter;
import dev.colcodec.tsfile.gorilla.GorillaIntReader;
import dev.colcodec.tsfile.gorilla.GorillaIntWriter;
import dev.colcodec.tsfile.gorilla.GorillaLongReader;
import dev.colcodec.tsfile.gorilla.GorillaLongWriter;
import dev.colcodec.tsfile.gorillav1.GorillaV1DoubleReader;
import dev.colcodec.tsfile.gorillav1.GorillaV1DoubleWriter;
import dev.colcodec.tsfile.gorillav1.GorillaV1FloatReader;
import dev.colcodec.tsfile.gorillav1.GorillaV1FloatWriter;
import dev.colcodec.tsfile.plain.PlainBinaryReader;
import dev.colcodec.tsfile.plain.PlainBinaryWriter;
import dev.colcodec.tsfile.plain.PlainBooleanReader;
import dev.colcodec.tsfile.plain.PlainBooleanWriter;
import dev.colcodec.tsfile.plain.PlainDoubleReader;
import dev.colcodec.tsfile.plain.PlainDoubleWriter;
import dev.colcodec.tsfile.plain.PlainFloatReader;
import dev.colcodec.tsfile.plain.PlainFloatWriter;
import dev.colcodec.tsfile.plain.PlainIntReader;
import dev.colcodec.tsfile.plain.PlainIntWriter;
import dev.colcodec.tsfile.plain.PlainLongReader;
import dev.colcodec.tsfile.plain.PlainLongWriter;
import dev.colcodec.tsfile.rlbe.RlbeDoubleReader;
import dev.colcodec.tsfile.rlbe.RlbeDoubleWriter;
import dev.colcodec.tsfile.rlbe.RlbeFloatReader;
import dev.colcodec.tsfile.rlbe.RlbeFloatWriter;
import dev.colcodec.tsfile.rlbe.RlbeIntReader;
import dev.colcodec.tsfile.rlbe.RlbeIntWriter;
import dev.colcodec.tsfile.rlbe.RlbeLongReader;
import dev.colcodec.tsfile.rlbe.RlbeLongWriter;
import dev.colcodec.tsfile.rle.RleBooleanReader;
import dev.colcodec.tsfile.rle.RleBooleanWriter;
import dev.colcodec.tsfile.rle.RleDoubleReader;
import dev.colcodec.tsfile.rle.RleDoubleWriter;
import dev.colcodec.tsfile.rle.RleFloatReader;
import dev.colcodec.tsfile.rle.RleFloatWriter;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.tsfile.rle.RleIntWriter;
import dev.colcodec.tsfile.rle.RleLongReader;
import dev.colcodec.tsfile.rle.RleLongWriter;
import dev.colcodec.tsfile.sprintz.SprintzDoubleReader;
import dev.colcodec.tsfile.sprintz.SprintzDoubleWriter;
import dev.colcodec.tsfile.sprintz.SprintzFloatReader;
import dev.colcodec.tsfile.sprintz.SprintzFloatWriter;
import dev.colcodec.tsfile.sprintz.SprintzIntReader;
import dev.colcodec.tsfile.sprintz.SprintzIntWriter;
import dev.colcodec.tsfile.sprintz.SprintzLongReader;
import dev.colcodec.tsfile.sprintz.SprintzLongWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongWriter;
import dev.colcodec.tsfile.zigzag.ZigzagIntReader;
import dev.colcodec.tsfile.zigzag.ZigzagIntWriter;
import dev.colcodec.tsfile.zigzag.ZigzagLongReader;
import dev.colcodec.tsfile.zigzag.ZigzagLongWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The one factory from (TsFile encoding, data type) to a value reader or writer, covering everything
 * TsFile 2.4.0 can write but PLAIN OBJECT (its reference to an object stored outside the file, which colcodec
 * does not read or write).
 *
 * <p>DATE is read and written as INT32, TIMESTAMP as INT64, and TEXT/STRING/BLOB as binaries (see
 * {@link TsDataType#storageType()}). The returned object implements the typed interface of that
 * storage type ({@code IntValuesReader}, {@code LongValuesReader}, {@code FloatValuesReader}, {@code
 * DoubleValuesReader}, {@code BooleanValuesReader}, {@code BinaryValuesReader}, and the writer
 * counterparts). Pairs TsFile does not allow and the legacy encodings it can no longer write (DIFF,
 * BITMAP, REGULAR, FREQ) give an {@link IllegalArgumentException} naming the pair.
 */
public final class TsFileValues {
    /** TS_2DIFF and RLE float/double writers keep this many decimal digits, TsFile's default ({@code floatPrecision}). */
    public static final int DEFAULT_FLOAT_PRECISION = 2;

    /** Per encoding, per storage type: how to make the reader and the writer. */
    private static final Map<TsEncoding, Map<TsDataType, Function<Kernels, ValuesReader>>> READERS =
            new EnumMap<>(TsEncoding.class);

    private static final Map<TsEncoding, Map<TsDataType, Function<Kernels, ValuesWriter>>> WRITERS =
            new EnumMap<>(TsEncoding.class);

    private static void add(
            TsEncoding e, TsDataType t, Function<Kernels, ValuesReader> r, Function<Kernels, ValuesWriter> w) {
        READERS.computeIfAbsent(e, x -> new EnumMap<>(TsDataType.class)).put(t, r);
        WRITERS.computeIfAbsent(e, x -> new EnumMap<>(TsDataType.class)).put(t, w);
    }

    static {
        add(TsEncoding.PLAIN, TsDataType.BOOLEAN, PlainBooleanReader::new, k -> new PlainBooleanWriter());
        add(TsEncoding.PLAIN, TsDataType.INT32, PlainIntReader::new, k -> new PlainIntWriter());
        add(TsEncoding.PLAIN, TsDataType.INT64, PlainLongReader::new, PlainLongWriter::new);
        add(TsEncoding.PLAIN, TsDataType.FLOAT, PlainFloatReader::new, PlainFloatWriter::new);
        add(TsEncoding.PLAIN, TsDataType.DOUBLE, PlainDoubleReader::new, PlainDoubleWriter::new);
        add(TsEncoding.PLAIN, TsDataType.TEXT, PlainBinaryReader::new, k -> new PlainBinaryWriter());

        add(TsEncoding.TS_2DIFF, TsDataType.INT32, Ts2DiffIntReader::new, Ts2DiffIntWriter::new);
        add(TsEncoding.TS_2DIFF, TsDataType.INT64, Ts2DiffLongReader::new, Ts2DiffLongWriter::new);
        add(
                TsEncoding.TS_2DIFF,
                TsDataType.FLOAT,
                Ts2DiffFloatReader::new,
                k -> new Ts2DiffFloatWriter(k, DEFAULT_FLOAT_PRECISION));
        add(
                TsEncoding.TS_2DIFF,
                TsDataType.DOUBLE,
                Ts2DiffDoubleReader::new,
                k -> new Ts2DiffDoubleWriter(k, DEFAULT_FLOAT_PRECISION));

        add(TsEncoding.RLE, TsDataType.BOOLEAN, RleBooleanReader::new, RleBooleanWriter::new);
        add(TsEncoding.RLE, TsDataType.INT32, RleIntReader::new, RleIntWriter::new);
        add(TsEncoding.RLE, TsDataType.INT64, RleLongReader::new, RleLongWriter::new);
        add(TsEncoding.RLE, TsDataType.FLOAT, RleFloatReader::new, k -> new RleFloatWriter(k, DEFAULT_FLOAT_PRECISION));
        add(
                TsEncoding.RLE,
                TsDataType.DOUBLE,
                RleDoubleReader::new,
                k -> new RleDoubleWriter(k, DEFAULT_FLOAT_PRECISION));

        add(TsEncoding.GORILLA, TsDataType.INT32, k -> new GorillaIntReader(), k -> new GorillaIntWriter());
        add(TsEncoding.GORILLA, TsDataType.INT64, k -> new GorillaLongReader(), k -> new GorillaLongWriter());
        add(TsEncoding.GORILLA, TsDataType.FLOAT, k -> new GorillaFloatReader(), k -> new GorillaFloatWriter());
        add(TsEncoding.GORILLA, TsDataType.DOUBLE, k -> new GorillaDoubleReader(), k -> new GorillaDoubleWriter());

        add(TsEncoding.GORILLA_V1, TsDataType.FLOAT, k -> new GorillaV1FloatReader(), k -> new GorillaV1FloatWriter());
        add(
                TsEncoding.GORILLA_V1,
                TsDataType.DOUBLE,
                k -> new GorillaV1DoubleReader(),
                k -> new GorillaV1DoubleWriter());

        add(TsEncoding.ZIGZAG, TsDataType.INT32, k -> new ZigzagIntReader(), k -> new ZigzagIntWriter());
        add(TsEncoding.ZIGZAG, TsDataType.INT64, k -> new ZigzagLongReader(), k -> new ZigzagLongWriter());

        // TEXT and STRING; BLOB (also stored as TEXT) is refused in newReader/newWriter
        add(TsEncoding.DICTIONARY, TsDataType.TEXT, DictionaryReader::new, DictionaryWriter::new);

        add(TsEncoding.CHIMP, TsDataType.INT32, k -> new ChimpIntReader(), k -> new ChimpIntWriter());
        add(TsEncoding.CHIMP, TsDataType.INT64, k -> new ChimpLongReader(), k -> new ChimpLongWriter());
        add(TsEncoding.CHIMP, TsDataType.FLOAT, k -> new ChimpFloatReader(), k -> new ChimpFloatWriter());
        add(TsEncoding.CHIMP, TsDataType.DOUBLE, k -> new ChimpDoubleReader(), k -> new ChimpDoubleWriter());

        add(TsEncoding.SPRINTZ, TsDataType.INT32, SprintzIntReader::new, SprintzIntWriter::new);
        add(TsEncoding.SPRINTZ, TsDataType.INT64, SprintzLongReader::new, SprintzLongWriter::new);
        add(TsEncoding.SPRINTZ, TsDataType.FLOAT, SprintzFloatReader::new, SprintzFloatWriter::new);
        add(TsEncoding.SPRINTZ, TsDataType.DOUBLE, SprintzDoubleReader::new, SprintzDoubleWriter::new);

        add(TsEncoding.RLBE, TsDataType.INT32, k -> new RlbeIntReader(), k -> new RlbeIntWriter());
        add(TsEncoding.RLBE, TsDataType.INT64, k -> new RlbeLongReader(), k -> new RlbeLongWriter());
        add(TsEncoding.RLBE, TsDataType.FLOAT, k -> new RlbeFloatReader(), k -> new RlbeFloatWriter());
        add(TsEncoding.RLBE, TsDataType.DOUBLE, k -> new RlbeDoubleReader(), k -> new RlbeDoubleWriter());

        add(TsEncoding.CAMEL, TsDataType.DOUBLE, k -> new CamelReader(), k -> new CamelWriter());
    }

    private TsFileValues() {}

    private static IllegalArgumentException invalid(TsEncoding e, TsDataType t) {
        if (t == TsDataType.OBJECT) {
            return new IllegalArgumentException("colcodec does not read or write TsFile OBJECT values (" + e + ")");
        }
        return new IllegalArgumentException("TsFile encoding " + e + " cannot hold " + t + " values");
    }

    private static <T> Function<Kernels, T> lookup(
            Map<TsEncoding, Map<TsDataType, Function<Kernels, T>>> table, TsEncoding e, TsDataType t) {
        Map<TsDataType, Function<Kernels, T>> byType = table.get(e);
        Function<Kernels, T> f = byType == null ? null : byType.get(t.storageType());
        if (f == null || (e == TsEncoding.DICTIONARY && t == TsDataType.BLOB)) {
            throw invalid(e, t);
        }
        return f;
    }

    /**
     * Whether the pair may change values: FLOAT and DOUBLE under TS_2DIFF and RLE go through TsFile's
     * scaled-integer wrapper, which keeps {@link #DEFAULT_FLOAT_PRECISION} decimals; CAMEL (DOUBLE) writes
     * NaN as zero and some decimals one unit off, as TsFile's encoder does. A NaN's payload is not counted
     * here: see {@link #keepsNanPayloads}.
     */
    public static boolean isLossy(TsEncoding e, TsDataType t) {
        TsDataType s = t.storageType();
        return (e == TsEncoding.TS_2DIFF || e == TsEncoding.RLE) && (s == TsDataType.FLOAT || s == TsDataType.DOUBLE)
                || e == TsEncoding.CAMEL && s == TsDataType.DOUBLE;
    }

    /**
     * Whether the pair gives back a NaN with its payload (its exact bits; only FLOAT and DOUBLE have NaNs).
     * Not the pairs {@link #isLossy} names, nor GORILLA_V1 and SPRINTZ, which write a NaN as TsFile's
     * encoders do, as the canonical one ({@code floatToIntBits}, {@code doubleToLongBits}; SPRINTZ past a
     * 9-value block's first value): TsFile's decoders read their pages right only so (GORILLA_V1's reads a
     * NaN that differs from the value before it as the end of the page; SPRINTZ's misreads the residual a
     * negative NaN, as {@code 0.0 / 0.0} gives, makes among positive values). PLAIN keeps payloads where
     * TsFile's encoder makes every NaN the canonical one, so its pages differ from TsFile's only there.
     */
    public static boolean keepsNanPayloads(TsEncoding e, TsDataType t) {
        TsDataType s = t.storageType();
        if (s != TsDataType.FLOAT && s != TsDataType.DOUBLE) {
            return true;
        }
        return !isLossy(e, t) && e != TsEncoding.GORILLA_V1 && e != TsEncoding.SPRINTZ;
    }

    /** Whether this factory has a reader and writer for the pair. */
    public static boolean supports(TsEncoding e, TsDataType t) {
        try {
            lookup(READERS, e, t);
            return true;
        } catch (IllegalArgumentException ex) {
            return false;
        }
    }

    /** A reader for one page's values of type {@code t} encoded with {@code e}. */
    public static ValuesReader newReader(TsEncoding e, TsDataType t, Kernels k) {
        return lookup(READERS, e, t).apply(k);
    }

    /** A writer of values of type {@code t} with encoding {@code e}, with TsFile's default settings. */
    public static ValuesWriter newWriter(TsEncoding e, TsDataType t, Kernels k) {
        return lookup(WRITERS, e, t).apply(k);
    }

    /**
     * As {@link #newWriter(TsEncoding, TsDataType, Kernels)}, where the pairs that scale FLOAT and DOUBLE
     * values to integers (TS_2DIFF and RLE, see {@link #isLossy}) keep {@code maxPointNumber} decimal
     * digits (TsFile's {@code max_point_number}) instead of {@link #DEFAULT_FLOAT_PRECISION}; other pairs
     * have no such setting and ignore it.
     *
     * @throws IllegalArgumentException naming the pair when it is not supported, or when {@code
     *     maxPointNumber} is negative
     */
    public static ValuesWriter newWriter(TsEncoding e, TsDataType t, Kernels k, int maxPointNumber) {
        if (maxPointNumber < 0) {
            throw new IllegalArgumentException("max_point_number must not be negative: " + maxPointNumber);
        }
        Function<Kernels, ValuesWriter> made = lookup(WRITERS, e, t);
        if (maxPointNumber == DEFAULT_FLOAT_PRECISION || !isLossy(e, t) || e == TsEncoding.CAMEL) {
            return made.apply(k);
        }
        boolean isFloat = t.storageType() == TsDataType.FLOAT;
        if (e == TsEncoding.TS_2DIFF) {
            return isFloat ? new Ts2DiffFloatWriter(k, maxPointNumber) : new Ts2DiffDoubleWriter(k, maxPointNumber);
        }
        return isFloat ? new RleFloatWriter(k, maxPointNumber) : new RleDoubleWriter(k, maxPointNumber);
    }
}

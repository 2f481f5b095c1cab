package dev.colcodec.format.fuzz;

import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnStatistics;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.parquet.PhysicalType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * Parquet columns for {@link ParquetFileFuzz}: kinds (physical and logical types), random values in
 * shapes (sorted, constant, few distinct, the types' extremes), their sort orders, and the rows a
 * colcodec batch holds (flat and LIST columns).
 */
final class ParquetModel {
    private ParquetModel() {}

    enum Kind {
        BOOL,
        I32,
        I8,
        U8,
        I16,
        U16,
        U32,
        DATE,
        DEC_I32,
        I64,
        U64,
        TS,
        DEC_I64,
        F32,
        F64,
        BIN,
        STR,
        FLBA,
        UUID,
        DEC_FLBA,
        F16,
        DEC_BIN,
        INT96,
        JSON
    }

    /** The sort order of a kind's statistics; NONE: none defined (FLOAT16 here, INT96). */
    enum Order {
        BOOL,
        SIGNED,
        UNSIGNED,
        FLOAT,
        BYTES_UNSIGNED,
        BYTES_SIGNED,
        NONE
    }

    /** A column and its values (flat: one per row, null for null; LIST: a List per row or null). */
    static final class Col {
        final String name;
        final Kind kind;
        int len; // FIXED_LEN_BYTE_ARRAY length
        int prec;
        int scale;
        boolean optional;
        boolean list; // optional/required group (LIST) { repeated group list { element } }
        boolean elemOptional;
        boolean legacy; // a repeated primitive
        Object[] values;

        Col(String name, Kind kind) {
            this.name = name;
            this.kind = kind;
        }

        PhysicalType phys() {
            return switch (kind) {
                case BOOL -> PhysicalType.BOOLEAN;
                case I32, I8, U8, I16, U16, U32, DATE, DEC_I32 -> PhysicalType.INT32;
                case I64, U64, TS, DEC_I64 -> PhysicalType.INT64;
                case F32 -> PhysicalType.FLOAT;
                case F64 -> PhysicalType.DOUBLE;
                case BIN, STR, DEC_BIN, JSON -> PhysicalType.BYTE_ARRAY;
                case INT96 -> PhysicalType.INT96;
                default -> PhysicalType.FIXED_LEN_BYTE_ARRAY;
            };
        }

        Order order() {
            return switch (kind) {
                case BOOL -> Order.BOOL;
                case U8, U16, U32, U64 -> Order.UNSIGNED;
                case F32, F64 -> Order.FLOAT;
                case BIN, STR, FLBA, UUID, JSON -> Order.BYTES_UNSIGNED;
                case DEC_FLBA, DEC_BIN -> Order.BYTES_SIGNED;
                case F16, INT96 -> Order.NONE;
                default -> Order.SIGNED;
            };
        }

        /** parquet-java's schema text of the primitive named {@code n}. */
        String parquetJavaPrimitive(String n) {
            return switch (kind) {
                case BOOL -> "boolean " + n;
                case I32 -> "int32 " + n;
                case I8 -> "int32 " + n + " (INTEGER(8,true))";
                case U8 -> "int32 " + n + " (INTEGER(8,false))";
                case I16 -> "int32 " + n + " (INTEGER(16,true))";
                case U16 -> "int32 " + n + " (INTEGER(16,false))";
                case U32 -> "int32 " + n + " (INTEGER(32,false))";
                case DATE -> "int32 " + n + " (DATE)";
                case DEC_I32 -> "int32 " + n + " (DECIMAL(9,2))";
                case I64 -> "int64 " + n;
                case U64 -> "int64 " + n + " (INTEGER(64,false))";
                case TS -> "int64 " + n + " (TIMESTAMP(MILLIS,true))";
                case DEC_I64 -> "int64 " + n + " (DECIMAL(18,3))";
                case F32 -> "float " + n;
                case F64 -> "double " + n;
                case BIN -> "binary " + n;
                case STR -> "binary " + n + " (STRING)";
                case JSON -> "binary " + n + " (JSON)";
                case DEC_BIN -> "binary " + n + " (DECIMAL(38,4))";
                case FLBA -> "fixed_len_byte_array(" + len + ") " + n;
                case UUID -> "fixed_len_byte_array(16) " + n + " (UUID)";
                case DEC_FLBA -> "fixed_len_byte_array(" + len + ") " + n + " (DECIMAL(" + prec + "," + scale + "))";
                case F16 -> "fixed_len_byte_array(2) " + n + " (FLOAT16)";
                case INT96 -> "int96 " + n;
            };
        }

        /** colcodec's flat column of this kind. */
        ParquetColumn colcodecColumn() {
            ParquetColumn pc = ParquetColumn.flat(name, phys(), typeLength(), optional);
            ParquetLogicalType lt = switch (kind) {
                case I8 -> ParquetLogicalType.integer(8, true);
                case U8 -> ParquetLogicalType.integer(8, false);
                case I16 -> ParquetLogicalType.integer(16, true);
                case U16 -> ParquetLogicalType.integer(16, false);
                case U32 -> ParquetLogicalType.integer(32, false);
                case U64 -> ParquetLogicalType.integer(64, false);
                case DATE -> ParquetLogicalType.date();
                case DEC_I32 -> ParquetLogicalType.decimal(9, 2);
                case DEC_I64 -> ParquetLogicalType.decimal(18, 3);
                case TS -> ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MILLIS, true);
                case STR -> ParquetLogicalType.string();
                case JSON -> ParquetLogicalType.json();
                case DEC_BIN -> ParquetLogicalType.decimal(38, 4);
                case UUID -> ParquetLogicalType.uuid();
                case DEC_FLBA -> ParquetLogicalType.decimal(prec, scale);
                case F16 -> ParquetLogicalType.float16();
                default -> null;
            };
            return lt == null ? pc : pc.withLogicalType(lt);
        }

        int typeLength() {
            return switch (kind) {
                case FLBA, DEC_FLBA -> len;
                case UUID -> 16;
                case F16 -> 2;
                case INT96 -> 12;
                default -> 0;
            };
        }

        @Override
        public String toString() {
            return name + ":" + kind + (typeLength() > 0 ? "(" + typeLength() + ")" : "") + (optional ? "?" : "")
                    + (list ? "[" + (legacy ? "repeated" : "list") + (elemOptional ? " elem?" : "") + "]" : "");
        }
    }

    static Col randomCol(SplittableRandom r, String name, Kind k) {
        Col c = new Col(name, k);
        if (k == Kind.FLBA) {
            c.len = FuzzData.pick(r, 1, 2, 3, 4, 7, 8, 12, 16, 33);
        }
        if (k == Kind.DEC_FLBA) {
            c.len = 1 + r.nextInt(16);
            // the digits of 2^(8 len - 1) - 1, less one
            c.prec = Math.max(
                    1,
                    BigInteger.ONE
                                    .shiftLeft(8 * c.len - 1)
                                    .subtract(BigInteger.ONE)
                                    .toString()
                                    .length()
                            - 1);
            c.scale = r.nextInt(c.prec + 1);
        }
        c.optional = r.nextBoolean();
        return c;
    }

    static Kind randomKind(SplittableRandom r) {
        return Kind.values()[r.nextInt(Kind.values().length)];
    }

    // ------------------------------------------------------------------------------- values

    /** One value of the column's kind; style 0 random, 1 small, 2 extremes, 3 random widths. */
    static Object value(Col c, SplittableRandom r, int style) {
        switch (c.kind) {
            case BOOL:
                return r.nextBoolean();
            case I32:
            case DATE:
                return switch (style) {
                    case 0 -> r.nextInt();
                    case 1 -> r.nextInt(1000) - 500;
                    case 3 -> {
                        int x = r.nextInt() >>> r.nextInt(32);
                        yield r.nextBoolean() ? x : -x;
                    }
                    default -> FuzzData.pick(r, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1);
                };
            case I8:
                return style == 2 ? (r.nextBoolean() ? -128 : 127) : r.nextInt(256) - 128;
            case U8:
                return style == 2 ? (r.nextBoolean() ? 0 : 255) : r.nextInt(256);
            case I16:
                return style == 2 ? (r.nextBoolean() ? -32768 : 32767) : r.nextInt(65536) - 32768;
            case U16:
                return style == 2 ? (r.nextBoolean() ? 0 : 65535) : r.nextInt(65536);
            case U32:
                return switch (style) {
                    case 1 -> r.nextInt(100);
                    case 2 -> FuzzData.pick(r, 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE);
                    case 3 -> r.nextInt() >>> r.nextInt(32);
                    default -> r.nextInt();
                };
            case DEC_I32:
                return r.nextInt(1_999_999_999) - 999_999_999;
            case I64:
            case TS:
            case U64:
                return switch (style) {
                    case 0 -> r.nextLong();
                    case 1 -> (long) (r.nextInt(100000) - 50000);
                    case 3 -> {
                        long x = r.nextLong() >>> r.nextInt(64);
                        yield r.nextBoolean() ? x : -x;
                    }
                    default ->
                        new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Integer.MAX_VALUE + 1L}[r.nextInt(6)];
                };
            case DEC_I64:
                return r.nextLong() % 999_999_999_999_999_999L;
            case F32:
                return switch (style) {
                    case 0 -> Float.intBitsToFloat(r.nextInt());
                    case 1 -> (float) (r.nextGaussian() * 1000);
                    default ->
                        new float[] {
                                    Float.NaN,
                                    -0.0f,
                                    0.0f,
                                    Float.POSITIVE_INFINITY,
                                    Float.NEGATIVE_INFINITY,
                                    Float.MIN_VALUE,
                                    Float.MAX_VALUE,
                                    -Float.MAX_VALUE,
                                    Float.intBitsToFloat(0x7fc00001),
                                    Float.intBitsToFloat(0xffc00000),
                                    1.0f
                                }
                                [r.nextInt(11)];
                };
            case F64:
                return switch (style) {
                    case 0 -> Double.longBitsToDouble(r.nextLong());
                    case 1 -> r.nextGaussian() * 1000;
                    default ->
                        new double[] {
                                    Double.NaN,
                                    -0.0,
                                    0.0,
                                    Double.POSITIVE_INFINITY,
                                    Double.NEGATIVE_INFINITY,
                                    Double.MIN_VALUE,
                                    Double.MAX_VALUE,
                                    -Double.MAX_VALUE,
                                    Double.longBitsToDouble(0x7ff8000000000001L),
                                    Double.longBitsToDouble(0xfff8000000000000L),
                                    1.0
                                }
                                [r.nextInt(11)];
                };
            case BIN: {
                int len = style == 2 ? (r.nextBoolean() ? 0 : 200 + r.nextInt(3000)) : r.nextInt(style == 1 ? 4 : 24);
                byte[] b = new byte[len];
                r.nextBytes(b);
                if (style == 1) {
                    for (int i = 0; i < len; i++) {
                        b[i] = (byte) (r.nextInt(3) == 0 ? 0xff : r.nextInt(4));
                    }
                }
                return b;
            }
            case STR:
            case JSON: {
                int len = style == 2 ? (r.nextBoolean() ? 0 : 100 + r.nextInt(2000)) : r.nextInt(style == 1 ? 3 : 30);
                StringBuilder sb = new StringBuilder(c.kind == Kind.JSON ? "\"" : "");
                for (int i = 0; i < len; i++) {
                    switch (r.nextInt(20)) {
                        case 0 -> sb.append((char) (0x80 + r.nextInt(0x700)));
                        case 1 -> sb.appendCodePoint(0x10000 + r.nextInt(0x1000));
                        case 2 -> sb.append('\u00ff');
                        case 3 -> sb.append('\u007f');
                        default -> sb.append((char) ('a' + r.nextInt(style == 1 ? 3 : 26)));
                    }
                }
                return sb.append(c.kind == Kind.JSON ? "\"" : "").toString().getBytes(StandardCharsets.UTF_8);
            }
            case DEC_FLBA:
                return fixed(decimal(c.prec, r, style), c.len);
            case DEC_BIN:
                return decimal(38, r, style).toByteArray();
            default: { // FLBA, UUID, F16, INT96
                byte[] b = new byte[c.typeLength()];
                if (style == 2) {
                    Arrays.fill(b, (byte) (r.nextBoolean() ? 0xff : r.nextBoolean() ? 0x80 : 0));
                } else if (style == 1) {
                    for (int i = 0; i < b.length; i++) {
                        b[i] = (byte) (r.nextInt(3) == 0 ? 0xff : r.nextInt(2));
                    }
                } else {
                    r.nextBytes(b);
                }
                return b;
            }
        }
    }

    private static BigInteger decimal(int prec, SplittableRandom r, int style) {
        BigInteger lim = BigInteger.TEN.pow(prec).subtract(BigInteger.ONE);
        if (style == 2) {
            return new BigInteger[] {lim, lim.negate(), BigInteger.ZERO, BigInteger.ONE.negate()}[r.nextInt(4)];
        }
        int bits = style == 1 ? Math.min(8, lim.bitLength() - 1) : lim.bitLength() - 1;
        BigInteger v = new BigInteger(Math.max(1, bits), new Random(r.nextLong()));
        return r.nextBoolean() ? v.negate() : v;
    }

    /** {@code v} sign-extended big-endian in {@code len} bytes. */
    private static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[len];
        Arrays.fill(out, (byte) (v.signum() < 0 ? 0xff : 0));
        int n = Math.min(len, raw.length);
        System.arraycopy(raw, raw.length - n, out, len - n, n);
        return out;
    }

    /** Fills a flat column's values for {@code n} rows in a random shape; returns the shape's name. */
    static String fill(Col c, int n, SplittableRandom r) {
        Object[] v = new Object[n];
        double nullP = !c.optional ? 0 : new double[] {0, 0, 0.01, 0.3, 0.9, 1.0}[r.nextInt(6)];
        int shape = r.nextInt(6); // random, sorted, constant, few distinct, mixed styles, sorted few
        int style = r.nextInt(4);
        List<Object> pool = new ArrayList<>();
        if (shape == 3 || shape == 5) {
            int k = 1 + r.nextInt(FuzzData.pick(r, 5, 300, 70000));
            for (int i = 0; i < k; i++) {
                pool.add(value(c, r, style));
            }
        }
        Object constant = value(c, r, style);
        for (int i = 0; i < n; i++) {
            if (nullP > 0 && r.nextDouble() < nullP) {
                continue;
            }
            v[i] = switch (shape) {
                case 2 -> constant;
                case 3, 5 -> pool.get(r.nextInt(pool.size()));
                case 4 -> value(c, r, r.nextInt(4));
                default -> value(c, r, style);
            };
        }
        if (shape == 1 || shape == 5) {
            List<Object> present = new ArrayList<>();
            for (Object o : v) {
                if (o != null) {
                    present.add(o);
                }
            }
            Order o = c.order() == Order.NONE ? Order.BYTES_UNSIGNED : c.order();
            present.sort((a, b) -> compare(o, a, b));
            if (r.nextBoolean()) {
                Collections.reverse(present);
            }
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (v[i] != null) {
                    v[i] = present.get(j++);
                }
            }
        }
        c.values = v;
        return new String[] {"random", "sorted", "constant", "few", "mixed", "sortedfew"}[shape] + "/s" + style
                + "/null" + nullP;
    }

    /** Fills a LIST column: null lists, empty lists, short or long lists, null elements. */
    static void fillList(Col c, int n, SplittableRandom r) {
        Object[] v = new Object[n];
        int style = r.nextInt(3);
        int lenMode = r.nextInt(3);
        double nullElem = c.elemOptional ? new double[] {0, 0.2, 1.0}[r.nextInt(3)] : 0;
        for (int i = 0; i < n; i++) {
            if (c.optional && r.nextInt(6) == 0) {
                continue;
            }
            int len = lenMode == 0
                    ? r.nextInt(4)
                    : lenMode == 1 ? (r.nextInt(10) == 0 ? 20 + r.nextInt(60) : r.nextInt(3)) : 1;
            List<Object> l = new ArrayList<>();
            for (int k = 0; k < len; k++) {
                l.add(nullElem > 0 && r.nextDouble() < nullElem ? null : value(c, r, style));
            }
            v[i] = l;
        }
        c.values = v;
    }

    // ------------------------------------------------------------------------------- order

    static int compare(Order o, Object a, Object b) {
        return switch (o) {
            case BOOL -> Boolean.compare((Boolean) a, (Boolean) b);
            case SIGNED -> a instanceof Integer x ? Integer.compare(x, (Integer) b) : Long.compare((Long) a, (Long) b);
            case UNSIGNED ->
                a instanceof Integer x
                        ? Integer.compareUnsigned(x, (Integer) b)
                        : Long.compareUnsigned((Long) a, (Long) b);
            case FLOAT -> a instanceof Float x ? Float.compare(x, (Float) b) : Double.compare((Double) a, (Double) b);
            case BYTES_SIGNED -> new BigInteger((byte[]) a).compareTo(new BigInteger((byte[]) b));
            default -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        };
    }

    static boolean isNaN(Object o) {
        return (o instanceof Float f && f.isNaN()) || (o instanceof Double d && d.isNaN());
    }

    /** Whether {@code v} lies in [lo, hi] (null: unbounded); floats numerically, NaN never. */
    static boolean matches(Order o, Object v, Object lo, Object hi) {
        if (v == null) {
            return false;
        }
        if (o == Order.FLOAT) {
            double d = ((Number) v).doubleValue();
            return !Double.isNaN(d)
                    && (lo == null || d >= ((Number) lo).doubleValue())
                    && (hi == null || d <= ((Number) hi).doubleValue());
        }
        return (lo == null || compare(o, v, lo) >= 0) && (hi == null || compare(o, v, hi) <= 0);
    }

    /** A value in PLAIN encoding, as colcodec's statistics and filters take it. */
    static byte[] plain(Col c, Object v) {
        return switch (c.phys()) {
            case BOOLEAN -> new byte[] {(byte) ((Boolean) v ? 1 : 0)};
            case INT32 -> ColumnStatistics.plain((Integer) v);
            case INT64 -> ColumnStatistics.plain((Long) v);
            case FLOAT -> ColumnStatistics.plain((Float) v);
            case DOUBLE -> ColumnStatistics.plain((Double) v);
            default -> (byte[]) v;
        };
    }

    // ------------------------------------------------------------------------------- colcodec batches

    private static Object valueAt(ColumnBatch b, int i) {
        return switch (b.column().type()) {
            case BOOLEAN -> b.booleans()[i];
            case INT32 -> b.ints()[i];
            case INT64 -> b.longs()[i];
            case FLOAT -> b.floats()[i];
            case DOUBLE -> b.doubles()[i];
            default -> b.binaries().get(i);
        };
    }

    /** The present values of a batch, through its dictionary ids or binary views when it kept them. */
    static List<Object> dense(ColumnBatch b) {
        int n = b.valueCount();
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (b.dictionary() != null) {
                out.add(valueAt(b.dictionary(), b.dictionaryIds()[i]));
            } else if (b.viewArray() != null) {
                out.add(Arrays.copyOfRange(b.viewArray(), b.viewStarts()[i], b.viewStarts()[i] + b.viewLengths()[i]));
            } else {
                out.add(valueAt(b, i));
            }
        }
        return out;
    }

    /** Appends a flat batch's rows (null for null). */
    static void flatRows(ColumnBatch b, List<Object> out) {
        List<Object> d = dense(b);
        int[] def = b.definitionLevels();
        int max = b.column().maxDefinitionLevel();
        if (max == 0 && b.levelCount() != b.valueCount()) {
            throw new AssertionError(
                    "a REQUIRED column's batch: " + b.levelCount() + " levels, " + b.valueCount() + " values");
        }
        int k = 0;
        for (int i = 0; i < b.levelCount(); i++) {
            out.add(def == null || def[i] == max ? d.get(k++) : null);
        }
        if (k != d.size()) {
            throw new AssertionError("a batch of " + d.size() + " values has " + k + " present levels");
        }
    }

    /** Assembles LIST rows from batches of levels. */
    static final class ListAssembler {
        private final int listOpt;
        private final int elemOpt;
        private final int maxDef;
        private final List<Object> out;
        private List<Object> cur;
        private boolean open;

        ListAssembler(ParquetColumn col, boolean listOptional, boolean elemOptional, List<Object> out) {
            listOpt = listOptional ? 1 : 0;
            elemOpt = elemOptional ? 1 : 0;
            maxDef = col.maxDefinitionLevel();
            if (maxDef != listOpt + 1 + elemOpt) {
                throw new AssertionError("a LIST column with max definition level " + maxDef);
            }
            this.out = out;
        }

        void add(ColumnBatch b) {
            List<Object> d = dense(b);
            int k = 0;
            int[] def = b.definitionLevels();
            int[] rep = b.repetitionLevels();
            for (int i = 0; i < b.levelCount(); i++) {
                int dl = def == null ? maxDef : def[i];
                if (rep[i] == 0) {
                    flush();
                    open = true;
                    if (dl < listOpt) {
                        continue; // a null list
                    }
                    cur = new ArrayList<>();
                    if (dl == listOpt) {
                        continue; // an empty list
                    }
                } else if (!open || cur == null) {
                    throw new AssertionError("repetition level 1 outside a list at entry " + i);
                }
                if (dl == maxDef) {
                    cur.add(d.get(k++));
                } else if (dl == maxDef - 1 && elemOpt == 1) {
                    cur.add(null);
                } else {
                    throw new AssertionError("definition level " + dl + " at repetition level " + rep[i]);
                }
            }
            if (k != d.size()) {
                throw new AssertionError("a batch of " + d.size() + " values has " + k + " present levels");
            }
        }

        void flush() {
            if (open) {
                out.add(cur);
            }
            open = false;
            cur = null;
        }
    }
}

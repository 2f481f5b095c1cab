package dev.colcodec.format.cli;

import dev.colcodec.format.advisor.Advice;
import dev.colcodec.format.advisor.Candidate;
import dev.colcodec.format.advisor.Column;
import dev.colcodec.format.advisor.EncodingAdvisor;
import dev.colcodec.format.advisor.Format;
import dev.colcodec.format.advisor.Policy;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.tsfile.TsDataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Advisor samples built from {@link ColumnValues}: the non-null values, in row order. */
final class Samples {
    private Samples() {}

    /** Collects non-null values of one column, across row groups or devices, up to a limit. */
    static final class Collector {
        private final String name;
        private final int limit;
        /** The values' byte length for a Parquet FIXED_LEN_BYTE_ARRAY column, else 0. */
        private int fixedLength;
        /** The TsFile type of a TsFile column's values, else null. */
        private TsDataType tsType;

        private final List<ColumnValues> parts = new ArrayList<>();
        private int count;

        Collector(String name, int limit) {
            this.name = name;
            this.limit = limit;
        }

        boolean full() {
            return count >= limit;
        }

        /**
         * Takes the non-null values of {@code c} the sample still needs, copied: a sample holds at most
         * its limit of values however many rows (null or not) it is offered, so a caller may offer a
         * whole file a part at a time.
         */
        void add(ColumnValues c) {
            if (full()) {
                return;
            }
            int need = limit - count;
            Object values = ColumnValues.newArray(c.kind, Math.min(need, c.rows));
            int taken = 0;
            for (int r = 0; r < c.rows && taken < need; r++) {
                if (!c.isNull(r)) {
                    System.arraycopy(c.values, r, values, taken++, 1);
                }
            }
            if (taken > 0 || parts.isEmpty()) {
                // an empty first part keeps the kind of a column without values
                parts.add(new ColumnValues(c.name, c.kind, c.meaning, values, null, taken));
                count += taken;
            }
        }

        String name() {
            return name;
        }

        /** The values (rows) the sample holds. */
        int held() {
            int n = 0;
            for (ColumnValues p : parts) {
                n += p.rows;
            }
            return n;
        }

        /** Declares the TsFile type of the sampled values (DATE, TIMESTAMP, STRING, BLOB, ...). */
        Collector tsType(TsDataType type) {
            this.tsType = type;
            return this;
        }

        /** The sample with its declared TsFile type, or null (see {@link #values()}). */
        Column column() {
            Column c = values();
            return c == null || tsType == null ? c : c.withTsType(tsType);
        }

        /** Marks the sampled BINARY values as FIXED_LEN_BYTE_ARRAY values of {@code length} bytes. */
        void fixedLength(int length) {
            this.fixedLength = length;
        }

        /** The sample, or null when the values are of a kind the advisor has no encodings for. */
        private Column values() {
            if (parts.isEmpty()) {
                return null;
            }
            ColumnValues.Kind kind = parts.get(0).kind;
            int n = Math.min(count, limit);
            int at = 0;
            switch (kind) {
                case INT32: {
                    int[] v = new int[n];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((int[]) p.values)[r];
                            }
                        }
                    }
                    return Column.ofInts(v);
                }
                case INT64: {
                    long[] v = new long[n];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((long[]) p.values)[r];
                            }
                        }
                    }
                    return Column.ofLongs(v);
                }
                case FLOAT: {
                    float[] v = new float[n];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((float[]) p.values)[r];
                            }
                        }
                    }
                    return Column.ofFloats(v);
                }
                case DOUBLE: {
                    double[] v = new double[n];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((double[]) p.values)[r];
                            }
                        }
                    }
                    return Column.ofDoubles(v);
                }
                case BINARY: {
                    byte[][] v = new byte[n][];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((byte[][]) p.values)[r];
                            }
                        }
                    }
                    byte[][] values = Arrays.copyOf(v, n);
                    return fixedLength > 0
                            ? Column.ofFixedLengthBinaries(values, fixedLength)
                            : Column.ofBinaries(values);
                }
                case BOOLEAN: {
                    boolean[] v = new boolean[n];
                    for (ColumnValues p : parts) {
                        for (int r = 0; r < p.rows && at < n; r++) {
                            if (!p.isNull(r)) {
                                v[at++] = ((boolean[]) p.values)[r];
                            }
                        }
                    }
                    return Column.ofBooleans(v);
                }
                default:
                    return null;
            }
        }
    }

    /** An advisor limited to {@code format}'s encodings and to {@code codecs} (null: the advisor's own). */
    static EncodingAdvisor restrict(EncodingAdvisor advisor, Format format, List<Compression> codecs) {
        List<dev.colcodec.format.advisor.ColumnEncoding> encodings = new ArrayList<>();
        for (var e : advisor.encodings()) {
            if (e.format() == format) {
                encodings.add(e);
            }
        }
        EncodingAdvisor a = advisor.withEncodings(encodings);
        return codecs == null ? a : a.withCodecs(codecs);
    }

    /** The recommendation of {@code policy} for a sample, or null when nothing round-tripped. */
    static Candidate recommend(EncodingAdvisor advisor, Column sample, Policy policy) {
        Advice advice = advisor.advise(sample);
        return advice.candidates().isEmpty() ? null : advice.best(policy);
    }

    static String describe(Candidate c) {
        return String.format(
                Locale.ROOT,
                "%s + %s (%.3f bytes/value, %s)",
                c.encoding().name(),
                c.codec(),
                c.bytesPerValue(),
                c.speed());
    }

    static Policy policy(String name) {
        try {
            return Policy.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown policy '" + name + "'; policies: smallest, fastest, balanced");
        }
    }
}

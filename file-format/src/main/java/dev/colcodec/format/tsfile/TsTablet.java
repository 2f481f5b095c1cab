package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of one device of a table, filled by whole column arrays: the tag values (the device), the time
 * stamps (ascending), and per FIELD column a value array with optional null flags ({@code null}: no
 * nulls). Arrays are referenced, not copied, until {@link TsFileWriter#write(TsTablet)} returns. A FIELD
 * column not set since the last {@link #times} is written as null in every row of the tablet (as a
 * column of all-null flags is), so a reused tablet must have every column set again after {@code times}.
 */
public final class TsTablet {
    final TsTableSchema schema;
    final List<TsTableSchema.Column> fields = new ArrayList<>();
    final String[] tags;
    long[] times;
    int rowCount;
    final Object[] values;
    final boolean[][] nulls;

    public TsTablet(TsTableSchema schema) {
        this.schema = schema;
        for (TsTableSchema.Column c : schema.columns()) {
            if (c.category() == TsTableSchema.Category.FIELD) {
                fields.add(c);
            }
        }
        this.tags = new String[schema.tagNames().size()];
        this.values = new Object[fields.size()];
        this.nulls = new boolean[fields.size()][];
    }

    /** Sets the device: one value per TAG column in schema order (null allowed). */
    public TsTablet device(String... tagValues) {
        java.util.Objects.requireNonNull(tagValues, "tag values");
        if (tagValues.length != tags.length) {
            throw new IllegalArgumentException(tags.length + " tag values expected, got " + tagValues.length);
        }
        for (String v : tagValues) {
            dev.colcodec.format.io.Utf8.checkEncodable(v, "a tag value");
        }
        System.arraycopy(tagValues, 0, tags, 0, tags.length);
        return this;
    }

    /** Sets the first {@code rowCount} entries of {@code times} as the rows; clears every column. */
    public TsTablet times(long[] times, int rowCount) {
        java.util.Objects.requireNonNull(times, "times");
        if (rowCount < 0 || rowCount > times.length) {
            throw new IllegalArgumentException("row count " + rowCount + " for " + times.length + " times");
        }
        this.times = times;
        this.rowCount = rowCount;
        java.util.Arrays.fill(values, null);
        java.util.Arrays.fill(nulls, null);
        return this;
    }

    private int field(String name, TsDataType storage, Object array, boolean[] nullFlags) {
        java.util.Objects.requireNonNull(name, "column name");
        int length = java.lang.reflect.Array.getLength(
                java.util.Objects.requireNonNull(array, () -> "the values of column " + name));
        if (times == null) {
            // times() clears every column: values set before it would be dropped without a word
            throw new IllegalStateException("call times(...) before setting column " + name);
        }
        for (int i = 0; i < fields.size(); i++) {
            TsTableSchema.Column c = fields.get(i);
            if (c.name().equals(name)) {
                if (c.type().storageType() != storage) {
                    throw new IllegalArgumentException("column " + name + " is " + c.type() + ", not " + storage);
                }
                if (length < rowCount || (nullFlags != null && nullFlags.length < rowCount)) {
                    throw new IllegalArgumentException("column " + name + " has fewer than " + rowCount + " rows");
                }
                values[i] = array;
                nulls[i] = nullFlags;
                return i;
            }
        }
        throw new IllegalArgumentException("no FIELD column " + name + " in table " + schema.tableName());
    }

    /** BOOLEAN values. {@code nulls[i]} true marks row i null; {@code nulls} may be null. */
    public TsTablet booleans(String column, boolean[] v, boolean[] nulls) {
        field(column, TsDataType.BOOLEAN, v, nulls);
        return this;
    }

    /** INT32 or DATE (yyyyMMdd) values. */
    public TsTablet ints(String column, int[] v, boolean[] nulls) {
        field(column, TsDataType.INT32, v, nulls);
        return this;
    }

    /** INT64 or TIMESTAMP values. */
    public TsTablet longs(String column, long[] v, boolean[] nulls) {
        field(column, TsDataType.INT64, v, nulls);
        return this;
    }

    public TsTablet floats(String column, float[] v, boolean[] nulls) {
        field(column, TsDataType.FLOAT, v, nulls);
        return this;
    }

    public TsTablet doubles(String column, double[] v, boolean[] nulls) {
        field(column, TsDataType.DOUBLE, v, nulls);
        return this;
    }

    /** TEXT, STRING or BLOB values; a null array element is a null row too. */
    public TsTablet binaries(String column, byte[][] v, boolean[] nulls) {
        field(column, TsDataType.TEXT, v, nulls);
        return this;
    }

    public int rowCount() {
        return rowCount;
    }
}

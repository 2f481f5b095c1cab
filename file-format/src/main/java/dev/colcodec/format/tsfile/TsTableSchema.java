package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.io.Utf8;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A TsFile v4 table schema: columns with their data type, encoding, compression, properties and category. Stored
 * as {@code uvarint columnCount} then per column {@code int32-length name, type, encoding, compressor,
 * int32 propertyCount, properties, int32 category}.
 */
public final class TsTableSchema {
    /**
     * Column category, stored as its ordinal: TAG columns live in the device id, FIELD columns in chunks;
     * ATTRIBUTE and TIME columns (tsfile 2.4.0 may name the time column in a schema) only in the schema, the
     * time stamps being every device's time series.
     */
    public enum Category {
        TAG,
        FIELD,
        ATTRIBUTE,
        TIME
    }

    /** One column, with the string properties the schema stores for it (none unless given). */
    public static final class Column {
        private final String name;
        private final TsDataType type;
        private final TsEncoding encoding;
        private final Compression compression;
        private final Category category;
        private final Map<String, String> properties;

        public Column(String name, TsDataType type, TsEncoding encoding, Compression compression, Category category) {
            this(name, type, encoding, compression, category, Map.of());
        }

        /**
         * A column with properties, kept in their order (a key or value may be null: the format stores
         * strings of length -1).
         */
        public Column(
                String name,
                TsDataType type,
                TsEncoding encoding,
                Compression compression,
                Category category,
                Map<String, String> properties) {
            // a null name, type, encoding, compression or category is refused by the schema
            this.name = name;
            this.type = type;
            this.encoding = encoding;
            this.compression = compression;
            this.category = category;
            this.properties = Collections.unmodifiableMap(
                    new LinkedHashMap<>(Objects.requireNonNull(properties, () -> "the properties of column " + name)));
        }

        /** The column's properties, in the order they are stored (empty when it has none). */
        public Map<String, String> properties() {
            return properties;
        }

        public String name() {
            return name;
        }

        public TsDataType type() {
            return type;
        }

        public TsEncoding encoding() {
            return encoding;
        }

        public Compression compression() {
            return compression;
        }

        public Category category() {
            return category;
        }
    }

    private final String tableName;
    private final List<Column> columns;

    /**
     * @throws IllegalArgumentException for a null table name, column or column attribute, or two columns
     *     of one name (a file stores each column's series under its name)
     */
    public TsTableSchema(String tableName, List<Column> columns) {
        if (tableName == null || columns == null) {
            throw new IllegalArgumentException("a table name and a column list");
        }
        Utf8.checkEncodable(tableName, "a table name");
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Column c : columns) {
            if (c == null
                    || c.name == null
                    || c.type == null
                    || c.encoding == null
                    || c.compression == null
                    || c.category == null) {
                throw new IllegalArgumentException(
                        "a column with a name, type, encoding, compression and category in table " + tableName);
            }
            if (!names.add(c.name)) {
                throw new IllegalArgumentException("two columns named '" + c.name + "' in table " + tableName);
            }
            Utf8.checkEncodable(c.name, "a column name of table " + tableName);
            for (Map.Entry<String, String> p : c.properties.entrySet()) {
                Utf8.checkEncodable(p.getKey(), "a property key of column " + c.name);
                Utf8.checkEncodable(p.getValue(), "a property value of column " + c.name);
            }
        }
        this.tableName = tableName;
        this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
    }

    public String tableName() {
        return tableName;
    }

    public List<Column> columns() {
        return columns;
    }

    /** The column named {@code name} (case-sensitive), or null. */
    public Column column(String name) {
        for (Column c : columns) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Names of the TAG columns, in schema order (the order of the device id's tag segments). */
    public List<String> tagNames() {
        List<String> out = new ArrayList<>();
        for (Column c : columns) {
            if (c.category == Category.TAG) {
                out.add(c.name);
            }
        }
        return out;
    }

    static TsTableSchema read(String tableName, ByteCursor in) {
        int start = in.position();
        // each column takes at least 4+1+1+1+4+4 bytes
        int n = in.readCount(in.remaining() / 15, "table schema column count");
        List<Column> cols = new ArrayList<>(n);
        java.util.Set<String> names = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            int nameAt = in.position();
            String name = TsStrings.readIntString(in, "column name");
            if (name == null) {
                throw new CorruptInputException(start, "a non-null column name");
            }
            if (!names.add(name)) {
                throw new CorruptInputException(
                        nameAt, "a column name not used before in table " + tableName + " (got '" + name + "')");
            }
            int at = in.position();
            TsDataType type = TsEnums.dataType(in.readUnsignedByte("column data type"), at);
            TsEncoding enc = TsEnums.encoding(in.readUnsignedByte("column encoding"), at + 1);
            Compression comp = TsEnums.compression(in.readUnsignedByte("column compression"), at + 2);
            int propsAt = in.position();
            int props = in.readIntBE("column property count");
            if (props < -1 || props > in.remaining() / 8) {
                throw new CorruptInputException(propsAt, "a column property count (got " + props + ")");
            }
            // a count of -1 (no map) reads as no properties, and is written back as 0
            Map<String, String> properties = new LinkedHashMap<>();
            for (int p = 0; p < props; p++) {
                String key = TsStrings.readIntString(in, "column property key");
                properties.put(key, TsStrings.readIntString(in, "column property value"));
            }
            int catAt = in.position();
            int cat = in.readIntBE("column category");
            if (cat < 0 || cat >= Category.values().length) {
                throw new CorruptInputException(catAt, "a column category 0..3 (got " + cat + ")");
            }
            cols.add(new Column(name, type, enc, comp, Category.values()[cat], properties));
        }
        return new TsTableSchema(tableName, cols);
    }

    void writeTo(ByteSink out) {
        out.writeUnsignedVarInt(columns.size());
        for (Column c : columns) {
            TsStrings.writeIntString(out, c.name);
            out.write(c.type.serialized());
            out.write(c.encoding.serialized());
            out.write(c.compression.tsfileId());
            out.writeIntBE(c.properties.size());
            for (Map.Entry<String, String> e : c.properties.entrySet()) {
                TsStrings.writeIntString(out, e.getKey());
                TsStrings.writeIntString(out, e.getValue());
            }
            out.writeIntBE(c.category.ordinal());
        }
    }
}

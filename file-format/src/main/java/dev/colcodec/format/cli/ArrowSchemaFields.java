package dev.colcodec.format.cli;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The names of the top-level fields of dictionary type in an Arrow schema as Arrow's Parquet writers
 * store it (the footer's {@code ARROW:schema}: base64 of an IPC message, a continuation marker and length
 * then the flatbuffer {@code Message}, or the length alone in the older form). Arrow's reader fills such a
 * column from dictionary and PLAIN pages only ("Not yet implemented: DecodeArrow of DictAccumulator for
 * DeltaByteArrayDecoder", pyarrow 26.0.1), so a rewrite must not give it DELTA pages.
 *
 * <p>Only the fields the question needs are read (Message.header, Schema.fields, Field.name,
 * Field.dictionary), each offset checked against the buffer; a value that is not such a message gives an
 * empty set, as a schema that declares no dictionary does.
 */
final class ArrowSchemaFields {
    private ArrowSchemaFields() {}

    /** Arrow's {@code MessageHeader} union tag of a schema. */
    private static final int HEADER_SCHEMA = 1;

    /** Field ids (their order in Arrow's {@code Schema.fbs} and {@code Message.fbs}). */
    private static final int MESSAGE_HEADER_TYPE = 1;

    private static final int MESSAGE_HEADER = 2;
    private static final int SCHEMA_FIELDS = 1;
    private static final int FIELD_NAME = 0;
    private static final int FIELD_DICTIONARY = 4;

    /** The top-level fields of dictionary type of the base64 schema {@code value}, or none if unreadable. */
    static Set<String> dictionaryFields(String value) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(value.trim());
        } catch (IllegalArgumentException e) {
            return Set.of();
        }
        try {
            return read(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        } catch (Malformed | IndexOutOfBoundsException e) {
            return Set.of();
        }
    }

    private static Set<String> read(ByteBuffer b) {
        int start = 4;
        int length = b.getInt(0);
        if (length == -1) { // the continuation marker of the current IPC form
            length = b.getInt(4);
            start = 8;
        }
        if (length < 8 || length > b.capacity() - start) {
            throw new Malformed();
        }
        ByteBuffer fb = b.slice(start, length).order(ByteOrder.LITTLE_ENDIAN);
        int message = target(fb, 0);
        if (scalarByte(fb, message, MESSAGE_HEADER_TYPE) != HEADER_SCHEMA) {
            throw new Malformed();
        }
        int schema = reference(fb, message, MESSAGE_HEADER);
        int fields = reference(fb, schema, SCHEMA_FIELDS);
        int count = fb.getInt(fields);
        if (count < 0 || count > (fb.capacity() - fields - 4) / 4) {
            throw new Malformed();
        }
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            int field = target(fb, fields + 4 + 4 * i);
            if (has(fb, field, FIELD_DICTIONARY)) {
                int name = reference(fb, field, FIELD_NAME);
                int n = fb.getInt(name);
                if (n < 0 || n > fb.capacity() - name - 4) {
                    throw new Malformed();
                }
                byte[] s = new byte[n];
                fb.get(name + 4, s);
                out.add(new String(s, StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    /** The position an unsigned 32-bit offset at {@code at} points to (relative to {@code at}). */
    private static int target(ByteBuffer fb, int at) {
        long t = at + Integer.toUnsignedLong(fb.getInt(at));
        if (t >= fb.capacity()) {
            throw new Malformed();
        }
        return (int) t;
    }

    /** The offset of field {@code id} in {@code table}, or 0 when absent. */
    private static int fieldOffset(ByteBuffer fb, int table, int id) {
        long vtable = (long) table - fb.getInt(table);
        if (vtable < 0 || vtable > fb.capacity() - 4) {
            throw new Malformed();
        }
        int vtableSize = Short.toUnsignedInt(fb.getShort((int) vtable));
        int slot = 4 + 2 * id;
        if (slot + 2 > vtableSize) {
            return 0;
        }
        return Short.toUnsignedInt(fb.getShort((int) vtable + slot));
    }

    private static boolean has(ByteBuffer fb, int table, int id) {
        return fieldOffset(fb, table, id) != 0;
    }

    private static int scalarByte(ByteBuffer fb, int table, int id) {
        int off = fieldOffset(fb, table, id);
        return off == 0 ? 0 : Byte.toUnsignedInt(fb.get(table + off));
    }

    /** The table, string or vector field {@code id} of {@code table} refers to. */
    private static int reference(ByteBuffer fb, int table, int id) {
        int off = fieldOffset(fb, table, id);
        if (off == 0) {
            throw new Malformed();
        }
        return target(fb, table + off);
    }

    /** A schema this reader does not understand. */
    private static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed() {
            super(null, null, false, false);
        }
    }
}

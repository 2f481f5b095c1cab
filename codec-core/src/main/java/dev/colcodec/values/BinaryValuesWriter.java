package dev.colcodec.values;

/** An encoder of byte strings. */
public interface BinaryValuesWriter extends ValuesWriter {
    /** Appends {@code value[off, off + len)} as one value. */
    void writeBinary(byte[] value, int off, int len);

    default void writeBinary(byte[] value) {
        writeBinary(value, 0, value.length);
    }

    /** Appends values {@code [from, from + len)} of {@code src}. */
    default void writeBinaries(BinaryBatch src, int from, int len) {
        java.util.Objects.checkFromIndexSize(from, len, src.count());
        byte[] data = src.data();
        int[] o = src.offsets();
        for (int i = from; i < from + len; i++) {
            writeBinary(data, o[i], o[i + 1] - o[i]);
        }
    }
}

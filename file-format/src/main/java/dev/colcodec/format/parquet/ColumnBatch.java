package dev.colcodec.format.parquet;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.parquet.dictionary.DictionaryIdsReader;
import dev.colcodec.values.BinaryBatch;

/**
 * Caller-owned storage for one batch of a column, filled by {@link ColumnChunkReader#readBatch}. Values
 * are <em>dense</em>: only non-null values are stored, in order, in the array of the column's physical
 * type ({@link #ints()} for INT32, {@link #longs()} for INT64, {@link #floats()}, {@link #doubles()},
 * {@link #booleans()}, and {@link #binaries()} for BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96). For
 * nullable or repeated columns, {@link #definitionLevels()} and {@link #repetitionLevels()} hold one
 * level per entry ({@link #levelCount()} entries); an entry holds a value exactly when its definition
 * level equals the column's maximum. For a REQUIRED flat column the levels are not filled and {@code
 * levelCount() == valueCount()}. Reusing a batch allocates nothing.
 *
 * <p>A reader asked to {@linkplain ColumnChunkReader#keepDictionaryIds keep dictionary ids} fills a batch
 * of dictionary-encoded values with their ids instead: {@link #dictionary()} is then not null, and value
 * {@code k} is entry {@code dictionaryIds()[k]} of it.
 *
 * <p>A reader asked to {@linkplain ColumnChunkReader#keepBinaryViews keep binary views} fills a batch of
 * PLAIN BYTE_ARRAY values with where they lie in the page instead of copies: {@link #viewArray()} is then
 * not null, and value {@code k} is the {@code viewLengths()[k]} bytes of it from {@code viewStarts()[k]}.
 */
public final class ColumnBatch {
    private final ParquetColumn column;
    private final int capacity;
    private final int[] ints;
    private final long[] longs;
    private final float[] floats;
    private final double[] doubles;
    private final boolean[] booleans;
    private final BinaryBatch binaries;
    private final int[] defLevels;
    private final int[] repLevels;
    int levelCount;
    int valueCount;
    /** Set while the values are dictionary ids (see {@link #dictionary()}). */
    ColumnBatch dictionary;

    private int[] dictionaryIds;
    /** Set while the values are views into a page (see {@link #viewArray()}). */
    byte[] viewArray;

    private int[] viewStarts;
    private int[] viewLengths;

    /** A batch of up to {@code capacity} entries for {@code column}. */
    public ColumnBatch(ParquetColumn column, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1");
        }
        this.column = column;
        this.capacity = capacity;
        PhysicalType t = column.type();
        ints = t == PhysicalType.INT32 ? new int[capacity] : null;
        longs = t == PhysicalType.INT64 ? new long[capacity] : null;
        floats = t == PhysicalType.FLOAT ? new float[capacity] : null;
        doubles = t == PhysicalType.DOUBLE ? new double[capacity] : null;
        booleans = t == PhysicalType.BOOLEAN ? new boolean[capacity] : null;
        binaries = t == PhysicalType.BYTE_ARRAY || t == PhysicalType.FIXED_LEN_BYTE_ARRAY || t == PhysicalType.INT96
                ? new BinaryBatch(capacity, capacity * 8)
                : null;
        defLevels = column.maxDefinitionLevel() > 0 ? new int[capacity] : null;
        repLevels = column.maxRepetitionLevel() > 0 ? new int[capacity] : null;
    }

    public ParquetColumn column() {
        return column;
    }

    /** The most entries one batch holds. */
    public int capacity() {
        return capacity;
    }

    /** Entries (levels) in this batch: rows for a flat column. */
    public int levelCount() {
        return levelCount;
    }

    /** Non-null values in this batch. */
    public int valueCount() {
        return valueCount;
    }

    public int[] ints() {
        return ints;
    }

    public long[] longs() {
        return longs;
    }

    public float[] floats() {
        return floats;
    }

    public double[] doubles() {
        return doubles;
    }

    public boolean[] booleans() {
        return booleans;
    }

    public BinaryBatch binaries() {
        return binaries;
    }

    /**
     * The dictionary the values of this batch are ids into, or {@code null} when the batch holds the
     * values themselves. It is the column chunk's dictionary page as a batch of its entries, every one
     * present ({@code valueCount()} entries, entry {@code id} at index {@code id} of the array of the
     * column's type); it is the same object for every batch of a chunk and must not be changed.
     */
    public ColumnBatch dictionary() {
        return dictionary;
    }

    /**
     * The dictionary id of each of the {@link #valueCount()} values when {@link #dictionary()} is not
     * null (each one checked against the dictionary's size), else {@code null}.
     */
    public int[] dictionaryIds() {
        return dictionary == null ? null : dictionaryIds;
    }

    /** The array ids are read into, made on first use. */
    int[] idsForReading() {
        if (dictionaryIds == null) {
            dictionaryIds = new int[capacity];
        }
        return dictionaryIds;
    }

    /**
     * The array the values of this batch lie in (the page's bytes, which the reader keeps for the next
     * page: valid until the next read or skip of the reader), or {@code null} when the batch holds copies
     * ({@link #binaries()}) or dictionary ids.
     */
    public byte[] viewArray() {
        return viewArray;
    }

    /** Where each of the {@link #valueCount()} values starts in {@link #viewArray()}, or {@code null}. */
    public int[] viewStarts() {
        return viewArray == null ? null : viewStarts;
    }

    /** How many bytes each of the {@link #valueCount()} values has, or {@code null} (see {@link #viewArray()}). */
    public int[] viewLengths() {
        return viewArray == null ? null : viewLengths;
    }

    /** The arrays views are read into, made on first use: starts, then lengths. */
    int[] viewStartsForReading() {
        if (viewStarts == null) {
            viewStarts = new int[capacity];
            viewLengths = new int[capacity];
        }
        return viewStarts;
    }

    int[] viewLengthsForReading() {
        viewStartsForReading();
        return viewLengths;
    }

    /**
     * The dictionary of a chunk as a batch: every entry of {@code reader}'s dictionary, present, in id
     * order (a REQUIRED column's batch of one element for an empty dictionary).
     */
    static ColumnBatch ofDictionary(ParquetColumn column, DictionaryIdsReader reader) {
        int size = reader.dictionarySize();
        ColumnBatch b = new ColumnBatch(column, Math.max(1, size));
        Object dst = b.binaries != null
                ? b.binaries
                : b.ints != null ? b.ints : b.longs != null ? b.longs : b.floats != null ? b.floats : b.doubles;
        reader.appendDictionaryTo(dst);
        if (b.defLevels != null) {
            java.util.Arrays.fill(b.defLevels, 0, size, column.maxDefinitionLevel());
        }
        b.levelCount = size;
        b.valueCount = size;
        return b;
    }

    /** Definition levels, or {@code null} for a column whose maximum definition level is 0. */
    public int[] definitionLevels() {
        return defLevels;
    }

    /** Repetition levels, or {@code null} for a non-repeated column. */
    public int[] repetitionLevels() {
        return repLevels;
    }

    /** Whether entry {@code i} holds a value. */
    public boolean isPresent(int i) {
        if (i < 0 || i >= levelCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return defLevels == null || defLevels[i] == column.maxDefinitionLevel();
    }

    /** Empties the batch. */
    public void clear() {
        levelCount = 0;
        valueCount = 0;
        dictionary = null;
        viewArray = null;
        if (binaries != null) {
            binaries.clear();
        }
    }
}

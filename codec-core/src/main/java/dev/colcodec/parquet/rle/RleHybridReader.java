package dev.colcodec.parquet.rle;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decodes Parquet's RLE/bit-packing hybrid into ints: definition and repetition levels, and the
 * dictionary ids of a dictionary-encoded page (see {@code DictionaryIdReader}).
 *
 * <p>Layout: {@code [u32le byteLength]? run*}, each run a ULEB128 header; an even header {@code h} is
 * an RLE run of {@code h >>> 1} copies of one value stored in {@code ceil(bitWidth / 8)} little-endian
 * bytes, an odd one a bit-packed run of {@code h >>> 1} groups of 8 values packed LSB-first in {@code
 * bitWidth} bytes per group. The {@link RleFraming} given at construction says whether the length
 * prefix is present. Multi-byte headers and RLE runs of up to 2^31-1 values are accepted; the final
 * group of a bit-packed run may be cut short by the end of the section, its padding values not stored.
 * Reading a value whose bits are missing is corrupt input (parquet-java reads the missing bits as zeros);
 * skipping it is not.
 *
 * <p>Width 0 reads nothing, not even the length prefix, and yields zeros (parquet-java's {@code
 * ZeroIntegerValuesReader}): Parquet omits level sections whose maximum level is 0.
 *
 * <p>Intended differences from parquet-java's decoder, for input it never writes: empty runs (count 0)
 * are skipped (parquet-java's run counter goes negative and it repeats the run's value forever); a
 * bit-packed run may be cut short only within its last group, a run missing more is corrupt input
 * (parquet-java allocates the whole claimed run and reads zeros); headers over 32 bits and bit-packed
 * runs of more than 2^28-1 groups are corrupt input.
 *
 * <p>Batch reads take whole runs in one step where they can: the header and an RLE value (or the start
 * of a bit-packed run) come from one little-endian long load; RLE runs are filled with {@link
 * Arrays#fill}; bit-packed runs of up to {@value #SHORT_STRETCH} values are unpacked here with long
 * loads, longer ones with one {@link Kernels#unpackLsb} call. Multi-byte headers, runs a batch starts or
 * ends inside, cut-short groups and runs within 8 bytes of the end of the array go through the general
 * path. {@link #readIds} checks dictionary ids while decoding and {@link #readEntries} writes dictionary
 * entries instead of ids, whole runs at a time through {@link Kernels#decodeDictionaryRuns}. {@link #skip} moves through runs without decoding them. RLE values wider than
 * the bit width are returned as stored, like parquet-java.
 */
public final class RleHybridReader implements IntValuesReader {
    private final Kernels kernels;
    private final int defaultBitWidth;
    private final RleFraming framing;
    private final RunCursor runs = new RunCursor();

    /** One decoded group of the current bit-packed run, for per-value reads and unaligned batch starts. */
    private final int[] group = new int[8];

    private final byte[] paddedGroup = new byte[32];
    private int cachedRun = -1;
    private int cachedGroup = -1;
    private int[] idScratch;

    /** The size of {@link #idScratch}: a bit-packed run with a one-byte header holds at most 504 values. */
    private static final int ID_SCRATCH = 512;

    /**
     * Bit-packed stretches up to this many values are decoded by {@link #emitPacked} itself: below it the
     * call into the kernels costs more than the unpacking.
     */
    static final int SHORT_STRETCH = 32;

    /**
     * @param bitWidth the width of every value, 0..32
     * @param framing whether sections start with their 4-byte length
     * @param kernels the kernels to unpack with
     */
    public RleHybridReader(int bitWidth, RleFraming framing, Kernels kernels) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width must be in [0, 32]: " + bitWidth);
        }
        this.defaultBitWidth = bitWidth;
        this.framing = Objects.requireNonNull(framing, "framing");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleHybridReader(int bitWidth, RleFraming framing) {
        this(bitWidth, framing, KernelProvider.best());
    }

    /** The width used by the current section. */
    public int bitWidth() {
        return runs.bitWidth;
    }

    public RleFraming framing() {
        return framing;
    }

    /** Starts a section at the bit width given at construction. */
    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        initWithBitWidth(defaultBitWidth, valueCount, buf, offset, length);
    }

    /**
     * Starts a section at another bit width (0..32), for formats that store the width in the page, like
     * dictionary-encoded pages. Later {@link #init(int, byte[], int, int)} calls go back to the width
     * given at construction.
     */
    public void initWithBitWidth(int bitWidth, int valueCount, byte[] buf, int offset, int length) {
        runs.begin(valueCount, bitWidth, framing, buf, offset, length);
        cachedRun = -1;
    }

    @Override
    public int readInteger() {
        RunCursor r = runs;
        r.consume(1);
        if (r.zeroWidth) {
            return 0;
        }
        while (r.remaining == 0) {
            r.nextRun();
        }
        r.remaining--;
        if (r.rle) {
            return r.rleValue;
        }
        int i = r.packedIndex;
        r.checkPresent(i + 1);
        r.packedIndex = i + 1;
        loadGroup(i >>> 3);
        return group[i & 7];
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        RunCursor r = runs;
        r.consume(len);
        if (r.zeroWidth) {
            Arrays.fill(dst, off, off + len, 0);
            return;
        }
        decode(dst, off, len, -1);
    }

    /**
     * Reads {@code len} values that must be below {@code idLimit} (at least 1), as dictionary ids must:
     * one that is not is corrupt input, reported at an offset inside the section. When every {@link #bitWidth()}-bit
     * value is below the limit, only RLE values (stored in whole bytes, so possibly wider) are checked,
     * once per run.
     */
    public void readIds(int[] dst, int off, int len, int idLimit) {
        if (idLimit < 1) {
            throw new IllegalArgumentException("an id limit must be at least 1: " + idLimit);
        }
        Objects.checkFromIndexSize(off, len, dst.length);
        RunCursor r = runs;
        r.consume(len);
        if (r.zeroWidth) {
            Arrays.fill(dst, off, off + len, 0);
            return;
        }
        int w = r.bitWidth;
        if (w < 31 && (1 << w) <= idLimit) {
            decode(dst, off, len, idLimit - 1);
            return;
        }
        int runStart = r.pos;
        decode(dst, off, len, -1);
        for (int i = off, end = off + len; i < end; i++) {
            if (Integer.compareUnsigned(dst[i], idLimit) >= 0) {
                throw badId(runStart, dst[i], idLimit - 1);
            }
        }
    }

    /**
     * Reads {@code len} dictionary entries: ids as {@link #readIds} with the dictionary's length as the
     * limit, each replaced by its entry. Whole runs go through {@link Kernels#decodeDictionaryRuns(byte[],
     * int, int, int, int, int[], int[], int, int)} (RLE runs fill their entry, bit-packed runs are unpacked
     * and looked up in one pass, without writing the ids anywhere); the runs it leaves (multi-byte headers,
     * runs the batch ends inside, the last {@value Kernels#DICTIONARY_RUN_SLACK} bytes of the array, ids
     * outside the dictionary) are read here in pieces through an id scratch.
     */
    public void readEntries(int[] dictionary, int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int size = dictionary.length;
        RunCursor r = runs;
        r.consume(len);
        if (len == 0) {
            return;
        }
        if (size == 0) {
            throw badId(r.sectionStart, 0, -1); // no id fits an empty dictionary
        }
        if (r.zeroWidth) {
            Arrays.fill(dst, off, off + len, dictionary[0]);
            return;
        }
        int maxId = size - 1;
        int w = r.bitWidth;
        boolean packedFit = w < 31 && (1 << w) <= size;
        int valueBytes = r.valueBytes;
        int[] ids = idScratch();
        while (len > 0) {
            if (r.remaining == 0) {
                long done = kernels.decodeDictionaryRuns(
                        r.buf, r.pos, r.sectionEnd, r.buf.length, w, dictionary, dst, off, len);
                int n = (int) (done >>> 32);
                r.pos = (int) done;
                off += n;
                len -= n;
                if (len > 0) {
                    r.nextRun(); // a run the kernels leave
                }
                continue;
            }
            // a run the kernels do not take whole: in pieces through the id scratch
            int n = Math.min(len, r.remaining);
            if (r.rle) {
                int id = r.rleValue;
                if (Integer.compareUnsigned(id, maxId) > 0) {
                    throw badId(r.pos - valueBytes, id, maxId);
                }
                Arrays.fill(dst, off, off + n, dictionary[id]);
                r.remaining -= n;
            } else {
                n = Math.min(n, ids.length);
                int runStart = r.packedStart;
                emitPacked(ids, 0, n);
                for (int k = 0; k < n; k++) {
                    int id = ids[k];
                    if (!packedFit && Integer.compareUnsigned(id, maxId) > 0) {
                        throw badId(runStart, id, maxId);
                    }
                    dst[off + k] = dictionary[id];
                }
            }
            off += n;
            len -= n;
        }
    }

    /**
     * The {@code long} form of {@link #readEntries(int[], int[], int, int)}, through {@link
     * Kernels#decodeDictionaryRuns(byte[], int, int, int, int, long[], long[], int, int)}.
     */
    public void readEntries(long[] dictionary, long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int size = dictionary.length;
        RunCursor r = runs;
        r.consume(len);
        if (len == 0) {
            return;
        }
        if (size == 0) {
            throw badId(r.sectionStart, 0, -1); // no id fits an empty dictionary
        }
        if (r.zeroWidth) {
            Arrays.fill(dst, off, off + len, dictionary[0]);
            return;
        }
        int maxId = size - 1;
        int w = r.bitWidth;
        boolean packedFit = w < 31 && (1 << w) <= size;
        int valueBytes = r.valueBytes;
        int[] ids = idScratch();
        while (len > 0) {
            if (r.remaining == 0) {
                long done = kernels.decodeDictionaryRuns(
                        r.buf, r.pos, r.sectionEnd, r.buf.length, w, dictionary, dst, off, len);
                int n = (int) (done >>> 32);
                r.pos = (int) done;
                off += n;
                len -= n;
                if (len > 0) {
                    r.nextRun(); // a run the kernels leave
                }
                continue;
            }
            // a run the kernels do not take whole: in pieces through the id scratch
            int n = Math.min(len, r.remaining);
            if (r.rle) {
                int id = r.rleValue;
                if (Integer.compareUnsigned(id, maxId) > 0) {
                    throw badId(r.pos - valueBytes, id, maxId);
                }
                Arrays.fill(dst, off, off + n, dictionary[id]);
                r.remaining -= n;
            } else {
                n = Math.min(n, ids.length);
                int runStart = r.packedStart;
                emitPacked(ids, 0, n);
                for (int k = 0; k < n; k++) {
                    int id = ids[k];
                    if (!packedFit && Integer.compareUnsigned(id, maxId) > 0) {
                        throw badId(runStart, id, maxId);
                    }
                    dst[off + k] = dictionary[id];
                }
            }
            off += n;
            len -= n;
        }
    }

    /** Ids of bit-packed runs that {@link #readEntries} looks up in pieces. */
    private int[] idScratch() {
        int[] ids = idScratch;
        if (ids == null) {
            ids = idScratch = new int[ID_SCRATCH];
        }
        return ids;
    }

    private static CorruptInputException badId(int offset, int id, int maxId) {
        return new CorruptInputException(
                offset,
                "a dictionary id in [0, " + Integer.toUnsignedString(maxId + 1) + ") but got "
                        + Integer.toUnsignedString(id));
    }

    /**
     * Decodes {@code len} values (already consumed, width at least 1). RLE values above {@code maxId}
     * (unsigned; -1 accepts all) are corrupt input; bit-packed ones are not checked.
     */
    private void decode(int[] dst, int off, int len, int maxId) {
        RunCursor r = runs;
        byte[] buf = r.buf;
        int w = r.bitWidth;
        int valueBytes = r.valueBytes;
        int valueMask = (int) (0xFFFFFFFFL >>> (32 - 8 * valueBytes));
        int end = r.sectionEnd;
        // a header and an RLE value or a short bit-packed run are read with one long load from here;
        // runs that need more bytes, multi-byte headers and runs the batch ends inside take the slow path
        int fastEnd = Math.min(end, buf.length - Long.BYTES);
        while (len > 0) {
            if (r.remaining > 0) {
                // the rest of a run a previous batch (or the slow path) started
                int n = Math.min(len, r.remaining);
                if (r.rle) {
                    if (Integer.compareUnsigned(r.rleValue, maxId) > 0) {
                        throw badId(r.pos - valueBytes, r.rleValue, maxId);
                    }
                    Arrays.fill(dst, off, off + n, r.rleValue);
                    r.remaining -= n;
                } else {
                    emitPacked(dst, off, n);
                }
                off += n;
                len -= n;
                continue;
            }
            int p = r.pos;
            if (p >= fastEnd) {
                r.nextRun();
                continue;
            }
            long word = ByteIO.getLongLE(buf, p);
            int header = (int) word & 0xFF;
            if (header >= 0x80) {
                r.nextRun();
                continue;
            }
            int count;
            if ((header & 1) == 0) {
                count = header >>> 1;
                int next = p + 1 + valueBytes;
                if (count > len || next > end) {
                    r.nextRun();
                    continue;
                }
                int value = (int) (word >>> 8) & valueMask;
                if (Integer.compareUnsigned(value, maxId) > 0) {
                    throw badId(p + 1, value, maxId);
                }
                Arrays.fill(dst, off, off + count, value);
                r.pos = next;
            } else {
                int groups = header >>> 1;
                count = groups << 3;
                int next = p + 1 + groups * w;
                if (count > len || next > end) {
                    r.nextRun();
                    continue;
                }
                unpackGroups(buf, p + 1, w, groups, dst, off);
                r.pos = next;
            }
            off += count;
            len -= count;
        }
    }

    /**
     * Unpacks {@code groups} whole groups of 8 values at width {@code w} (1..32) from {@code buf[from,
     * from + groups * w)}. Up to {@link #SHORT_STRETCH} values are decoded here with long loads, when
     * the buffer has 8 bytes after the last one read; longer runs go to the kernels.
     */
    private void unpackGroups(byte[] buf, int from, int w, int groups, int[] dst, int off) {
        int count = groups << 3;
        if (count > SHORT_STRETCH || from + groups * w + Long.BYTES > buf.length) {
            kernels.unpackLsb(buf, from, w, dst, off, count);
            return;
        }
        int mask = (int) (0xFFFFFFFFL >>> (32 - w));
        if (w <= 8) {
            // a whole group in one long
            for (int g = 0; g < groups; g++) {
                long word = ByteIO.getLongLE(buf, from + g * w);
                int o = off + (g << 3);
                for (int k = 0; k < 8; k++) {
                    dst[o + k] = (int) (word >>> (k * w)) & mask;
                }
            }
            return;
        }
        for (int g = 0; g < groups; g++) {
            int base = from + g * w;
            int o = off + (g << 3);
            for (int k = 0; k < 8; k++) {
                int bit = k * w;
                dst[o + k] = (int) (ByteIO.getLongLE(buf, base + (bit >>> 3)) >>> (bit & 7)) & mask;
            }
        }
    }

    /** Starts runs until one has values left; returns how many of at most {@code max} it can give. */
    private int stretchLength(int max) {
        RunCursor r = runs;
        while (r.remaining == 0) {
            r.nextRun();
        }
        return Math.min(max, r.remaining);
    }

    /**
     * Writes the next {@code n} values of the current bit-packed run (which holds them; a value whose bits
     * are not all present is corrupt input). Short stretches that end at least 8 bytes before the end of the buffer are decoded
     * here, one little-endian long load per value, without a kernel call; the rest go to {@link
     * #unpackRun}.
     */
    private void emitPacked(int[] dst, int off, int n) {
        RunCursor r = runs;
        int i = r.packedIndex;
        int w = r.bitWidth;
        r.checkPresent(i + n);
        if (n <= SHORT_STRETCH) {
            long bit = (long) i * w;
            long lastLoad = r.packedStart + ((bit + (long) (n - 1) * w) >>> 3);
            if (lastLoad + Long.BYTES <= r.buf.length) {
                byte[] buf = r.buf;
                int base = r.packedStart;
                int mask = (int) (0xFFFFFFFFL >>> (32 - w));
                for (int k = 0; k < n; k++) {
                    long word = ByteIO.getLongLE(buf, base + (int) (bit >>> 3));
                    dst[off + k] = (int) (word >>> (bit & 7)) & mask;
                    bit += w;
                }
                r.packedIndex = i + n;
                r.remaining -= n;
                return;
            }
        }
        unpackRun(dst, off, n);
        r.remaining -= n;
    }

    /** Unpacks the next {@code n} values of the current bit-packed run. */
    private void unpackRun(int[] dst, int off, int n) {
        RunCursor r = runs;
        int w = r.bitWidth;
        int i = r.packedIndex;
        int end = i + n;
        if ((i & 7) != 0) {
            // start inside a group: take the rest of it from the group cache
            loadGroup(i >>> 3);
            int k = Math.min(n, 8 - (i & 7));
            System.arraycopy(group, i & 7, dst, off, k);
            i += k;
            off += k;
        }
        int full = Math.min(end, r.packedFull);
        if (full > i) {
            // i is a multiple of 8 here, so the values start on a byte
            kernels.unpackLsb(r.buf, r.packedStart + (i >>> 3) * w, w, dst, off, full - i);
            off += full - i;
            i = full;
        }
        while (i < end) {
            // the cut-short last group: zero-padded copy
            loadGroup(i >>> 3);
            int k = Math.min(end - i, 8 - (i & 7));
            System.arraycopy(group, i & 7, dst, off, k);
            i += k;
            off += k;
        }
        r.packedIndex = end;
    }

    /** Decodes group {@code g} of the current bit-packed run into {@link #group} unless it is there. */
    private void loadGroup(int g) {
        RunCursor r = runs;
        if (cachedRun == r.runSeq && cachedGroup == g) {
            return;
        }
        int w = r.bitWidth;
        long start = (long) g * w;
        long present = Math.max(0, Math.min(w, r.packedAvailBytes - start));
        if (present == w) {
            kernels.unpackLsb(r.buf, r.packedStart + (int) start, w, group, 0, 8);
        } else {
            Arrays.fill(paddedGroup, 0, w, (byte) 0);
            if (present > 0) {
                System.arraycopy(r.buf, r.packedStart + (int) start, paddedGroup, 0, (int) present);
            }
            kernels.unpackLsb(paddedGroup, 0, w, group, 0, 8);
        }
        cachedRun = r.runSeq;
        cachedGroup = g;
    }

    @Override
    public void skip(int n) {
        runs.skip(n);
    }

    @Override
    public int endOffset() {
        return runs.endOffset();
    }
}

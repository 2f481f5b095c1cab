package dev.colcodec.format.cli;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.tsfile.TsEncoding;
import java.util.Arrays;
import java.util.Locale;

/** Codec and encoding names given on the command line. */
final class Names {
    private Names() {}

    /** A compression codec: a {@link Compression} name (any case), {@code NONE} or {@code LZ4} (LZ4_RAW). */
    static Compression codec(String name, FileFormat format) {
        String n = name.toUpperCase(Locale.ROOT);
        Compression c;
        if (n.equals("NONE")) {
            c = Compression.UNCOMPRESSED;
        } else if (n.equals("LZ4")) {
            c = Compression.LZ4_RAW;
        } else {
            try {
                c = Compression.valueOf(n);
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown codec '" + name + "'; " + format + " codecs: "
                        + Arrays.stream(Compression.values())
                                .filter(x -> writable(x, format))
                                .map(Compression::name)
                                .collect(java.util.stream.Collectors.joining(", ")));
            }
        }
        if (!writable(c, format)) {
            throw new UsageException(format + " files cannot be written with " + c);
        }
        return c;
    }

    private static boolean writable(Compression c, FileFormat format) {
        return format == FileFormat.PARQUET ? c.parquetWritable() : c.tsfileId() >= 0 && c.canCompress();
    }

    /** A Parquet encoding name; {@code DICTIONARY} means RLE_DICTIONARY. */
    static ParquetEncoding parquetEncoding(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        if (n.equals("DICTIONARY")) {
            return ParquetEncoding.RLE_DICTIONARY;
        }
        try {
            return ParquetEncoding.valueOf(n);
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    "unknown Parquet encoding '" + name + "'; encodings: " + Arrays.toString(ParquetEncoding.values()));
        }
    }

    static TsEncoding tsEncoding(String name) {
        try {
            return TsEncoding.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    "unknown TsFile encoding '" + name + "'; encodings: " + Arrays.toString(TsEncoding.values()));
        }
    }
}

package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;

/** Enum bytes read from a file, turning unknown ids into {@link CorruptInputException}. */
final class TsEnums {
    private TsEnums() {}

    static TsDataType dataType(int b, long at) {
        try {
            return TsDataType.fromSerialized(b);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(at, "a TsFile data type (got " + b + ")");
        }
    }

    static TsEncoding encoding(int b, long at) {
        try {
            return TsEncoding.fromSerialized(b);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(at, "a TsFile encoding (got " + b + ")");
        }
    }

    static Compression compression(int b, long at) {
        try {
            return Compression.fromTsFileId(b);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(at, "a TsFile compression type (got " + b + ")");
        }
    }
}

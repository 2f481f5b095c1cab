package dev.colcodec.format.tsfile;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;

/**
 * One series (measurement) of a tree-model device, as {@link TsFileReader#measurements(String)} lists
 * it: its name, data type, the encoding and compression of its first chunk (null when it has no chunk),
 * whether the device is aligned (one shared time column) and the series statistics over the file.
 */
public record TsMeasurement(
        String name,
        TsDataType type,
        TsEncoding encoding,
        Compression compression,
        boolean aligned,
        TsStatistics statistics) {}

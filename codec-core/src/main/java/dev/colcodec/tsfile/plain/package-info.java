/**
 * TsFile PLAIN: INT32/DATE as zigzag varints, INT64/TIMESTAMP and DOUBLE/FLOAT as big-endian fixed
 * width, BOOLEAN as one byte, TEXT/STRING/BLOB as zigzag varint length plus bytes. No header and no
 * count: a reader decodes the count it is given, or to the end of its slice.
 */
package dev.colcodec.tsfile.plain;

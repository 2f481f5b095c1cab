package dev.colcodec.format.advisor;

import dev.colcodec.format.compress.Compression;

/**
 * An (encoding, codec) pair that was tried and dropped, and why: the encoding declined the data (a
 * dictionary that fell back to PLAIN), the decoded values differed from the sample (a lossy encoding), or
 * encoding or decoding failed.
 *
 * @param encoding the encoding
 * @param codec the codec, or null when the encoding was dropped before compression
 * @param reason a sentence saying why
 */
public record Rejection(ColumnEncoding encoding, Compression codec, String reason) {}

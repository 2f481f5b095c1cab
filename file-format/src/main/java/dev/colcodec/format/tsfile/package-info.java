/**
 * Apache TsFile v4 (table model) files: {@link dev.colcodec.format.tsfile.TsStatistics statistics},
 * {@link dev.colcodec.format.tsfile.TsChunkHeader chunk} and {@link dev.colcodec.format.tsfile.TsPageHeader
 * page} headers, {@link dev.colcodec.format.tsfile.TsChunkReader chunk decoding} into columnar {@link
 * dev.colcodec.format.tsfile.TsBlock blocks} with time-range pruning, the {@link
 * dev.colcodec.format.tsfile.TsFileReader file reader} (metadata, index trees, queries) and the {@link
 * dev.colcodec.format.tsfile.TsFileWriter file writer} fed by columnar {@link dev.colcodec.format.tsfile.TsTablet
 * tablets}. Layouts follow what tsfile 2.4.0 writes and reads; malformed input raises only {@link
 * dev.colcodec.CorruptInputException}.
 *
 * <p>Value codecs come from {@link dev.colcodec.format.tsfile.TsValueCodecs} (PLAIN, TS_2DIFF, RLE for now),
 * a stand-in for the shared factory {@code dev.colcodec.tsfile.TsFileValues}.
 */
package dev.colcodec.format.tsfile;

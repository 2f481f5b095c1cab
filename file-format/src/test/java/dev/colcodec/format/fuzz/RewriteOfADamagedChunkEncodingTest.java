package dev.colcodec.format.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Found by {@code cliDamaged} (seed 31006036 from base seed 31000000): a TsFile whose time chunk header
 * says an encoding time stamps cannot have (one bit flipped: TS_2DIFF 4 became GORILLA_V1 6 or BITMAP 5).
 * {@code dump} reported it as corrupt input, but {@code rewrite} passed the header's encoding on to the
 * writer, whose IllegalArgumentException the tool reported ("colcodec: TsFile encoding BITMAP cannot hold
 * INT64 values"). {@code rewrite} now reports the damage as corrupt input too.
 */
class RewriteOfADamagedChunkEncodingTest {
    @TempDir
    Path tmp;

    @Test
    void rewriteReportsAnImpossibleChunkEncodingAsCorruptInput() throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(
                        new TsTableSchema.Column(
                                "tag",
                                TsDataType.STRING,
                                TsEncoding.PLAIN,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.TAG),
                        new TsTableSchema.Column(
                                "v",
                                TsDataType.INT32,
                                TsEncoding.RLE,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.FIELD)));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema)
                    .device("d")
                    .times(new long[] {1, 2, 3}, 3)
                    .ints("v", new int[] {7, 8, 9}, null));
        }
        byte[] good = bos.toByteArray();
        // the first single bit flip near the start after which dump reports an impossible encoding
        for (int at = 7; at < Math.min(good.length, 80); at++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] bad = good.clone();
                bad[at] ^= (byte) (1 << bit);
                Path in = tmp.resolve("bad-" + at + "-" + bit + ".tsfile");
                Files.write(in, bad);
                CliRun dump = CliRun.run("dump", in.toString());
                if (dump.status() != 1 || !dump.err().contains("an encoding and data type colcodec can decode")) {
                    continue;
                }
                CliRun rewrite = CliRun.run(
                        "rewrite", in.toString(), tmp.resolve("out.tsfile").toString());
                // got (flip@18 bit 0, the time chunk's encoding TS_2DIFF 4 read as BITMAP 5): "colcodec: TsFile
                // encoding BITMAP cannot hold INT64 values"
                assertThat(rewrite.status()).isEqualTo(1);
                assertThat(rewrite.err()).as("flip@" + at + " bit " + bit).startsWith("colcodec: corrupt input");
                return;
            }
        }
        throw new AssertionError("no flip gave an impossible encoding");
    }
}

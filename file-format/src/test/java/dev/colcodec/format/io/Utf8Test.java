package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Names and metadata that UTF-8 cannot hold (a lone UTF-16 surrogate, which {@code String.getBytes}
 * writes as {@code ?}, so that x with U+D800 and x with U+DBFF became one name) are refused where
 * they are given, in both formats; well-formed text, surrogate pairs included, is taken.
 */
class Utf8Test {
    @Test
    void loneSurrogatesAreRefusedAndPairsTaken() {
        assertThat(Utf8.checkEncodable(null, "n")).isNull();
        assertThat(Utf8.checkEncodable("a\uD83D\uDE00b", "n")).isEqualTo("a\uD83D\uDE00b");
        assertThatThrownBy(() -> Utf8.checkEncodable("x\uD800", "a name"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a name holds a lone UTF-16 surrogate (U+D800 at index 1), which UTF-8 cannot store");
        for (String bad : new String[] {"\uDBFF", "\uDC00y", "\uDE00\uD83D", "ab\uD83D"}) {
            assertThatThrownBy(() -> Utf8.checkEncodable(bad, "n")).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void parquetNamesAndMetadataAreChecked() {
        assertThatThrownBy(() -> ParquetColumn.flat("x\uD800", PhysicalType.INT64, 0, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column path");
        assertThat(ParquetColumn.flat("x\uD83D\uDE00", PhysicalType.INT64, 0, false)
                        .name())
                .isEqualTo("x\uD83D\uDE00");
        Map<String, String> kv = new LinkedHashMap<>();
        kv.put("k\uDC00", "v");
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withKeyValueMetadata(kv))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withKeyValueMetadata(Map.of("k", "\uD83D")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tsFileNamesTagsAndPropertiesAreChecked() {
        TsTableSchema.Column ok = new TsTableSchema.Column(
                "x", TsDataType.INT64, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.FIELD);
        TsTableSchema.Column tag = new TsTableSchema.Column(
                "dev", TsDataType.STRING, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.TAG);
        assertThatThrownBy(() -> new TsTableSchema("t\uD800", List.of(ok)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TsTableSchema(
                        "t",
                        List.of(new TsTableSchema.Column(
                                "x\uDBFF",
                                TsDataType.INT64,
                                TsEncoding.PLAIN,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.FIELD))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TsTableSchema(
                        "t",
                        List.of(new TsTableSchema.Column(
                                "x",
                                TsDataType.INT64,
                                TsEncoding.PLAIN,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.FIELD,
                                Map.of("unit", "\uDC01")))))
                .isInstanceOf(IllegalArgumentException.class);
        TsTablet tablet = new TsTablet(new TsTableSchema("t", List.of(tag, ok)));
        tablet.device("d1");
        assertThatThrownBy(() -> tablet.device("\uD800")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TsFileWriter.Options().properties(Map.of("k", "\uD800")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

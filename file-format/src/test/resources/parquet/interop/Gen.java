import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.*;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.FileOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

public class Gen {
    public static void main(String[] a) throws Exception {
        int n = 5000;
        int[] i32 = new int[n]; long[] i64 = new long[n]; float[] f32 = new float[n]; double[] f64 = new double[n];
        boolean[] b = new boolean[n]; BinaryBatch s = new BinaryBatch(); BinaryBatch fx = new BinaryBatch(); BinaryBatch i96 = new BinaryBatch();
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            i32[i] = i * 7 - 300; i64[i] = (long) i * i * 1000003L; f32[i] = i / 4f; f64[i] = i / 3.0; b[i] = i % 3 == 0;
            byte[] str = ("s" + (i % 17)).getBytes(); s.append(str, 0, str.length);
            byte[] f = ByteBuffer.allocate(4).putInt(i).array(); fx.append(f, 0, 4);
            byte[] t = new byte[12]; t[0] = (byte) i; i96.append(t, 0, 12);
            nulls[i] = i % 5 == 0;
        }
        List<ParquetColumn> schema = List.of(
            ParquetColumn.flat("i32", PhysicalType.INT32, 0, false),
            ParquetColumn.flat("i64", PhysicalType.INT64, 0, true).withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MICROS, true)),
            ParquetColumn.flat("f32", PhysicalType.FLOAT, 0, false),
            ParquetColumn.flat("f64", PhysicalType.DOUBLE, 0, true),
            ParquetColumn.flat("flag", PhysicalType.BOOLEAN, 0, true),
            ParquetColumn.flat("str", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()),
            ParquetColumn.flat("fixed", PhysicalType.FIXED_LEN_BYTE_ARRAY, 4, false),
            ParquetColumn.flat("i96", PhysicalType.INT96, 0, false));
        Object[] cols = {i32, i64, f32, f64, b, s, fx, i96};
        boolean[][] nl = {null, nulls, null, nulls, nulls, nulls, null, null};
        ParquetWriteOptions base = ParquetWriteOptions.defaults().withPageRowLimit(700).withRowGroupSize(40_000).withKeyValueMetadata(Map.of("k", "v"));
        Object[][] variants = {
            {"v1_plain.parquet", base.withCompression(Compression.UNCOMPRESSED)},
            {"v1_snappy.parquet", base.withCompression(Compression.SNAPPY)},
            {"v2_zstd.parquet", base.withPageVersion(ParquetWriteOptions.PageVersion.V2).withCompression(Compression.ZSTD)},
            {"v2_delta.parquet", base.withPageVersion(ParquetWriteOptions.PageVersion.V2).withCompression(Compression.GZIP)
                .withEncoding("i32", ParquetEncoding.DELTA_BINARY_PACKED).withEncoding("i64", ParquetEncoding.DELTA_BINARY_PACKED)
                .withEncoding("str", ParquetEncoding.DELTA_BYTE_ARRAY).withEncoding("fixed", ParquetEncoding.DELTA_BYTE_ARRAY)
                .withEncoding("f32", ParquetEncoding.BYTE_STREAM_SPLIT).withEncoding("f64", ParquetEncoding.BYTE_STREAM_SPLIT)},
            {"v1_lz4_dlba.parquet", base.withCompression(Compression.LZ4_RAW).withEncoding("str", ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY)},
        };
        for (Object[] v : variants) {
            try (ParquetFileWriter w = new ParquetFileWriter(new FileOutputStream("/tmp/interop/" + v[0]), schema, (ParquetWriteOptions) v[1])) {
                w.write(cols, nl, n);
            }
        }
    }
}

package dev.colcodec.format.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.apache.tsfile.write.v4.ITsFileWriter;
import org.apache.tsfile.write.v4.TsFileWriterBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What tsfile 2.4.0, the oracle of the TsFile harnesses, gets wrong in files it writes itself, which the
 * harnesses therefore leave out. If a test here fails, a newer tsfile fixed it: drop the exclusion.
 */
class TsFileOracleTest {
    @TempDir
    Path dir;

    /**
     * A table query whose time range falls between two rows of a device (no row in it, rows on both
     * sides) throws a NullPointerException; ranges holding a row, or outside the rows, read.
     */
    @Test
    void aRangeBetweenTwoRowsThrowsInTsFile() throws Exception {
        Path f = dir.resolve("between.tsfile");
        List<IMeasurementSchema> ms = List.of(
                new MeasurementSchema("tag", TSDataType.STRING, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED),
                new MeasurementSchema("f", TSDataType.INT32, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED));
        List<ColumnCategory> cats = List.of(ColumnCategory.TAG, ColumnCategory.FIELD);
        try (ITsFileWriter w = new TsFileWriterBuilder()
                .file(f.toFile())
                .tableSchema(new TableSchema("t", ms, cats))
                .build()) {
            Tablet t = new Tablet("t", List.of("tag", "f"), List.of(TSDataType.STRING, TSDataType.INT32), cats, 2);
            for (int i = 0; i < 2; i++) {
                t.addTimestamp(i, 310 + 2 * i);
                t.addValue(i, 0, "d");
                t.addValue(i, 1, i);
            }
            t.setRowSize(2);
            w.write(t);
        }
        assertEquals(1, rows(f, 310, 310));
        assertEquals(0, rows(f, 0, 309));
        NullPointerException e = assertThrows(NullPointerException.class, () -> rows(f, 311, 311));
        assertTrue(TsOracle.isRangeBetweenRowsBug(e), String.valueOf(e));
    }

    private static int rows(Path f, long lo, long hi) throws Exception {
        try (ITsFileReader r = new TsFileReaderBuilder().file(f.toFile()).build();
                ResultSet rs = r.query("t", List.of("tag", "f"), lo, hi)) {
            int n = 0;
            while (rs.next()) {
                n++;
            }
            return n;
        }
    }
}

package dev.colcodec.format.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * parquet-java 1.18.1's file reader (parquet-hadoop's {@code ParquetFileReader} over a {@link
 * LocalInputFile} with a {@link PlainParquetConfiguration}: no Hadoop classes on the class path) reads
 * every file of {@link ParquetMatrix} (every physical type, every encoding colcodec writes, V1 and V2
 * pages, every codec) with page CRC verification on, and gets the expected values and null positions.
 * Pages are decompressed by {@link ReferenceCodecFactory} (the reference libraries called directly), as
 * parquet-hadoop's own codec factory needs Hadoop.
 */
class ParquetJavaReadsColcodecFilesTest {
    @TempDir
    static Path dir;

    static List<ParquetMatrix.Case> cases() {
        return ParquetMatrix.cases();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void parquetJavaReadsTheValues(ParquetMatrix.Case k) throws IOException {
        Path file = dir.resolve(k.name() + ".parquet");
        Files.write(file, ParquetMatrix.write(k));
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .usePageChecksumVerification(true)
                .withCodecFactory(new ReferenceCodecFactory())
                .build();
        try (ParquetFileReader reader = open(new LocalInputFile(file), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            List<ColumnDescriptor> columns = schema.getColumns();
            assertThat(columns).hasSize(ParquetMatrix.COLUMNS.size());
            assertThat(reader.getRecordCount()).isEqualTo(ParquetMatrix.ROWS);
            int firstRow = 0;
            int rowGroups = 0;
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                rowGroups++;
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(
                        rowGroup, new DummyRecordConverter(schema).getRootConverter(), schema, createdBy);
                int rows = (int) rowGroup.getRowCount();
                for (int c = 0; c < columns.size(); c++) {
                    ColumnDescriptor d = columns.get(c);
                    assertThat(d.getPath()[0])
                            .isEqualTo(ParquetMatrix.COLUMNS.get(c).name());
                    ColumnReader cr = store.getColumnReader(d);
                    assertThat(cr.getTotalValueCount()).as("%s %s", k, d).isEqualTo(rows);
                    for (int r = 0; r < rows; r++) {
                        Object actual = cr.getCurrentDefinitionLevel() == d.getMaxDefinitionLevel()
                                ? ParquetMatrix.canonical(c, physicalValue(cr, d))
                                : null;
                        cr.consume();
                        assertThat(actual)
                                .as("%s %s row %d", k, d.getPath()[0], firstRow + r)
                                .isEqualTo(ParquetMatrix.expected(c, firstRow + r));
                    }
                }
                firstRow += rows;
            }
            assertThat(firstRow).isEqualTo(ParquetMatrix.ROWS);
            assertThat(rowGroups).isGreaterThan(1);
        }
    }

    /**
     * {@code ParquetFileReader.open(InputFile, ParquetReadOptions)}, looked up by reflection: javac cannot
     * pick that overload without loading Hadoop's {@code Configuration} (another two-argument overload
     * takes one), and Hadoop is not on the class path. At run time the method needs no Hadoop class.
     */
    static ParquetFileReader open(InputFile file, ParquetReadOptions options) throws IOException {
        try {
            return (ParquetFileReader) ParquetFileReader.class
                    .getMethod("open", InputFile.class, ParquetReadOptions.class)
                    .invoke(null, file, options);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object physicalValue(ColumnReader cr, ColumnDescriptor d) {
        switch (d.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32:
                return cr.getInteger();
            case INT64:
                return cr.getLong();
            case FLOAT:
                return cr.getFloat();
            case DOUBLE:
                return cr.getDouble();
            case BOOLEAN:
                return cr.getBoolean();
            default:
                return cr.getBinary().getBytes();
        }
    }
}

package dev.colcodec.format.parquet;

import dev.colcodec.parquet.PhysicalType;
import java.util.List;
import java.util.Objects;

/**
 * One leaf column: its path in the schema, physical type, type length (FIXED_LEN_BYTE_ARRAY) and
 * maximum definition and repetition levels. For a flat schema a REQUIRED column has {@code maxDef = 0}
 * and an OPTIONAL one {@code maxDef = 1}. The optional {@link ParquetLogicalType} annotates the
 * physical type.
 */
public record ParquetColumn(
        List<String> path,
        PhysicalType type,
        int typeLength,
        int maxDefinitionLevel,
        int maxRepetitionLevel,
        ParquetLogicalType logicalType,
        Integer fieldId) {
    /** A column without logical type. */
    public ParquetColumn(List<String> path, PhysicalType type, int typeLength, int maxDef, int maxRep) {
        this(path, type, typeLength, maxDef, maxRep, null, null);
    }

    /** A column without field id. */
    public ParquetColumn(
            List<String> path, PhysicalType type, int typeLength, int maxDef, int maxRep, ParquetLogicalType lt) {
        this(path, type, typeLength, maxDef, maxRep, lt, null);
    }

    /**
     * The canonical constructor; {@code logicalType} and {@code fieldId} (the schema element's {@code
     * field_id}, which table formats such as Iceberg map columns by) may be {@code null}.
     */
    public ParquetColumn {
        path = List.copyOf(path);
        for (String name : path) {
            dev.colcodec.format.io.Utf8.checkEncodable(name, "column path " + path);
        }
        Objects.requireNonNull(type, "type");
        if (type == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength < 1) {
            throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY needs a type length >= 1");
        }
        if (type == PhysicalType.INT96) {
            typeLength = 12;
        }
        if (maxDefinitionLevel < 0 || maxRepetitionLevel < 0 || maxRepetitionLevel > maxDefinitionLevel) {
            throw new IllegalArgumentException(
                    "bad levels: maxDef " + maxDefinitionLevel + ", maxRep " + maxRepetitionLevel);
        }
        if (logicalType != null) {
            logicalType.check(type, typeLength);
        }
    }

    /** This column with {@code lt} as its logical type. */
    public ParquetColumn withLogicalType(ParquetLogicalType lt) {
        return new ParquetColumn(path, type, typeLength, maxDefinitionLevel, maxRepetitionLevel, lt, fieldId);
    }

    /** This column with {@code id} as its field id ({@code null}: none). */
    public ParquetColumn withFieldId(Integer id) {
        return new ParquetColumn(path, type, typeLength, maxDefinitionLevel, maxRepetitionLevel, logicalType, id);
    }

    /** A top-level REQUIRED ({@code optional == false}) or OPTIONAL column. */
    public static ParquetColumn flat(String name, PhysicalType type, int typeLength, boolean optional) {
        return new ParquetColumn(List.of(name), type, typeLength, optional ? 1 : 0, 0);
    }

    /** The last path element. */
    public String name() {
        return path.get(path.size() - 1);
    }

    /** Whether values can be null (a definition level below the maximum). */
    public boolean isNullable() {
        return maxDefinitionLevel > 0;
    }

    /** Whether the column is annotated UNKNOWN, whose values are all null. */
    public boolean isAlwaysNull() {
        return logicalType() != null && logicalType().kind() == ParquetLogicalType.Kind.UNKNOWN;
    }
}

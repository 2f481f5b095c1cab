"""Writes the DuckDB golden files read by DuckDbGoldenFilesTest, and expected.tsv with their values.

Run with duckdb 2.0.0 (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install duckdb==2.0.0):
    /tmp/venv/bin/python generate.py
Every file holds the same table; expected.tsv has one line per row, tab-separated, in column order,
with \\N for null. Canonical text: integers in decimal, DATE as days since 1970-01-01, TIMESTAMP as
microseconds, DECIMAL as its unscaled integer, FLOAT/DOUBLE as Python's repr of the (widened) value,
BOOLEAN as true/false, UUID as 32 lower-case hex digits, lists as [a,b] with null elements as \\N.
"""
import duckdb

ROWS = 300
FILES = {
    # name: (PARQUET_VERSION, COMPRESSION)
    "v1_uncompressed.parquet": ("V1", "uncompressed"),
    "v1_snappy.parquet": ("V1", "snappy"),
    "v2_zstd.parquet": ("V2", "zstd"),
    "v2_gzip.parquet": ("V2", "gzip"),
    "v2_lz4.parquet": ("V2", "lz4"),
}

TABLE = f"""
CREATE TABLE t AS SELECT
  i::INTEGER AS id,
  CASE WHEN i % 5 = 0 THEN NULL ELSE i * i * 1000003 - 5000000000 END::BIGINT AS big,
  (i / 3.0)::DOUBLE AS d,
  (i % 200 / 4.0 - 10)::FLOAT AS f,
  CASE WHEN i % 11 = 0 THEN NULL ELSE i % 3 = 0 END AS flag,
  CASE WHEN i % 7 = 2 THEN NULL ELSE 'city-' || (i % 13) END AS city,
  'name-' || (i * 7919) AS name,
  (DATE '2020-01-01' + i::INTEGER) AS day,
  TIMESTAMP '2024-03-01 00:00:00' + to_microseconds(i * 1000003) AS ts,
  CASE WHEN i % 6 = 0 THEN NULL ELSE ((i * 12345 - 5000000) / 1000.0)::DECIMAL(18,3) END AS dec,
  md5(i::VARCHAR)::UUID AS u,
  CASE WHEN i % 7 = 3 THEN NULL WHEN i % 5 = 0 THEN []::INTEGER[]
       ELSE list_transform(range(i % 4 + 1), lambda x: CASE WHEN (i + x) % 11 = 0 THEN NULL ELSE (i + x)::INTEGER END)
  END AS lst
FROM range({ROWS}) r(i)
ORDER BY i
"""


def text(v, typ):
    if v is None:
        return "\\N"
    if typ == "DATE":
        import datetime
        return str((v - datetime.date(1970, 1, 1)).days)
    if typ == "TIMESTAMP":
        import datetime
        d = v - datetime.datetime(1970, 1, 1)
        return str((d.days * 86400 + d.seconds) * 1_000_000 + d.microseconds)
    if typ.startswith("DECIMAL"):
        return str(int(v.scaleb(3)))
    if typ == "UUID":
        return v.hex
    if typ == "BOOLEAN":
        return "true" if v else "false"
    if typ in ("DOUBLE", "FLOAT"):
        return repr(float(v))
    if typ.endswith("[]"):
        return "[" + ",".join(text(x, typ[:-2]) for x in v) + "]"
    return str(v)


def main():
    con = duckdb.connect()
    con.execute(TABLE)
    for name, (version, codec) in FILES.items():
        con.execute(
            f"COPY t TO '{name}' (FORMAT parquet, PARQUET_VERSION {version}, COMPRESSION {codec}, ROW_GROUP_SIZE 2048)"
        )
        # every file reads back equal to the table
        diff = con.execute(f"SELECT count(*) FROM (SELECT * FROM t EXCEPT ALL SELECT * FROM read_parquet('{name}'))").fetchone()[0]
        assert diff == 0, name
    types = [r[1] for r in con.execute("DESCRIBE t").fetchall()]
    names = [r[0] for r in con.execute("DESCRIBE t").fetchall()]
    with open("expected.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(names) + "\n")
        out.write("\t".join(types) + "\n")
        for row in con.execute("SELECT * FROM t ORDER BY id").fetchall():
            out.write("\t".join(text(v, t) for v, t in zip(row, types)) + "\n")


if __name__ == "__main__":
    main()

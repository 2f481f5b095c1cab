"""Reads the files colcodec wrote into file-format/target/interop (InteropFilesTest) with pyarrow, DuckDB
and the TsFile Python package, and compares every value with the expected values next to them.

    python check_interop.py [DIR]        # DIR defaults to file-format/target/interop

Prints one line per file checked and exits non-zero on any difference, on a file that cannot be read,
or when no files were found. Run by .ci/run in a virtualenv with pyarrow, duckdb and tsfile installed.
"""
import glob
import json
import math
import os
import sys

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

MAX_REPORTED = 3


def canonical_arrow(column, kind, scale):
    """A pyarrow column as canonical Python values (see ParquetMatrix.java)."""
    if hasattr(column.type, "storage_type"):  # extension types such as arrow.uuid
        column = pa.chunked_array([chunk.storage for chunk in column.chunks], column.type.storage_type)
    if kind in ("date", "time32"):
        column = column.cast(pa.int32())
    elif kind == "float16":
        column = column.cast(pa.float32())
    elif kind in ("timestamp", "int96"):
        column = column.cast(pa.int64())
    values = column.to_pylist()
    if kind in ("hex", "uuid"):
        return [None if v is None else v.hex() for v in values]
    if kind == "decimal":
        return [None if v is None else int(v.scaleb(scale)) for v in values]
    return values


def same(expected, actual):
    if expected is None or actual is None:
        return expected is None and actual is None
    if isinstance(expected, float) or isinstance(actual, float):
        # floats widened exactly in the JSON; -0.0 and 0.0 are told apart
        return float(expected) == float(actual) and math.copysign(1, float(expected)) == math.copysign(1, float(actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return expected == actual


def check_parquet(directory):
    with open(os.path.join(directory, "expected.json"), encoding="utf-8") as f:
        expected = json.load(f)
    failures = 0
    files = sorted(glob.glob(os.path.join(directory, "*.parquet")))
    for path in files:
        name = os.path.basename(path)
        problems = []
        try:
            meta = pq.ParquetFile(path).metadata
            table = pq.read_table(path, page_checksum_verification=True)
            if table.num_rows != expected["rows"]:
                problems.append("rows %d, expected %d" % (table.num_rows, expected["rows"]))
            for col in expected["columns"]:
                got = canonical_arrow(table.column(col["name"]), col["kind"], col.get("scale", 0))
                bad = [i for i, (e, a) in enumerate(zip(col["values"], got)) if not same(e, a)]
                if len(got) != len(col["values"]):
                    problems.append("%s: %d values, expected %d" % (col["name"], len(got), len(col["values"])))
                for i in bad[:MAX_REPORTED]:
                    problems.append("%s row %d: %r, expected %r" % (col["name"], i, got[i], col["values"][i]))
                if len(bad) > MAX_REPORTED:
                    problems.append("%s: %d differences in all" % (col["name"], len(bad)))
            encodings = sorted({e for g in range(meta.num_row_groups)
                                for c in range(meta.num_columns)
                                for e in meta.row_group(g).column(c).encodings})
            detail = "%d rows, %d row groups, encodings %s" % (table.num_rows, meta.num_row_groups, ",".join(encodings))
        except Exception as e:  # any failure to read is a failed check
            problems.append("unreadable: %r" % (e,))
            detail = ""
        failures += report("pyarrow " + pa.__version__, name, problems, detail)
    return len(files), failures


# DuckDB reads no BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY column ("only supported for FLOAT, DOUBLE, INT32
# or INT64 data"); in the dlba_bss files these columns are left out of its query
DUCKDB_UNREADABLE = {"dlba_bss": {"fixed", "dec", "uuid"}}


def duckdb_expression(col):
    """The select expression that gives a column's canonical value, or the value canonical_duckdb maps."""
    name = '"%s"' % col["name"]
    kind = col["kind"]
    if kind == "date":
        return "date_diff('day', DATE '1970-01-01', %s)" % name
    if kind in ("timestamp", "int96"):
        return "epoch_us(%s)" % name
    if kind == "time32":
        return "CAST(%s AS TIME)" % name
    return name


def canonical_duckdb(value, col):
    if value is None:
        return None
    kind = col["kind"]
    if kind == "time32":
        return ((value.hour * 60 + value.minute) * 60 + value.second) * 1000 + value.microsecond // 1000
    if kind == "hex":
        return value.hex()
    if kind == "uuid":
        return value.bytes.hex()
    if kind == "decimal":
        return int(value.scaleb(col.get("scale", 0)))
    return value


def expected_duckdb(value, col):
    # DuckDB's TIMESTAMP holds microseconds: an INT96's nanoseconds are cut
    return value // 1000 if value is not None and col["kind"] == "int96" else value


def check_parquet_duckdb(directory):
    with open(os.path.join(directory, "expected.json"), encoding="utf-8") as f:
        expected = json.load(f)
    failures = 0
    files = sorted(glob.glob(os.path.join(directory, "*.parquet")))
    for path in files:
        name = os.path.basename(path)
        left_out = set()
        for prefix, columns in DUCKDB_UNREADABLE.items():
            if name.startswith(prefix + "_"):
                left_out = columns
        cols = [c for c in expected["columns"] if c["name"] not in left_out]
        problems = []
        detail = ""
        try:
            con = duckdb.connect()
            select = ", ".join(duckdb_expression(c) for c in cols)
            rows = con.execute("SELECT %s FROM read_parquet(?)" % select, [path]).fetchall()
            if len(rows) != expected["rows"]:
                problems.append("rows %d, expected %d" % (len(rows), expected["rows"]))
            for j, col in enumerate(cols):
                got = [canonical_duckdb(r[j], col) for r in rows]
                want = [expected_duckdb(v, col) for v in col["values"]]
                bad = [i for i, (e, a) in enumerate(zip(want, got)) if not same(e, a)]
                for i in bad[:MAX_REPORTED]:
                    problems.append("%s row %d: %r, expected %r" % (col["name"], i, got[i], want[i]))
                if len(bad) > MAX_REPORTED:
                    problems.append("%s: %d differences in all" % (col["name"], len(bad)))
            detail = "%d rows, %d columns" % (len(rows), len(cols))
            if left_out:
                detail += " (not %s: BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY)" % ",".join(sorted(left_out))
        except Exception as e:  # any failure to read is a failed check
            problems.append("unreadable: %r" % (e,))
        failures += report("duckdb " + duckdb.__version__, name, problems, detail)
    return len(files), failures


def canonical_tsfile(value, typ):
    """A value from tsfile's to_dataframe as a canonical Python value (see TsFileMatrix.java)."""
    if value is None:
        return None
    try:
        if pd.isna(value):  # NaN, NA and NaT stand for null in pandas
            return None
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if typ == "BLOB":
        return bytes(value).hex()
    if typ in ("TEXT", "STRING"):
        return value.decode("utf-8") if isinstance(value, (bytes, bytearray)) else value
    if typ == "DATE":
        if hasattr(value, "year"):
            return value.year * 10000 + value.month * 100 + value.day
        return int(value)
    if typ in ("FLOAT", "DOUBLE"):
        return float(value)
    if typ == "BOOLEAN":
        return bool(value)
    if hasattr(value, "value") and typ == "TIMESTAMP":  # pandas Timestamp
        return int(value.value // 1_000_000)
    return int(value)


def check_tsfile(directory):
    from tsfile import to_dataframe
    import tsfile

    version = getattr(tsfile, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version
        version = dist_version("tsfile")
    failures = 0
    files = sorted(glob.glob(os.path.join(directory, "*.tsfile")))
    for path in files:
        name = os.path.basename(path)
        with open(path[: -len(".tsfile")] + ".json", encoding="utf-8") as f:
            expected = json.load(f)
        problems = []
        detail = ""
        if expected.get("tsfile_python_skip"):
            print("skip %-14s %s: %s" % ("tsfile " + version, name, expected["tsfile_python_skip"]))
            continue
        try:
            df = to_dataframe(path, table_name=expected["table"])
            names = [c["name"] for c in expected["columns"]]
            types = ["TIMESTAMP"] + [c["type"] for c in expected["columns"]]
            missing = [n for n in ["time"] + names if n not in df.columns]
            if missing:
                raise ValueError("columns %s missing from %s" % (missing, list(df.columns)))
            rows = [[canonical_tsfile(v, t) for v, t in zip(row, types)]
                    for row in df[["time"] + names].itertuples(index=False, name=None)]
            # the reader's device order is its own: compare rows keyed by (tags, time)
            tag_count = sum(1 for c in expected["columns"] if c["category"] == "TAG")
            key = lambda r: (tuple(r[1:1 + tag_count]), r[0])
            want = {key(r): r for r in expected["rows"]}
            got = {key(r): r for r in rows}
            if len(rows) != len(expected["rows"]):
                problems.append("rows %d, expected %d" % (len(rows), len(expected["rows"])))
            bad = 0
            for k, w in want.items():
                g = got.get(k)
                if g is None:
                    bad += 1
                    if bad <= MAX_REPORTED:
                        problems.append("row %s missing" % (k,))
                    continue
                for c, (e, a) in enumerate(zip(w, g)):
                    if not same(e, a):
                        bad += 1
                        if bad <= MAX_REPORTED:
                            problems.append("row %s column %s: %r, expected %r" % (k, (["time"] + names)[c], a, e))
            if bad > MAX_REPORTED:
                problems.append("%d differences in all" % bad)
            encodings = sorted({c.get("encoding") for c in expected["columns"] if c.get("encoding")})
            detail = "%d rows, encodings %s" % (len(rows), ",".join(encodings))
        except Exception as e:
            problems.append("unreadable: %r" % (e,))
        failures += report("tsfile " + version, name, problems, detail)
    return len(files), failures


def report(reader, name, problems, detail):
    if problems:
        print("FAIL %-14s %s: %s" % (reader, name, "; ".join(problems)))
        return 1
    print("ok   %-14s %s: %s" % (reader, name, detail))
    return 0


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.path.join("file-format", "target", "interop")
    parquet_files, pyarrow_failures = check_parquet(os.path.join(directory, "parquet"))
    _, duckdb_failures = check_parquet_duckdb(os.path.join(directory, "parquet"))
    tsfile_files, tsfile_failures = check_tsfile(os.path.join(directory, "tsfile"))
    print("interop: %d Parquet files (pyarrow: %d failed, DuckDB: %d failed), %d TsFiles (%d failed)"
          % (parquet_files, pyarrow_failures, duckdb_failures, tsfile_files, tsfile_failures))
    if parquet_files == 0 or tsfile_files == 0:
        print("interop: no files found under %s; run InteropFilesTest first" % directory)
        return 1
    return 1 if pyarrow_failures or duckdb_failures or tsfile_failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Writes the TsFile golden files read by TsFilePythonGoldenFilesTest, and expected.tsv with their values.

Run with the TsFile Python package 2.5.0 (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install tsfile==2.5.0):
    /tmp/venv/bin/python generate.py
default_lz4 and plain_zstd hold table "sensors" with TAG columns region and device and one FIELD column of every type,
with nulls. expected.tsv: one line per row (time, tags, fields), tab-separated, \\N for null; FLOAT and
DOUBLE as Python's repr of the (widened) value, DATE as yyyyMMdd, BLOB as hex, BOOLEAN as true/false.
sprintz_signs.tsfile holds table "signals" (TAG device, SPRINTZ FIELD columns i, l, f, d, one value each
whose sign the encoder loses), with its values in sprintz_signs.tsv in the same form.
"""
import datetime
import math
import os
import struct

from tsfile import (ColumnCategory, ColumnSchema, Compressor, TableSchema, Tablet, TSDataType, TSEncoding,
                    TsFileTableWriter, set_tsfile_config)

TABLE = "sensors"
DEVICES = [("north", "d1"), ("south", "d2")]
ROWS = 150
FIELDS = [
    ("b", TSDataType.BOOLEAN, 7),
    ("i", TSDataType.INT32, 5),
    ("l", TSDataType.INT64, 6),
    ("f", TSDataType.FLOAT, 8),
    ("d", TSDataType.DOUBLE, 9),
    ("txt", TSDataType.TEXT, 4),
    ("s", TSDataType.STRING, 10),
    ("blob", TSDataType.BLOB, 11),
    ("day", TSDataType.DATE, 12),
    ("ts", TSDataType.TIMESTAMP, 13),
]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def value(f, dev, row):
    name, typ, null_every = FIELDS[f]
    key = dev * 10000 + row
    if (key + f) % null_every == 0:
        return None
    if typ == TSDataType.BOOLEAN:
        return key % 3 == 0
    if typ == TSDataType.INT32:
        return (key % 211) * 13 - 1000
    if typ == TSDataType.INT64:
        return key * key * 7919 - 3_000_000_000
    if typ == TSDataType.FLOAT:
        return f32((key % 400) * 0.25 - 30)
    if typ == TSDataType.DOUBLE:
        return 20.0 + math.sin(key / 50.0) * 5.0
    if typ == TSDataType.TEXT:
        return "t%d%s" % (key % 37, "" if key % 2 == 0 else "\u00fc")
    if typ == TSDataType.STRING:
        return "str-%d" % (key % 13)
    if typ == TSDataType.BLOB:
        return bytes(1 + (key * 7 + k) % 255 for k in range(1 + key % 5))
    if typ == TSDataType.DATE:
        return datetime.date(2024, 1, 1 + key % 28)
    if typ == TSDataType.TIMESTAMP:
        return 1_600_000_000_000 + key * 60_000
    raise ValueError(typ)


def time(dev, row):
    return 1_700_000_000_000 + dev * 7 + row * 1000 + (row % 3) * 17


def text(v):
    if v is None:
        return "\\N"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, datetime.date):
        return str(v.year * 10000 + v.month * 100 + v.day)
    return str(v)


def write(path):
    if os.path.exists(path):
        os.remove(path)
    columns = [ColumnSchema("region", TSDataType.STRING, ColumnCategory.TAG),
               ColumnSchema("device", TSDataType.STRING, ColumnCategory.TAG)]
    columns += [ColumnSchema(name, typ, ColumnCategory.FIELD) for name, typ, _ in FIELDS]
    names = ["region", "device"] + [name for name, _, _ in FIELDS]
    types = [TSDataType.STRING, TSDataType.STRING] + [typ for _, typ, _ in FIELDS]
    with TsFileTableWriter(path, TableSchema(TABLE, columns)) as w:
        for d, tags in enumerate(DEVICES):
            tablet = Tablet(names, types, ROWS)
            for r in range(ROWS):
                tablet.add_timestamp(r, time(d, r))
                tablet.add_value_by_name("region", r, tags[0])
                tablet.add_value_by_name("device", r, tags[1])
                for f, (name, _, _) in enumerate(FIELDS):
                    v = value(f, d, r)
                    if v is not None:
                        tablet.add_value_by_name(name, r, v)
            w.write_table(tablet)


SIGNS_ROWS = 200
# rows whose value is the previous one negated (integers: plus -2^31 or -2^63), a 9-value block's second
# value: the SPRINTZ residual is the type's minimum, which the encoder writes as 0, losing the sign
SIGNS_LOST = {"i": 10, "l": 37, "f": 64, "d": 100}
SIGNS_FIELDS = [("i", TSDataType.INT32), ("l", TSDataType.INT64), ("f", TSDataType.FLOAT), ("d", TSDataType.DOUBLE)]


def signs_value(name, row):
    if row == 150:
        return None
    lost = row == SIGNS_LOST[name]
    if lost:
        row -= 1
    if name == "i":
        v = 1000 + 7 * row
        return v - 2 ** 31 if lost else v
    if name == "l":
        v = 3_000_000_000 + 7 * row
        return v - 2 ** 63 if lost else v
    v = 0.5 + 0.125 * row
    if name == "f":
        v = f32(v)
    return -v if lost else v


def write_signs(path):
    """sprintz_signs.tsfile: table "signals", TAG device, SPRINTZ FIELD columns i, l, f, d with one lost sign each."""
    if os.path.exists(path):
        os.remove(path)
    columns = [ColumnSchema("device", TSDataType.STRING, ColumnCategory.TAG)]
    columns += [ColumnSchema(name, typ, ColumnCategory.FIELD) for name, typ in SIGNS_FIELDS]
    names = ["device"] + [name for name, _ in SIGNS_FIELDS]
    types = [TSDataType.STRING] + [typ for _, typ in SIGNS_FIELDS]
    with TsFileTableWriter(path, TableSchema("signals", columns)) as w:
        tablet = Tablet(names, types, SIGNS_ROWS)
        for r in range(SIGNS_ROWS):
            tablet.add_timestamp(r, 1_700_000_000_000 + r * 1000)
            tablet.add_value_by_name("device", r, "s1")
            for name, _ in SIGNS_FIELDS:
                v = signs_value(name, r)
                if v is not None:
                    tablet.add_value_by_name(name, r, v)
        w.write_table(tablet)
    with open("sprintz_signs.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(["time", "device"] + [name for name, _ in SIGNS_FIELDS]) + "\n")
        for r in range(SIGNS_ROWS):
            row = [1_700_000_000_000 + r * 1000, "s1"] + [signs_value(name, r) for name, _ in SIGNS_FIELDS]
            out.write("\t".join(text(v) for v in row) + "\n")


def main():
    # the package's defaults: TS_2DIFF time and integers, GORILLA floats, PLAIN strings, LZ4
    write("default_lz4.tsfile")
    set_tsfile_config({"default_compression_type_": Compressor.ZSTD, "time_compress_type_": Compressor.ZSTD,
                       "int32_encoding_type_": TSEncoding.PLAIN, "int64_encoding_type_": TSEncoding.PLAIN,
                       "float_encoding_type_": TSEncoding.PLAIN, "double_encoding_type_": TSEncoding.PLAIN})
    write("plain_zstd.tsfile")
    set_tsfile_config({"default_compression_type_": Compressor.LZ4, "time_compress_type_": Compressor.LZ4,
                       "int32_encoding_type_": TSEncoding.SPRINTZ, "int64_encoding_type_": TSEncoding.SPRINTZ,
                       "float_encoding_type_": TSEncoding.SPRINTZ, "double_encoding_type_": TSEncoding.SPRINTZ})
    write_signs("sprintz_signs.tsfile")
    with open("expected.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(["time", "region", "device"] + [name for name, _, _ in FIELDS]) + "\n")
        for d, tags in enumerate(DEVICES):
            for r in range(ROWS):
                row = [time(d, r), tags[0], tags[1]] + [value(f, d, r) for f in range(len(FIELDS))]
                out.write("\t".join(text(v) for v in row) + "\n")


if __name__ == "__main__":
    main()

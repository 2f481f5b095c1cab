"""Writes the pyarrow golden files read by PyArrowGoldenFilesTest.

Run with pyarrow installed (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pyarrow):
    /tmp/venv/bin/python generate.py
Values are a function of the row index, recomputed by the Java test.
"""
import struct

import pyarrow as pa
import pyarrow.parquet as pq

N = 1000


def nullable(i):
    return i % 5 == 0


def table():
    cols = {
        "i32": pa.array([i * 7 - 300 for i in range(N)], pa.int32()),
        "i64": pa.array([None if nullable(i) else i * i * 1000003 for i in range(N)], pa.int64()),
        "f32": pa.array([i / 4 for i in range(N)], pa.float32()),
        "f64": pa.array([None if nullable(i) else i / 3 for i in range(N)], pa.float64()),
        "flag": pa.array([None if nullable(i) else i % 3 == 0 for i in range(N)], pa.bool_()),
        "str": pa.array([None if nullable(i) else "s" + str(i % 17) for i in range(N)], pa.string()),
        "fixed": pa.array([struct.pack(">i", i) for i in range(N)], pa.binary(4)),
        "list": pa.array(
            [None if i % 7 == 3 else list(range(i, i + i % 4)) for i in range(N)], pa.list_(pa.int32())
        ),
    }
    return pa.table(cols)


def main():
    t = table()
    common = dict(row_group_size=400, data_page_size=512, write_page_checksum=True)
    pq.write_table(t, "v1_snappy_dict.parquet", compression="snappy", data_page_version="1.0", **common)
    pq.write_table(t, "v2_zstd_dict.parquet", compression="zstd", data_page_version="2.0", **common)
    pq.write_table(
        t,
        "v2_gzip_plain.parquet",
        compression="gzip",
        data_page_version="2.0",
        use_dictionary=False,
        **common,
    )
    pq.write_table(
        t.drop_columns(["flag", "list"]),
        "v2_delta_bss.parquet",
        compression="none",
        data_page_version="2.0",
        use_dictionary=False,
        column_encoding={
            "i32": "DELTA_BINARY_PACKED",
            "i64": "DELTA_BINARY_PACKED",
            "f32": "BYTE_STREAM_SPLIT",
            "f64": "BYTE_STREAM_SPLIT",
            "str": "DELTA_BYTE_ARRAY",
            "fixed": "DELTA_BYTE_ARRAY",
        },
        **common,
    )
    pq.write_table(
        t.select(["str", "i32"]),
        "v1_lz4_dlba.parquet",
        compression="lz4",
        data_page_version="1.0",
        use_dictionary=False,
        column_encoding={"str": "DELTA_LENGTH_BYTE_ARRAY", "i32": "PLAIN"},
        **common,
    )

    write_dictionary_fallback()
    write_brotli()
    write_logical_types()
    write_edge_cases()
    write_lists()


def write_logical_types():
    """Unsigned and small integers, times of day, half floats and JSON, 3 row groups with page indexes.

    u32 and u64 cross 2^31 and 2^63 in the first row group only, so their unsigned statistics prune."""
    import numpy as np

    n = 1000
    u32 = [(i * 2863311530) % 2**32 if i < 400 else i for i in range(n)]
    u64 = [(i * 0x9E3779B97F4A7C15) % 2**64 if i < 400 else i for i in range(n)]
    cols = {
        "u8": pa.array([i % 256 for i in range(n)], pa.uint8()),
        "u16": pa.array([(i * 263) % 65536 for i in range(n)], pa.uint16()),
        "u32": pa.array([None if i % 9 == 4 else v for i, v in enumerate(u32)], pa.uint32()),
        "u64": pa.array(u64, pa.uint64()),
        "i8": pa.array([(i * 37) % 256 - 128 for i in range(n)], pa.int8()),
        "i16": pa.array([(i * 263) % 65536 - 32768 for i in range(n)], pa.int16()),
        "t32": pa.array([None if i % 10 == 1 else (i * 57601) % 86400000 for i in range(n)], pa.time32("ms")),
        "t64": pa.array([i * 1000003 for i in range(n)], pa.time64("us")),
        "f16": pa.array(np.array([(i % 2000) / 2 - 500 for i in range(n)], dtype=np.float16), pa.float16()),
        "js": pa.array([None if i % 6 == 1 else '{"i":%d}' % i for i in range(n)], pa.json_(pa.string())),
    }
    pq.write_table(
        pa.table(cols),
        "logical_types.parquet",
        compression="snappy",
        row_group_size=400,
        data_page_size=512,
        write_page_index=True,
        store_schema=False,
    )


def write_brotli():
    """BROTLI pages (colcodec reads them, and writes no BROTLI): V1 dictionary pages and V2 plain pages."""
    common = dict(row_group_size=400, data_page_size=512, write_page_checksum=True, compression="brotli")
    pq.write_table(table(), "v1_brotli_dict.parquet", data_page_version="1.0", **common)
    flat = table().drop_columns(["list"])
    pq.write_table(flat, "v2_brotli_plain.parquet", data_page_version="2.0", use_dictionary=False, **common)


def write_dictionary_fallback():
    """Dictionary pages capped at 256 bytes: each column chunk starts dictionary-encoded and falls back to PLAIN."""
    pq.write_table(
        table().drop_columns(["list"]),
        "v1_dict_fallback.parquet",
        compression="none",
        data_page_version="1.0",
        dictionary_pagesize_limit=256,
        **dict(row_group_size=400, data_page_size=512, write_page_checksum=True),
    )




def write_edge_cases():
    # An empty table: one row group of 0 rows whose column chunks have data_page_offset 0 (no data page);
    # with the default dictionary the chunk still holds a dictionary page, at offset 4.
    empty = pa.table({"a": pa.array([], pa.int64()), "s": pa.array([], pa.string())})
    pq.write_table(empty, "empty_table.parquet")
    pq.write_table(empty, "empty_table_plain.parquet", use_dictionary=False)
    # One row whose map column gets a V2 data page of no rows and no values: its offset-index entry has the
    # first_row_index of the next page. (pyarrow 26.0.1 cannot read this file back itself; DuckDB 2.0.1
    # reads [[{}, {1: True, -2: False}, {}, None, {}]].)
    t = pa.table(
        {
            "c3": pa.array(
                [[[], [(1, True), (-2, False)], [], None, []]],
                type=pa.list_(pa.map_(pa.int64(), pa.bool_())),
            )
        }
    )
    pq.write_table(
        t,
        "v2_map_empty_page.parquet",
        write_page_index=True,
        data_page_version="2.0",
        max_rows_per_page=1,
        write_batch_size=3,
        data_page_size=64,
        compression="NONE",
    )



def write_lists():
    # Empty and null lists with required and optional elements and list nodes, a list in a struct, and a
    # list of lists (the CLI's dump renders them; ColcodecCliTest.dumpRendersEmptyNullAndNestedLists).
    a = pa.array([[1, 2], [], None, [3]], type=pa.list_(pa.field("element", pa.int32(), nullable=False)))
    b = pa.array([[1, None], [], None, [3]], type=pa.list_(pa.int32()))
    c = pa.array([[1], [], [2, 3], [4]], type=pa.list_(pa.field("element", pa.int32(), nullable=False)))
    schema = pa.schema(
        [
            pa.field("req_elem", a.type),
            pa.field("opt_elem", b.type),
            pa.field("req_list_req_elem", c.type, nullable=False),
        ]
    )
    pq.write_table(pa.Table.from_arrays([a, b, c], schema=schema), "lists.parquet")
    s = pa.array(
        [{"l": [1]}, {"l": None}, {"l": []}, None], type=pa.struct([pa.field("l", pa.list_(pa.int32()))])
    )
    ll = pa.array([[[1, 2], [3]], [[], None], [], None], type=pa.list_(pa.list_(pa.int32())))
    pq.write_table(pa.table({"s": s, "ll": ll}), "nested_lists.parquet")

if __name__ == "__main__":
    main()

"""Writes the brotli streams read by BrotliPagesTest (colcodec reads BROTLI and does not write it).

Run with pyarrow installed (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pyarrow):
    /tmp/venv/bin/python generate.py
The Java test recomputes each stream's content from the rules below.
"""
import pyarrow as pa


def text():
    # 2,000 lines "line <i> of a brotli test vector\n"
    return b"".join(b"line %d of a brotli test vector\n" % i for i in range(2000))


def mixed():
    # 20,000 bytes of a 64-bit xorshift (the low byte of each step), every fourth byte i // 16
    out = bytearray()
    x = 0x9E3779B97F4A7C15
    for i in range(20_000):
        x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 7
        x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
        out.append((i // 16) & 0xFF if i % 4 == 0 else x & 0xFF)
    return bytes(out)


def main():
    streams = {
        "empty.br": (b"", 1),
        "text_q1.br": (text(), 1),
        "text_q11.br": (text(), 11),
        "mixed_q5.br": (mixed(), 5),
        "zeros_16m.br": (bytes(16 << 20), 9),
    }
    for name, (data, level) in streams.items():
        with open(name, "wb") as f:
            f.write(pa.Codec("brotli", compression_level=level).compress(data, asbytes=True))


if __name__ == "__main__":
    main()

package dev.colcodec.tsfile;

/** TsFile encodings, with the byte TsFile writes for them. */
public enum TsEncoding {
    PLAIN(0),
    DICTIONARY(1),
    RLE(2),
    DIFF(3),
    TS_2DIFF(4),
    BITMAP(5),
    GORILLA_V1(6),
    REGULAR(7),
    GORILLA(8),
    ZIGZAG(9),
    FREQ(10),
    CHIMP(11),
    SPRINTZ(12),
    RLBE(13),
    CAMEL(14);

    private final int serialized;

    TsEncoding(int serialized) {
        this.serialized = serialized;
    }

    public int serialized() {
        return serialized;
    }

    public static TsEncoding fromSerialized(int b) {
        for (TsEncoding e : values()) {
            if (e.serialized == b) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown TsFile encoding " + b);
    }
}

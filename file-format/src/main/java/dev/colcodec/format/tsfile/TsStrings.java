package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import java.nio.charset.StandardCharsets;

/** The two string forms in TsFile metadata: zigzag-varint length (-1 = null) and int32 BE length. */
final class TsStrings {
    private TsStrings() {}

    static String readVarString(ByteCursor in, String what) {
        int start = in.position();
        int n = in.readZigZagVarInt(what + " length");
        if (n == -1) {
            return null;
        }
        if (n < -1) {
            throw new CorruptInputException(start, what + " length >= -1 (got " + n + ")");
        }
        int at = in.skip(n, what);
        return new String(in.buffer(), at, n, StandardCharsets.UTF_8);
    }

    static void writeVarString(ByteSink out, String s) {
        if (s == null) {
            out.writeZigZagVarInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeZigZagVarInt(b.length);
        out.write(b, 0, b.length);
    }

    static String readIntString(ByteCursor in, String what) {
        int start = in.position();
        int n = in.readIntBE(what + " length");
        if (n == -1) {
            return null;
        }
        if (n < -1) {
            throw new CorruptInputException(start, what + " length >= -1 (got " + n + ")");
        }
        int at = in.skip(n, what);
        return new String(in.buffer(), at, n, StandardCharsets.UTF_8);
    }

    static void writeIntString(ByteSink out, String s) {
        if (s == null) {
            out.writeIntBE(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeIntBE(b.length);
        out.write(b, 0, b.length);
    }
}

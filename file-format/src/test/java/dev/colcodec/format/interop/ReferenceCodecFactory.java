package dev.colcodec.format.interop;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4Factory;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page decompression for parquet-java's file reader without Hadoop: parquet-hadoop's default factory
 * builds Hadoop codecs (and a Hadoop {@code Configuration}), so the oracle reader gets this one, which
 * calls the reference libraries directly (snappy-java, zstd-jni, java.util.zip, lz4-java's safe
 * decompressor) and shares no code with colcodec's {@code CompressionCodecs}. Read only.
 */
final class ReferenceCodecFactory implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("read only");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                return BytesInput.from(decompressBytes(codec, bytes.toByteArray(), uncompressedSize));
            }

            @Override
            public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                    throws IOException {
                byte[] in = new byte[compressedSize];
                input.get(in);
                output.put(decompressBytes(codec, in, uncompressedSize));
            }

            @Override
            public void release() {}
        };
    }

    static byte[] decompressBytes(CompressionCodecName codec, byte[] in, int uncompressedSize) throws IOException {
        byte[] out;
        switch (codec) {
            case UNCOMPRESSED:
                out = in;
                break;
            case SNAPPY:
                out = Snappy.uncompress(in);
                break;
            case ZSTD:
                out = Zstd.decompress(in, uncompressedSize);
                break;
            case GZIP:
                try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(in))) {
                    out = gz.readAllBytes();
                }
                break;
            case LZ4_RAW:
                out = new byte[uncompressedSize];
                int n = LZ4Factory.safeInstance().safeDecompressor().decompress(in, 0, in.length, out, 0);
                if (n != uncompressedSize) {
                    throw new IOException("LZ4_RAW block gave " + n + " bytes, page says " + uncompressedSize);
                }
                break;
            default:
                throw new IOException("codec " + codec + " not supported here");
        }
        if (out.length != uncompressedSize) {
            throw new IOException(codec + " gave " + out.length + " bytes, page says " + uncompressedSize);
        }
        return out;
    }

    @Override
    public void release() {}
}

package dev.colcodec.format.fuzz;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Factory;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page compression for parquet-java's writer and reader without Hadoop (its own codec factory needs a
 * Hadoop {@code Configuration}): compressors calling the reference libraries directly, decompressors
 * from the interop tests' {@code ReferenceCodecFactory} (package-private there, so built reflectively).
 */
final class ParquetJavaCodecs implements CompressionCodecFactory {
    private final CompressionCodecFactory decompressors;

    ParquetJavaCodecs() {
        try {
            var c = Class.forName("dev.colcodec.format.interop.ReferenceCodecFactory")
                    .getDeclaredConstructor();
            c.setAccessible(true);
            decompressors = (CompressionCodecFactory) c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                return BytesInput.from(compressBytes(codec, bytes.toByteArray()));
            }

            @Override
            public CompressionCodecName getCodecName() {
                return codec;
            }

            @Override
            public void release() {}
        };
    }

    private static byte[] compressBytes(CompressionCodecName codec, byte[] in) throws IOException {
        switch (codec) {
            case UNCOMPRESSED:
                return in;
            case SNAPPY:
                return Snappy.compress(in);
            case ZSTD:
                return Zstd.compress(in, 3);
            case GZIP: {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                    gz.write(in);
                }
                return out.toByteArray();
            }
            case LZ4_RAW:
                return LZ4Factory.safeInstance().fastCompressor().compress(in);
            default:
                throw new IOException("codec " + codec + " not supported here");
        }
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return decompressors.getDecompressor(codec);
    }

    @Override
    public void release() {}
}

package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import java.util.HexFormat;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.Test;

/** Test vectors from parquet-format-structures 1.18.1 (reference notes, section 7). */
class ParquetThriftTest {
    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    @Test
    void v1HeaderMatchesVector() {
        PageHeader h = new PageHeader(PageType.DATA_PAGE, 100, 80);
        h.setCrc(0x12345678);
        h.setData_page_header(new DataPageHeader(10, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        byte[] expected = hex("15 00 15 c8 01 15 a0 01 15 f0 d9 a2 a3 02 1c 15 14 15 00 15 06 15 06 00 00");
        assertThat(ParquetThrift.toBytes(h)).isEqualTo(expected);
        byte[] padded = new byte[expected.length + 7];
        System.arraycopy(expected, 0, padded, 3, expected.length);
        ParquetThrift.Decoded<PageHeader> d = ParquetThrift.readPageHeader(padded, 3, padded.length - 3, 0);
        assertThat(d.value()).isEqualTo(h);
        assertThat(d.length()).isEqualTo(expected.length);
    }

    @Test
    void v2HeaderMatchesVector() {
        PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, 100, 80);
        DataPageHeaderV2 v2 = new DataPageHeaderV2(10, 2, 10, Encoding.DELTA_BINARY_PACKED, 3, 0);
        v2.setIs_compressed(false);
        h.setData_page_header_v2(v2);
        assertThat(ParquetThrift.toBytes(h))
                .isEqualTo(hex("15 06 15 c8 01 15 a0 01 5c 15 14 15 04 15 14 15 0a 15 06 15 00 12 00 00"));
    }

    /**
     * An exception the JVM raises inside the decoder loses its message once that code is compiled (fuzzing
     * saw "(Index 78 out of bounds for length 78)" turn into "(no detail)"): only its kind is reported.
     */
    @Test
    void jvmExceptionsAreNamedByKindOnly() {
        assertThat(ParquetThrift.detail(new ArrayIndexOutOfBoundsException("Index 78 out of bounds for length 78")))
                .isEqualTo("ArrayIndexOutOfBoundsException");
        assertThat(ParquetThrift.detail(new ArrayIndexOutOfBoundsException()))
                .isEqualTo("ArrayIndexOutOfBoundsException");
        assertThat(ParquetThrift.detail(new NullPointerException())).isEqualTo("NullPointerException");
        assertThat(ParquetThrift.detail(new shaded.parquet.org.apache.thrift.protocol.TProtocolException(
                        "Required field 'x' was not present! Struct: Foo$Scheme@1b6d3586")))
                .isEqualTo("Required field 'x' was not present!");
    }

    /** A missing required field is named in the message without Thrift's object identity (fuzzing saw it vary). */
    @Test
    void errorsSayTheSameEveryTime() {
        // a header that ends after its type: the sizes are missing
        byte[] v = hex("15 00 00");
        String first = null;
        for (int k = 0; k < 3; k++) {
            CorruptInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                    CorruptInputException.class, () -> ParquetThrift.readPageHeader(v, 0, v.length, 0));
            assertThat(e.getMessage())
                    .contains("uncompressed_page_size")
                    .doesNotContain("@")
                    .doesNotContain("Struct");
            first = first == null ? e.getMessage() : first;
            assertThat(e.getMessage()).isEqualTo(first);
        }
    }

    @Test
    void truncatedOrLyingHeadersAreCorruptInput() {
        byte[] v = hex("15 00 15 c8 01 15 a0 01 15 f0 d9 a2 a3 02 1c 15 14 15 00 15 06 15 06 00 00");
        for (int len = 0; len < v.length; len++) {
            int l = len;
            assertThatThrownBy(() -> ParquetThrift.readPageHeader(v, 0, l, 1000))
                    .isInstanceOf(CorruptInputException.class)
                    .satisfies(e ->
                            assertThat(((CorruptInputException) e).offset()).isBetween(1000L, 1000L + l));
        }
        // a binary field claiming 2^31 bytes: refused before allocating
        byte[] lying = hex("15 00 15 c8 01 15 a0 01 28 ff ff ff ff 07 00");
        assertThatThrownBy(() -> ParquetThrift.readPageHeader(lying, 0, lying.length, 0))
                .isInstanceOf(CorruptInputException.class);
        // a list claiming 2^28 elements
        byte[] bigList = hex("19 f5 ff ff ff 01 00");
        assertThatThrownBy(() -> ParquetThrift.readFileMetaData(bigList, 0, bigList.length, 0))
                .isInstanceOf(CorruptInputException.class);
    }
}

package dev.colcodec.bench.tsfile.more;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.dictionary.DictionaryReader;
import java.util.Arrays;
import org.apache.tsfile.utils.Binary;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DictionaryBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,devices", "colcodec,distinct", "colcodec-scalar,devices", "colcodec-scalar,distinct",
        "tsfile,devices", "tsfile,distinct", "memcpy,devices", "memcpy,distinct"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        DictionaryBench b = new DictionaryBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        Object out = b.decode();
        int total = b.encode();
        int oracleTotal = 0;
        for (byte[] p : b.oraclePages) {
            oracleTotal += p.length;
        }
        assertThat(total).isEqualTo(oracleTotal);
        switch (impl) {
            case "memcpy":
                assertThat((byte[]) out).isEqualTo(b.flatValues);
                assertThat(b.flatPagesCopy).isEqualTo(b.flatPages);
                break;
            case "tsfile": {
                Binary[] got = (Binary[]) out;
                for (int i = 0; i < TsSeries.VALUES; i++) {
                    assertThat(got[i].getValues()).isEqualTo(b.values[i]);
                }
                break;
            }
            default: {
                int[] ids = (int[]) out;
                DictionaryReader pageReader = new DictionaryReader();
                for (int i = 0; i < TsSeries.VALUES; i++) {
                    byte[] page = b.oraclePages[i / TsSeries.PAGE];
                    if (i % TsSeries.PAGE == 0) {
                        pageReader.init(TsSeries.PAGE, page, 0, page.length);
                    }
                    int at = pageReader.entryOffset(ids[i]);
                    assertThat(Arrays.copyOfRange(page, at, at + pageReader.entryLength(ids[i])))
                            .isEqualTo(b.values[i]);
                }
                assertThat(b.encoded).isDeepEqualTo(b.oraclePages);
                break;
            }
        }
    }
}

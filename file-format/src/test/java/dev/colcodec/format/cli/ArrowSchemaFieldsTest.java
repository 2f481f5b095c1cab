package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ArrowSchemaFieldsTest {
    @Test
    void findsTheDictionaryFieldsOfPyarrowsSchema() {
        assertThat(ArrowSchemaFields.dictionaryFields(ColcodecCliTest.ARROW_SCHEMA_S_DICTIONARY))
                .containsExactly("s");
    }

    /** The older IPC form: the length without the continuation marker before the flatbuffer. */
    @Test
    void readsTheFormWithoutTheContinuationMarker() {
        byte[] b = Base64.getDecoder().decode(ColcodecCliTest.ARROW_SCHEMA_S_DICTIONARY);
        byte[] old = java.util.Arrays.copyOfRange(b, 4, b.length);
        assertThat(ArrowSchemaFields.dictionaryFields(Base64.getEncoder().encodeToString(old)))
                .containsExactly("s");
    }

    /** Anything else, truncated or damaged schemas included, gives no field and no exception. */
    @Test
    void garbageGivesNoFields() {
        assertThat(ArrowSchemaFields.dictionaryFields("not base64 !")).isEmpty();
        assertThat(ArrowSchemaFields.dictionaryFields("")).isEmpty();
        byte[] b = Base64.getDecoder().decode(ColcodecCliTest.ARROW_SCHEMA_S_DICTIONARY);
        SplittableRandom r = new SplittableRandom(5);
        int found = 0;
        for (int i = 0; i < 5000; i++) {
            byte[] bad = i % 2 == 0 ? java.util.Arrays.copyOf(b, r.nextInt(b.length)) : b.clone();
            if (i % 2 == 1) {
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            // only the damaged names can come out: never an exception
            found += ArrowSchemaFields.dictionaryFields(Base64.getEncoder().encodeToString(bad))
                    .size();
        }
        assertThat(found).as("damaged schemas still read").isPositive();
    }
}

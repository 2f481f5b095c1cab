package dev.colcodec.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeVariantGeneratorTest {
    private static final Path MAIN = Paths.get("src/main/java");

    @Test
    void everyCommittedTwinIsTheGeneratorsOutput() throws IOException {
        for (TypeVariantGenerator.Variant v : TypeVariantGenerator.VARIANTS) {
            String committed = Files.readString(MAIN.resolve(v.target()), StandardCharsets.UTF_8);
            String generated = TypeVariantGenerator.generate(v, MAIN);
            assertThat(normalize(committed))
                    .as(v.target() + " differs from its template " + v.template()
                            + ": run TypeVariantGenerator.main, then spotless:apply")
                    .isEqualTo(normalize(generated));
        }
    }

    @Test
    void aReplacementThatNoLongerMatchesFails() {
        TypeVariantGenerator.Variant v = TypeVariantGenerator.VARIANTS.get(0);
        List<String[]> broken = new ArrayList<>(v.replacements());
        broken.add(new String[] {"no such text in the template", "x"});
        TypeVariantGenerator.Variant bad = new TypeVariantGenerator.Variant(v.template(), v.target(), broken);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TypeVariantGenerator.generate(bad, MAIN))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no such text");
    }

    /**
     * The source up to the formatter's choices: import lines sorted, comment markers at line starts
     * dropped, every run of white space one space.
     */
    static String normalize(String source) {
        List<String> imports = new ArrayList<>();
        StringBuilder rest = new StringBuilder();
        for (String line : source.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("import ")) {
                imports.add(t);
                continue;
            }
            if (t.startsWith("// ")) {
                t = t.substring(3);
            } else if (t.startsWith("* ") || t.equals("*")) {
                t = t.substring(1);
            }
            rest.append(t).append(' ');
        }
        imports.sort(null);
        return String.join("\n", imports) + "\n"
                + rest.toString().replaceAll("\\s+", " ").strip();
    }
}

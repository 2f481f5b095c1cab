package dev.colcodec.tsfile.chimp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ChimpStreamWriter.encode64} is {@code encodeAnyWidth} with the per-type numbers written as
 * constants (C2 folds them into the instructions): apart from those {@code final} declarations, which
 * must declare the same names in the same order, the two method bodies must be the same text. Edit
 * {@code encodeAnyWidth}, copy its body into {@code encode64} and keep encode64's constants.
 */
class ChimpEncodeLoopCopyTest {
    private static final String SOURCE = "src/main/java/dev/colcodec/tsfile/chimp/ChimpStreamWriter.java";

    /** The lines of a method's body (from its signature line to its closing brace), stripped. */
    static List<String> body(String source, String signature) {
        int start = source.indexOf(signature);
        assertThat(start).as(signature).isNotNegative();
        int end = source.indexOf("\n    }\n", start);
        return Arrays.stream(
                        source.substring(source.indexOf('\n', start) + 1, end).split("\n"))
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
    }

    private static String declaredName(String line) {
        // "final int windowMask = window - 1;" -> "windowMask"
        String[] words = line.split(" ");
        return words.length > 3 && words[0].equals("final") ? words[2] : null;
    }

    @Test
    void encode64IsEncodeAnyWidthWithItsNumbersAsConstants() throws IOException {
        String source = Files.readString(Paths.get(SOURCE), StandardCharsets.UTF_8);
        List<String> any = body(source, "private void encodeAnyWidth(long[] src, int off, int n) {");
        List<String> w64 = body(source, "private void encode64(long[] src, int off, int n) {");
        assertThat(w64).as("encode64's lines").hasSameSizeAs(any);
        int constants = 0;
        for (int i = 0; i < any.size(); i++) {
            if (any.get(i).equals(w64.get(i))) {
                continue;
            }
            String name = declaredName(any.get(i));
            assertThat(name)
                    .as(
                            "line %d of encode64 differs from encodeAnyWidth but is not a constant:%n%s%n%s",
                            i, w64.get(i), any.get(i))
                    .isNotNull()
                    .isEqualTo(declaredName(w64.get(i)));
            constants++;
        }
        assertThat(constants).as("the per-type numbers written as constants").isBetween(1, 12);
    }
}

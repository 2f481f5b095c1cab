package dev.colcodec.format.fuzz;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The command line tool on damaged files. A small valid file is written by one of five writers
 * (colcodec's or parquet-java's Parquet writer; colcodec's or tsfile 2.4.0's table-model writer;
 * tsfile's tree-model writer); {@code inspect}, {@code dump} and (but on a tree-model file) {@code
 * advise} must succeed on it. Copies damaged in the pages, in the footer or metadata, or anywhere
 * (truncated, bits flipped, a range overwritten with random bytes or zeroed) are then run through {@code
 * inspect} (with and without {@code --pages}), {@code dump}, {@code rewrite} (sometimes with {@code
 * --advise}), {@code convert} and sometimes {@code advise}, in process; the advisor's meter answers a
 * fixed speed ({@link CliRun}).
 *
 * <p>Every run must exit 0, or exit non-zero with exactly one non-empty {@code colcodec: } line on
 * stderr and no stack trace; a failed rewrite or convert leaves no output file. The tool reports any
 * RuntimeException as one line, which would hide a library bug: a failure whose message is not a
 * corrupt input report is run again with {@code --verbose}, and the exception it names must be
 * colcodec's {@code CorruptInputException}, an {@code EOFException}, or one of the tool's own refusals
 * (an IllegalArgumentException for data a TsFile cannot hold, or an unknown name). An out of memory
 * report fails the case. Hangs are caught by the per-case timeout.
 */
final class CliDamagedFuzz extends FuzzHarness {
    private final Path dir;

    CliDamagedFuzz(Path dir) {
        this.dir = dir;
    }

    /** A written file: its bytes, whether Parquet, a time column for convert, a tree device for dump. */
    private record Made(
            byte[] bytes, boolean parquet, String timeColumn, String tagColumn, boolean tree, String treeDevice) {}

    @Override
    void run(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        Path work = Files.createDirectories(dir.resolve("cli-" + seed));
        try {
            Path good = work.resolve("good.bin");
            Made m = make(r, work, good);
            if (m == null) {
                return;
            }
            // an undamaged file: inspect and dump succeed (a failure is reported after the damaged copies
            // are run, so that a known one does not keep them from running)
            AssertionError undamaged = null;
            try {
                runChecked(new String[] {"inspect", good.toString()}, true);
                runChecked(new String[] {"inspect", good.toString(), "--pages"}, true);
                if (m.tree() && m.treeDevice() == null) {
                    // no device has a point (tsfile writes no empty non-aligned series): nothing to dump
                    CliRun.run(dumpArgs(good, m)).checkRefused(2, "the file has no table schema");
                } else {
                    runChecked(dumpArgs(good, m), true);
                }
                if (!m.tree()) {
                    runChecked(adviseArgs(good, r), true);
                }
            } catch (AssertionError e) {
                undamaged = e;
            }
            int copies = 2 + r.nextInt(2);
            for (int k = 0; k < copies; k++) {
                FuzzData.Damage d = damage(m, r);
                log("  damage " + k + ": " + d.how());
                Path bad = work.resolve("bad" + k + ".bin");
                Files.write(bad, d.bytes());
                try {
                    commands(bad, m, work, r);
                } catch (AssertionError e) {
                    throw new AssertionError("damaged copy (" + d.how() + "): " + e.getMessage(), e);
                }
                Files.delete(bad);
            }
            if (undamaged != null) {
                throw undamaged;
            }
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private Made make(SplittableRandom r, Path work, Path file) throws Exception {
        int source = r.nextInt(5);
        switch (source) {
            case 0, 1 -> {
                ParquetFileFuzz helper = new ParquetFileFuzz(ParquetFileFuzz.Mode.DAMAGED, work);
                int rows = r.nextInt(r.nextBoolean() ? 50 : 2000);
                ParquetFileFuzz.Written w = source == 0
                        ? helper.writeWithColcodec(r, rows, file)
                        : helper.writeWithParquetJava(r, rows, file);
                describe("cli: " + w.description());
                String time = null;
                String tag = null;
                for (ParquetModel.Col c : w.cols()) {
                    boolean integral = c.phys() == dev.colcodec.parquet.PhysicalType.INT32
                            || c.phys() == dev.colcodec.parquet.PhysicalType.INT64;
                    if (time == null && integral && !c.list) {
                        time = c.name;
                    } else if (tag == null && !c.list && r.nextBoolean()) {
                        tag = c.name;
                    }
                }
                return new Made(w.bytes(), true, time, tag, false, null);
            }
            case 2, 3 -> {
                TsTableFileFuzz.Dataset ds = TsTableFileFuzz.dataset(r, source == 2, true);
                describe("cli: " + (source == 2 ? "colcodec" : "tsfile") + " writes " + ds);
                if (source == 2) {
                    byte[] b = new TsTableFileFuzz(TsTableFileFuzz.Mode.COLCODEC_WRITES, work)
                            .writeWithColcodec(ds, file, r);
                    Files.write(file, b);
                } else {
                    TsTableFileFuzz.writeWithTsFile(ds, file, r);
                }
                return new Made(Files.readAllBytes(file), false, null, null, false, null);
            }
            default -> {
                List<TsTreeFileFuzz.Device> devices = TsTreeFileFuzz.devices(r, true);
                int pagePoints = TsValues.pagePoints(r);
                // tsfile's default time encoding: a non-aligned chunk does not record its time encoding, and
                // the tool (as tsfile's own reader) takes the default
                TsEncoding timeEncoding = TsEncoding.TS_2DIFF;
                Compression timeCompression = TsValues.COMPRESSIONS[r.nextInt(TsValues.COMPRESSIONS.length - 1)];
                describe("cli: tsfile writes tree devices " + devices + " pagePoints " + pagePoints + " time "
                        + timeEncoding + "/" + timeCompression);
                try {
                    TsTreeFileFuzz.write(devices, file, r, pagePoints, timeEncoding, timeCompression);
                } catch (ArithmeticException | AssertionError e) {
                    // tsfile 2.4.0's writer bug in checkMemorySizeAndMayFlushChunks (see TsTreeFileFuzz.run)
                    if (Arrays.stream(e.getStackTrace())
                            .noneMatch(s -> s.getMethodName().equals("checkMemorySizeAndMayFlushChunks"))) {
                        throw e;
                    }
                    log("  tsfile's writer fails in checkMemorySizeAndMayFlushChunks; no file");
                    return null;
                }
                // a device with a point (an empty non-aligned one is not written)
                String device = null;
                for (TsTreeFileFuzz.Device d : devices) {
                    boolean written = d.aligned();
                    for (int c = 0; c < d.measurements().size() && !written; c++) {
                        written = d.points(c) > 0;
                    }
                    if (written && (device == null || r.nextBoolean())) {
                        device = d.path();
                    }
                }
                return new Made(Files.readAllBytes(file), false, null, null, true, device);
            }
        }
    }

    private static String[] dumpArgs(Path file, Made m) {
        return m.treeDevice() != null
                ? new String[] {"dump", file.toString(), "--device", m.treeDevice()}
                : new String[] {"dump", file.toString()};
    }

    /** {@code advise} with a random sample size and sometimes one policy. */
    private static String[] adviseArgs(Path file, SplittableRandom r) {
        List<String> args =
                new ArrayList<>(List.of("advise", file.toString(), "--sample", String.valueOf(1 + r.nextInt(3000))));
        if (r.nextBoolean()) {
            args.addAll(List.of("--policy", POLICIES[r.nextInt(POLICIES.length)]));
        }
        return args.toArray(new String[0]);
    }

    private static final String[] POLICIES = {"smallest", "fastest", "balanced"};

    /** The six commands on one damaged file. */
    private void commands(Path bad, Made m, Path work, SplittableRandom r) throws IOException {
        runChecked(new String[] {"inspect", bad.toString()}, false);
        runChecked(new String[] {"inspect", bad.toString(), "--pages"}, false);
        runChecked(dumpArgs(bad, m), false);
        if (r.nextInt(4) == 0) {
            runChecked(new String[] {"dump", bad.toString(), "--limit", String.valueOf(r.nextInt(20))}, false);
        }
        Path rewritten = work.resolve("rewritten" + (m.parquet() ? ".parquet" : ".tsfile"));
        List<String> rw = new ArrayList<>(List.of("rewrite", bad.toString(), rewritten.toString()));
        if (r.nextBoolean()) {
            rw.addAll(List.of("--codec", r.nextBoolean() ? "SNAPPY" : "UNCOMPRESSED"));
        }
        if (r.nextInt(3) == 0) {
            rw.addAll(List.of("--advise", POLICIES[r.nextInt(POLICIES.length)]));
        }
        outputCommand(rw, rewritten);
        if (r.nextInt(3) == 0) {
            runChecked(adviseArgs(bad, r), false);
        }
        Path converted = work.resolve("converted" + (m.parquet() ? ".tsfile" : ".parquet"));
        List<String> cv = new ArrayList<>(List.of("convert", bad.toString(), converted.toString()));
        if (m.parquet()) {
            cv.addAll(List.of("--time", m.timeColumn() == null ? "c0" : m.timeColumn()));
            if (m.tagColumn() != null) {
                cv.addAll(List.of("--tags", m.tagColumn()));
            }
        }
        outputCommand(cv, converted);
    }

    /** A command writing {@code output}: after a failure no output file stays. */
    private void outputCommand(List<String> args, Path output) throws IOException {
        Files.deleteIfExists(output);
        CliRun run = runChecked(args.toArray(new String[0]), false);
        if (run.status() != 0 && Files.exists(output)) {
            throw new AssertionError("a failed command left its output file: " + run.show());
        }
        Files.deleteIfExists(output);
    }

    /** Runs one command and checks the rule (and success when {@code mustSucceed}). */
    private CliRun runChecked(String[] args, boolean mustSucceed) {
        CliRun run = CliRun.run(args);
        log("  " + run.show());
        if (mustSucceed) {
            run.checkSuccess();
            if (run.out().isEmpty()) {
                throw new AssertionError("no output: " + run.show());
            }
            return run;
        }
        run.checkRule();
        if (run.status() == 1) {
            String line = run.errLines().get(0);
            if (line.contains("out of memory")) {
                throw new AssertionError("out of memory on a small damaged file: " + run.show());
            }
            if (!line.startsWith("colcodec: corrupt input at offset")
                    && !line.startsWith("colcodec: truncated input")) {
                checkVerbose(args);
            }
        }
        return run;
    }

    /** The exception behind a one-line report, as {@code --verbose} prints it, is one bad input may give. */
    private void checkVerbose(String[] args) {
        String[] verbose = new String[args.length + 1];
        verbose[0] = "--verbose";
        System.arraycopy(args, 0, verbose, 1, args.length);
        CliRun run = CliRun.run(verbose);
        List<String> lines = run.errLines();
        if (run.status() == 0 || lines.size() < 2) {
            throw new AssertionError("a different result with --verbose: " + run.show());
        }
        String ex = lines.get(1);
        String where = lines.size() > 2 ? lines.get(2).trim() : "";
        boolean ok = ex.startsWith("dev.colcodec.CorruptInputException")
                || ex.startsWith("java.io.EOFException")
                || ex.startsWith("java.lang.IllegalArgumentException")
                        && (ex.contains("occurs twice")
                                || ex.contains("is null at row")
                                || ex.contains("over the maximum of TsFile")
                                || ex.contains("merging the series")
                                // rewrite's refusal of times that do not ascend (damaged times read as values)
                                || ex.contains("do not ascend in time")
                                // convert's refusal of a Parquet schema (a damaged name) with two columns of
                                // one name, which a TsFile table cannot hold
                                || ex.contains("two columns named")
                                // convert's refusal of a tag (damaged bytes) that is not valid UTF-8
                                || ex.contains("is not valid UTF-8, which a TsFile device id")
                                // or a NaN with a payload (damaged bits), whose text is every NaN's
                                || ex.contains("is a NaN with a payload, whose text (a TsFile device id)")
                                || ex.startsWith("java.lang.IllegalArgumentException: no "));
        if (!ok) {
            throw new AssertionError(
                    "not a corrupt input report: " + ex + " " + where + " (" + String.join(" ", args) + ")");
        }
    }

    /**
     * The file damaged in its pages, its footer or metadata (Parquet: the footer; TsFile: the metadata and
     * the index before it), or anywhere: truncated, bits flipped, a range overwritten with random bytes
     * or zeroed, or as {@link FuzzData#damage} does it.
     */
    private static FuzzData.Damage damage(Made m, SplittableRandom r) {
        byte[] good = m.bytes();
        int len = good.length;
        int meta = metadataStart(m);
        int region = r.nextInt(3);
        int from = region == 0 ? 0 : region == 1 ? meta : 0;
        int to = region == 0 ? meta : len;
        if (to - from < 1) {
            from = 0;
            to = len;
        }
        String where = new String[] {"pages", "metadata", "anywhere"}[region] + "[" + from + "," + to + ") ";
        int kind = r.nextInt(5);
        byte[] bad = good.clone();
        StringBuilder how = new StringBuilder(where);
        switch (kind) {
            case 0 -> {
                int at = from + r.nextInt(Math.max(1, to - from));
                return new FuzzData.Damage(Arrays.copyOf(good, at), where + "truncated to " + at);
            }
            case 1 -> {
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    int at = from + r.nextInt(to - from);
                    bad[at] ^= (byte) (1 << r.nextInt(8));
                    how.append("flip@").append(at).append(' ');
                }
            }
            case 2, 3 -> {
                int at = from + r.nextInt(to - from);
                int n = Math.min(to - at, 1 + r.nextInt(r.nextBoolean() ? 8 : 64));
                for (int i = at; i < at + n; i++) {
                    bad[i] = kind == 2 ? (byte) r.nextInt(256) : 0;
                }
                how.append(kind == 2 ? "random@" : "zero@")
                        .append(at)
                        .append('+')
                        .append(n);
            }
            default -> {
                FuzzData.Damage d = FuzzData.damage(good, r, from, to);
                return new FuzzData.Damage(d.bytes(), where + d.how());
            }
        }
        return new FuzzData.Damage(bad, how.toString().trim());
    }

    /** Where the footer (Parquet) or the metadata and some of the index before it (TsFile) start. */
    private static int metadataStart(Made m) {
        byte[] b = m.bytes();
        int len = b.length;
        if (len < 16) {
            return 0;
        }
        if (m.parquet()) {
            int footer = ByteBuffer.wrap(b, len - 8, 4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .getInt();
            return (int) Math.max(4, Math.min(len - 8L, len - 8L - footer));
        }
        // TsFile: ... metadata, its size (4 bytes, big-endian), "TsFile"
        int size = ByteBuffer.wrap(b, len - 10, 4).getInt();
        long start = (long) len - 10 - size;
        return (int) Math.max(0, Math.min(len - 10L, start - Math.min(start / 2, 256)));
    }
}

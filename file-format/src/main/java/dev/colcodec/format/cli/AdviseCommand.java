package dev.colcodec.format.cli;

import dev.colcodec.format.advisor.Advice;
import dev.colcodec.format.advisor.Candidate;
import dev.colcodec.format.advisor.Column;
import dev.colcodec.format.advisor.EncodingAdvisor;
import dev.colcodec.format.advisor.Policy;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.parquet.PhysicalType;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code advise FILE [--policy P] [--sample N] [--table T]}: per column, every (encoding, codec) candidate
 * the advisor measured on the first N non-null values, and its recommendation under each policy (or only
 * under {@code --policy}).
 */
final class AdviseCommand {
    static final String USAGE = "advise FILE [--policy smallest|fastest|balanced] [--sample N] [--table T]";

    private AdviseCommand() {}

    static int run(List<String> argList, PrintStream out, EncodingAdvisor advisor) throws IOException {
        CliArgs args = new CliArgs("advise", argList, Set.of("--policy", "--sample", "--table"), Set.of());
        Path file = Path.of(args.positional(1, "FILE").get(0));
        List<Policy> policies = args.option("--policy") == null
                ? List.of(Policy.values())
                : List.of(Samples.policy(args.option("--policy")));
        long sample = args.nonNegativeLong("--sample", advisor.sampleSize());
        if (sample < 1 || sample > Integer.MAX_VALUE - 16) {
            throw new UsageException("advise: --sample must be between 1 and " + (Integer.MAX_VALUE - 16));
        }
        EncodingAdvisor a = advisor.withSampleSize((int) sample);
        List<Samples.Collector> samples;
        if (FileFormat.detect(file) == FileFormat.PARQUET) {
            try (ParquetFileReader r = ParquetFileReader.open(file)) {
                int[] all = new int[r.columns().size()];
                for (int i = 0; i < all.length; i++) {
                    all[i] = i;
                }
                samples = RewriteCommand.collectParquet(r, all, (int) sample);
                for (int i = 0; i < all.length; i++) {
                    ParquetColumn c = r.columns().get(i);
                    if (c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                        samples.get(i).fixedLength(c.typeLength());
                    } else if (c.type() == PhysicalType.INT96) {
                        // 12-byte legacy timestamps: Parquet holds them only PLAIN or in a dictionary
                        samples.set(i, new Samples.Collector(samples.get(i).name(), (int) sample));
                    }
                }
            }
        } else {
            try (TsFileReader r = TsFileReader.open(file)) {
                String table = TsTables.table(r, args.option("--table"));
                samples = new ArrayList<>();
                Samples.Collector times = new Samples.Collector(RewriteCommand.TIME, (int) sample);
                samples.add(times);
                List<TsTableSchema.Column> fields = TsTables.columns(r.schema(table), TsTableSchema.Category.FIELD);
                for (TsTableSchema.Column c : fields) {
                    samples.add(new Samples.Collector(c.name(), (int) sample).tsType(c.type()));
                }
                TsTables.sample(
                        r, table, times, samples.subList(1, samples.size()).toArray(new Samples.Collector[0]));
            }
        }
        for (Samples.Collector s : samples) {
            Column column = s.column();
            if (column == null) {
                out.println("column " + s.name() + ": no advisor encodings for this type (nested columns, INT96)");
                continue;
            }
            out.println("column " + s.name() + " (" + column.kind() + ", " + column.size() + " values sampled):");
            Advice advice = a.advise(column);
            out.println(String.format(Locale.ROOT, "  %-42s %12s %20s", "candidate", "bytes/value", "decode speed"));
            for (Candidate c : advice.candidates()) {
                out.println(String.format(Locale.ROOT, "  %-42s %12.3f %20s", c.label(), c.bytesPerValue(), c.speed()));
            }
            if (!advice.rejections().isEmpty()) {
                out.println("  (" + advice.rejections().size() + " pairs dropped: lossy, declined or failed)");
            }
            for (Policy p : policies) {
                String choice =
                        advice.candidates().isEmpty() ? "none" : advice.best(p).label();
                out.println("  recommended (" + p.name().toLowerCase(Locale.ROOT) + "): " + choice);
            }
        }
        return 0;
    }
}

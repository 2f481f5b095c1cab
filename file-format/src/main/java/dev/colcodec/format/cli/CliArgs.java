package dev.colcodec.format.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The arguments of one command: positional arguments, options with one value, and flags. */
final class CliArgs {
    /** The options that may be given more than once. */
    private static final Set<String> REPEATABLE = Set.of("--encoding");

    private final String command;
    private final List<String> positional = new ArrayList<>();
    private final Map<String, List<String>> options = new LinkedHashMap<>();
    private final Set<String> flags = new HashSet<>();

    /**
     * Parses {@code args} (after the command name): {@code valued} options take the next argument
     * (repeatable; a value may not start with {@code --}), {@code flagNames} take none; anything else
     * starting with {@code -} (but {@code -} alone) is a usage error.
     */
    CliArgs(String command, List<String> args, Set<String> valued, Set<String> flagNames) {
        this.command = command;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--")) {
                if (valued.contains(a)) {
                    if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
                        throw new UsageException(command + ": option " + a + " needs a value");
                    }
                    String v = args.get(++i);
                    if (v.isEmpty()) {
                        throw new UsageException(command + ": option " + a + " needs a value, got an empty one");
                    }
                    List<String> given = options.computeIfAbsent(a, k -> new ArrayList<>());
                    if (!given.isEmpty() && !REPEATABLE.contains(a)) {
                        throw new UsageException(command + ": option " + a + " given more than once ('" + given.get(0)
                                + "' and '" + v + "')");
                    }
                    given.add(v);
                } else if (flagNames.contains(a)) {
                    flags.add(a);
                } else {
                    throw new UsageException(command + ": unknown option " + a);
                }
            } else if (a.startsWith("-") && a.length() > 1) {
                // options are spelled with two dashes; a file named so is reached as ./-name
                throw new UsageException(command + ": unknown option " + a);
            } else {
                positional.add(a);
            }
        }
    }

    /** Exactly {@code n} positional arguments, named in {@code what} for the error message. */
    List<String> positional(int n, String what) {
        if (positional.size() != n) {
            throw new UsageException(command + ": expected " + what + ", got " + positional.size() + " argument(s)");
        }
        return positional;
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    /** The value of an option given at most once, or null; one given twice is a usage error. */
    String option(String name) {
        List<String> v = options.get(name);
        if (v != null && v.size() > 1) {
            throw new UsageException(
                    command + ": option " + name + " given more than once ('" + v.get(0) + "' and '" + v.get(1) + "')");
        }
        return v == null ? null : v.get(0);
    }

    /** Every value of a repeatable option (empty if absent). */
    List<String> all(String name) {
        return options.getOrDefault(name, List.of());
    }

    /**
     * A comma-separated list option, or null when absent. In a name, {@code \,} is a comma and {@code \\} a
     * backslash; any other backslash is itself.
     */
    List<String> list(String name) {
        String v = option(name);
        if (v == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        StringBuilder item = new StringBuilder();
        for (int i = 0; i <= v.length(); i++) {
            char c = i < v.length() ? v.charAt(i) : ',';
            if (c == '\\' && i + 1 < v.length() && (v.charAt(i + 1) == ',' || v.charAt(i + 1) == '\\')) {
                item.append(v.charAt(++i));
            } else if (c == ',') {
                if (item.length() == 0) {
                    throw new UsageException(command + ": empty name in " + name + " " + v);
                }
                out.add(item.toString());
                item.setLength(0);
            } else {
                item.append(c);
            }
        }
        return out;
    }

    /** A non-negative integer option, or {@code dflt} when absent. */
    long nonNegativeLong(String name, long dflt) {
        String v = option(name);
        if (v == null) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + " needs a non-negative integer, got '" + v + "'");
        }
    }

    /**
     * {@code --encoding COLUMN=ENCODING} options as a map, split at the last {@code =}: no encoding name holds
     * one, so a column name may. A column named twice is a usage error.
     */
    Map<String, String> encodings() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String s : all("--encoding")) {
            int eq = s.lastIndexOf('=');
            if (eq <= 0 || eq == s.length() - 1) {
                throw new UsageException(command + ": --encoding needs COLUMN=ENCODING, got '" + s + "'");
            }
            String previous = out.put(s.substring(0, eq), s.substring(eq + 1));
            if (previous != null) {
                throw new UsageException(command + ": --encoding names column " + s.substring(0, eq) + " twice ('"
                        + previous + "' and '" + s.substring(eq + 1) + "')");
            }
        }
        return out;
    }

    String command() {
        return command;
    }
}

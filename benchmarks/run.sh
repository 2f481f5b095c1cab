#!/usr/bin/env bash
# The headline benchmark: builds the benchmark jar if needed, runs a curated JMH selection with the
# vector kernels available, prints Markdown tables (values/s and ratios), and keeps the JMH JSON, the
# report and its PNG charts under results/<timestamp>/.
# Usage: benchmarks/run.sh [--selection NAME | --full] [extra JMH args...]
#   NAME is a file in benchmarks/selections/ (default: headline); --full runs every benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."

find_java25() {
  local c
  for c in "${JAVA25_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/* /usr/java/* /opt/java/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -n "$c" ] && [ -x "$c/bin/java" ] || continue
    if "$c/bin/java" -version 2>&1 | grep -Eq 'version "(2[5-9]|[3-9][0-9])'; then echo "$c/bin/java"; return 0; fi
  done
  return 1
}
JAVA=$(find_java25) || { echo "benchmarks/run.sh needs a JDK 25 (set JAVA25_HOME)" >&2; exit 1; }

JAR=benchmarks/target/benchmarks.jar
if [ ! -f "$JAR" ] || [ -n "$(find codec-core/src codec-simd/src benchmarks/src file-format/src -newer "$JAR" -type f 2>/dev/null | head -1)" ]; then
  ./mvnw -B -q -DskipTests package
fi

ORIG_ARGS="$*"
FULL=0
SELECTION_NAME=headline
if [ "${1:-}" = "--full" ]; then FULL=1; shift; fi
if [ "${1:-}" = "--selection" ]; then
  [ "$FULL" = 0 ] || { echo "--full or --selection NAME, not both" >&2; exit 2; }
  SELECTION_NAME="$2"; shift 2
fi
if [ "${1:-}" = "--full" ]; then echo "--full or --selection NAME, not both" >&2; exit 2; fi
SELECTION_FILE="benchmarks/selections/$SELECTION_NAME.txt"
[ "$FULL" = 1 ] || [ -f "$SELECTION_FILE" ] || { echo "no selection $SELECTION_FILE" >&2; exit 2; }

OUT="results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"

# The selection: one JMH run per line of the selection file, or every benchmark with --full.
if [ "$FULL" = 1 ]; then
  SELECTION=(".*")
else
  mapfile -t SELECTION < <(grep -v '^#' "$SELECTION_FILE" | sed '/^\s*$/d')
fi
# Short iterations keep the headline near a quarter of an hour; pass your own -wi/-i/-w/-r to override.
# Four one-second warm-up iterations: with two, some Vector API code was still not compiled by C2 when
# measuring started (it runs hundreds of times slower until then).
DEFAULTS=(-wi 4 -w 1s -i 2 -r 1s)
for a in "$@"; do
  case "$a" in -wi|-w|-i|-r) DEFAULTS=() ;; esac
done

set -f  # benchmark regexes must not be globbed
i=0
for sel in "${SELECTION[@]}"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$JAVA" --add-modules=jdk.incubator.vector --sun-misc-unsafe-memory-access=allow -jar "$JAR" $sel "${DEFAULTS[@]}" "$@" \
    -rf json -rff "$OUT/part-$i.json" > "$OUT/part-$i.log" 2>&1 || { tail -20 "$OUT/part-$i.log" >&2; exit 1; }
done
set +f

{
  echo "# colcodec benchmark report"
  echo
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $("$JAVA" -version 2>&1 | head -1)"
  echo "Command: benchmarks/run.sh $ORIG_ARGS  (selection: $([ "$FULL" = 1 ] && echo "every benchmark" || echo "$SELECTION_FILE"), JMH ${DEFAULTS[*]})"
  echo
  # tables, plus PNG charts (ratio bars, throughput by bit width, rows/s by column count and thread count for
  # the whole-file workloads) written into $OUT and linked by name
  "$JAVA" -Djava.awt.headless=true -cp "$JAR" dev.colcodec.bench.report.Report --merged "$OUT/results.json" \
    --charts "$OUT" "$OUT"/part-*.json
} > "$OUT/report.md"
cat "$OUT/report.md"
echo "JSON, report and charts written to $OUT/"

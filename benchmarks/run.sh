#!/usr/bin/env bash
# The headline benchmark: builds the benchmark jar if needed, runs a curated JMH selection with the
# vector kernels available, prints Markdown tables (values/s and ratios), and keeps the JMH JSON, the
# report and its PNG charts under results/<timestamp>/. Usage: benchmarks/run.sh [--full] [extra JMH args...]
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

FULL=0
if [ "${1:-}" = "--full" ]; then FULL=1; shift; fi

OUT="results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"

# Each line: a benchmark regex and its JMH parameters. The headline keeps to about ten minutes on 2 cores.
SELECTION=(
  "BitUnpackBench -p bitWidth=1,4,8,12,16,20,32"
  "PrefixSumBench"
  "ByteStreamSplitBench"
)
if [ "$FULL" = 1 ]; then
  SELECTION=("BitUnpackBench" "PrefixSumBench" "ByteStreamSplitBench")
fi
if [ -f benchmarks/headline.txt ]; then
  mapfile -t EXTRA < <(grep -v '^#' benchmarks/headline.txt | sed '/^\s*$/d')
  [ "$FULL" = 1 ] || SELECTION+=("${EXTRA[@]}")
fi

i=0
for sel in "${SELECTION[@]}"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$JAVA" --add-modules=jdk.incubator.vector --sun-misc-unsafe-memory-access=allow -jar "$JAR" $sel "$@" \
    -rf json -rff "$OUT/part-$i.json" > "$OUT/part-$i.log" 2>&1 || { tail -20 "$OUT/part-$i.log" >&2; exit 1; }
done

# merge the parts into one JSON array
{
  echo "["
  first=1
  for f in "$OUT"/part-*.json; do
    body=$(sed -e '1s/^\[//' -e '$s/\]$//' "$f")
    [ -z "$(echo "$body" | tr -d '[:space:]')" ] && continue
    [ $first = 1 ] || echo ","
    echo "$body"
    first=0
  done
  echo "]"
} > "$OUT/results.json"

{
  echo "# colcodec benchmark report"
  echo
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $("$JAVA" -version 2>&1 | head -1)"
  echo "Command: benchmarks/run.sh $*"
  echo
  # tables, plus PNG charts (ratio bars, throughput by bit width) written into $OUT and linked by name
  "$JAVA" -Djava.awt.headless=true -cp "$JAR" dev.colcodec.bench.report.Report "$OUT/results.json" --charts "$OUT"
} > "$OUT/report.md"
cat "$OUT/report.md"
echo "JSON, report and charts written to $OUT/"

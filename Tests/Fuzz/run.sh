#!/usr/bin/env bash
# Builds the libFuzzer binary and fuzzes one target with a seed corpus from Fixtures/.
#
#   Tests/Fuzz/run.sh TARGET [SECONDS]   fuzz TARGET for SECONDS (default 600); 0 = run the seeds once
#   Tests/Fuzz/run.sh smoke              every target over its seeds once (what CI may run)
#   Tests/Fuzz/run.sh build              only build
#
# TARGET is one of: front-end, evaluator, formatter, shot-json, shot-log-import, lsp, and one per
# reader of other apps' files: import-zip, import-tcl, import-beanconqueror, import-decent-json,
# import-visualizer, import-gaggiuino, import-meticulous, import-gaggimate, import-csv
# (docs/robustness.md says what each checks). Everything is written under $FUZZ_WORK (default .build/fuzz): the binary and one link
# per target (fuzz-TARGET), corpus/TARGET (grows across runs), artifacts/TARGET (crashes, with
# the input that caused them) and logs/TARGET.log. Reproduce a crash with
#   .build/fuzz/fuzz-TARGET path/to/crash-file
# Fuzzing runs under `nice -n 19` so builds on a shared machine keep priority.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
WORK=${FUZZ_WORK:-$ROOT/.build/fuzz}
IMPORT_TARGETS="import-zip import-tcl import-beanconqueror import-decent-json import-visualizer import-gaggiuino import-meticulous import-gaggimate import-csv"
TARGETS="front-end evaluator formatter shot-json shot-log-import lsp $IMPORT_TARGETS"

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

usage() {
  echo "usage: Tests/Fuzz/run.sh TARGET [SECONDS] | smoke | build   (targets: $TARGETS)" >&2
  exit 64
}

# One binary for every target (the name it is started under picks one). The DialRules and
# ShotLog modules are compiled straight from their sources with the fuzzer's coverage
# instrumentation and AddressSanitizer, each into a static library, then linked with the entry
# points and the oracles the unit tests share. Each step reruns only when one of its sources is
# newer than its output.
# One package name for every module, as SwiftPM gives, so `package` declarations are visible.
FLAGS="-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name dialrules"

newer() { # newer OUTPUT SOURCES…: whether OUTPUT is missing or older than a source
  local output=$1
  shift
  [ -e "$output" ] || return 0
  for f in "$@"; do [ "$f" -nt "$output" ] && return 0; done
  return 1
}

module() { # module NAME SOURCE-DIRECTORY
  local name=$1 sources
  sources=$(find "$2" -name '*.swift' | sort)
  # shellcheck disable=SC2086
  if newer "$WORK/modules/lib$name.a" $sources; then
    echo "building module $name" >&2
    # shellcheck disable=SC2086
    nice -n 19 swiftc $FLAGS -wmo -module-name "$name" -I "$WORK/modules" -I Sources/CSQLite -I Sources/CZlib \
      -emit-module -emit-module-path "$WORK/modules/$name.swiftmodule" \
      -emit-library -static -o "$WORK/modules/lib$name.a.new" $sources
    mv -f "$WORK/modules/lib$name.a.new" "$WORK/modules/lib$name.a"
  fi
}

build() {
  mkdir -p "$WORK/modules"
  # One build at a time: two targets started together would otherwise compile the same module
  # into the same files at once.
  exec 9>"$WORK/build.lock"
  flock 9
  module DialRules Sources/DialRules
  module ShotLog Sources/ShotLog
  module DialRulesLanguageServer Sources/DialRulesLanguageServer
  local sources binary="$WORK/dialrules-fuzz"
  sources="Tests/Fuzz/FuzzEntry.swift $(find Sources/DialRulesTestSupport/Fuzzing -name '*.swift' | sort)"
  sources="$sources Tests/ShotLogTests/Fuzzing/ShotLogImportOracle.swift Tests/ShotLogTests/Fuzzing/ImportReaderOracle.swift"
  sources="$sources Tests/DialRulesLanguageServerTests/Fuzzing/LanguageServerOracle.swift"
  # shellcheck disable=SC2086
  if newer "$binary" $sources "$WORK/modules/libDialRules.a" "$WORK/modules/libShotLog.a" \
    "$WORK/modules/libDialRulesLanguageServer.a"; then
    echo "building $binary" >&2
    # Linked under a temporary name and renamed, so a fuzzer still running the old binary is
    # not disturbed.
    # shellcheck disable=SC2086
    nice -n 19 swiftc $FLAGS -module-name DialRulesFuzz -I "$WORK/modules" -I Sources/CSQLite -I Sources/CZlib -use-ld=lld \
      $sources -L "$WORK/modules" -lDialRulesLanguageServer -lDialRules -lShotLog -lsqlite3 -lz -o "$binary.new"
    mv -f "$binary.new" "$binary"
  fi
  for t in $TARGETS; do ln -sf dialrules-fuzz "$WORK/fuzz-$t"; done
  flock -u 9
}

# Seeds: rule files for the rule targets, shot JSON for the reader; the evaluator reads its input
# as choices, so any bytes do, and the rule files give it varied ones.
seed() {
  local target=$1 dir="$WORK/corpus/$1"
  mkdir -p "$dir"
  case "$target" in
    lsp)
      find Tests/Fuzz/seeds/lsp -type f -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
    shot-log-import)
      find Tests/Fuzz/seeds/shot-log-import -type f -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
    import-*)
      # The same selection ImportReaderRegressionTests makes (ImportReaderOracle.Target.seedPatterns).
      local pattern
      case "$target" in
        import-zip) pattern='\.zip$' ;;
        import-tcl) pattern='\.shot$' ;;
        import-beanconqueror) pattern='beanconqueror' ;;
        import-decent-json) pattern='decent/|decent-rated-later\.json' ;;
        import-visualizer) pattern='visualizer|nul-byte\.json|utf16\.json' ;;
        import-gaggiuino) pattern='gaggiuino' ;;
        import-meticulous) pattern='meticulous' ;;
        import-gaggimate) pattern='gaggimate' ;;
        import-csv) pattern='\.csv$|unknown\.txt' ;;
      esac
      find Fixtures/imports -type f ! -name '*.md' | grep -E "$pattern" | while read -r f; do
        cp -n "$f" "$dir/$(echo "$f" | tr '/' '_')"
      done ;;
    shot-json)
      find Fixtures/shots Fixtures/shot-json Fixtures/bad-inputs Fixtures/regressions/shot-json \
        -type f \( -name '*.json' -o -name '*.jsonl' \) -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
    *)
      find Fixtures rules -type f -name '*.dialrules' -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
  esac
  if [ -d "Fixtures/regressions/$target" ]; then
    find "Fixtures/regressions/$target" -type f ! -name '*.md' -exec cp -n {} "$dir/" \; 2>/dev/null || true
  fi
}

options() {
  local target=$1
  case "$target" in
    front-end | formatter) echo "-dict=Tests/Fuzz/dictionaries/dialrules.dict -max_len=16384" ;;
    shot-json) echo "-dict=Tests/Fuzz/dictionaries/shot-json.dict -max_len=8192" ;;
    evaluator) echo "-max_len=512" ;;
    shot-log-import) echo "-dict=Tests/Fuzz/dictionaries/shot-log-import.dict -max_len=16384" ;;
    lsp) echo "-dict=Tests/Fuzz/dictionaries/lsp.dict -max_len=8192" ;;
    # Real shot files are 12–160 KB: long enough to hold one whole.
    import-*) echo "-max_len=200000" ;;
  esac
}

# Seconds one input may take before libFuzzer calls it a timeout. An lsp input is a whole editing
# session (up to 60 steps, each change analysed): 0.7 s is typical under the sanitizers, but one
# took 11 s on a machine loaded by other builds, so that target gets more room.
timeout_for() {
  case "$1" in
    lsp) echo 30 ;;
    *) echo 10 ;;
  esac
}

run() {
  local target=$1 seconds=$2 log="$WORK/logs/$1.log"
  seed "$target"
  mkdir -p "$WORK/artifacts/$target" "$WORK/logs"
  local limit="-max_total_time=$seconds"
  if [ "$seconds" = 0 ]; then
    limit="-runs=0"
    log="$WORK/logs/$target.smoke.log"
  fi
  # The Swift runtime's crash backtracer reads raw memory, which AddressSanitizer reports as a
  # crash of its own and which hides the real report: libFuzzer and ASan print the stack instead.
  # shellcheck disable=SC2046
  SWIFT_BACKTRACE=enable=no nice -n 19 "$WORK/fuzz-$target" $(options "$target") $limit -timeout="$(timeout_for "$target")" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$target/" "$WORK/corpus/$target" \
    >"$log" 2>&1 </dev/null
}

[ $# -ge 1 ] || usage
case "$1" in
  build) build ;;
  smoke)
    build
    for t in $TARGETS; do
      if run "$t" 0; then echo "$t: ok ($(find "$WORK/corpus/$t" -type f | wc -l) inputs)"; else
        echo "$t: FAILED, see $WORK/logs/$t.smoke.log" >&2
        tail -40 "$WORK/logs/$t.smoke.log" >&2
        exit 1
      fi
    done ;;
  front-end | evaluator | formatter | shot-json | shot-log-import | lsp | import-*)
    build
    status=0
    run "$1" "${2:-600}" || status=$?
    log="$WORK/logs/$1.log"
    if [ "${2:-600}" = 0 ]; then log="$WORK/logs/$1.smoke.log"; fi
    grep -E "^(#[0-9]+[[:space:]]+(DONE|INITED)|stat::|Done )" "$log" | tail -8 || true
    if [ "$status" != 0 ]; then
      echo "$1: the fuzzer stopped with status $status; see $log and $WORK/artifacts/$1/" >&2
      exit "$status"
    fi ;;
  *) usage ;;
esac

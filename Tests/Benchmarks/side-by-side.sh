#!/usr/bin/env bash
# Benchmark (issue 14): `dialrules eval` side by side with the hand-written C reference of
# ../shared/bench/ over the same 100,000 shots, in one run. Prints a Markdown table of
# instructions (callgrind, independent of the machine's load), wall time (hyperfine) and CPU
# time, each with its ratio to `c_plain` and to `c_plain --fixed`, then the in-process figures
# of `dialrules-bench decide explain`. Not a test: nothing here fails on time.
#
#   Tests/Benchmarks/side-by-side.sh [SHOTS]     (default 100000; needs gcc, python3, hyperfine, valgrind)
set -euo pipefail
cd "$(dirname "$0")/../.."
shots=${1:-100000}
bench=../shared/bench
ref=.build/ref
mkdir -p "$ref"
swift build -c release --product dialrules >/dev/null
swift build -c release --product dialrules-bench >/dev/null
gcc -O2 -o "$ref/c_plain" "$bench/c_plain.c"
if [ ! -s "$ref/flat-$shots.jsonl" ]; then
  python3 "$bench/gen_shots.py" "$shots" "$ref/flat-$shots.jsonl"
  python3 "$bench/to_v1.py" "$ref/flat-$shots.jsonl" "$ref/v1-$shots.jsonl"
fi
flat="$ref/flat-$shots.jsonl"
v1="$ref/v1-$shots.jsonl"
rules=rules/espresso.dialrules

c_cmd="$ref/c_plain $flat $ref/c.out"
f_cmd="$ref/c_plain $flat $ref/cf.out --fixed"
d_cmd="sh -c \"exec .build/release/dialrules eval $rules $v1 > $ref/d.out\""

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

instructions() { # instructions COMMAND…: the callgrind total of one run
  local out
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
  rm -f "$out"
}
i_c=$(instructions "$ref/c_plain" "$flat" "$ref/c.out")
i_f=$(instructions "$ref/c_plain" "$flat" "$ref/cf.out" --fixed)
# `eval` writes to standard output: counted with the redirect done here, so no shell is counted.
out=$(mktemp)
valgrind --tool=callgrind --callgrind-out-file="$out" .build/release/dialrules eval "$rules" "$v1" \
  >"$ref/d.out" 2>/dev/null
i_d=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
rm -f "$out"

json=$(mktemp)
hyperfine -N -w 2 -r 15 --export-json "$json" "$c_cmd" "$f_cmd" "$d_cmd" >/dev/null 2>&1
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$json" "$shots" "$i_c" "$i_f" "$i_d" <<'EOF'
import json, sys
path, shots, i_c, i_f, i_d = sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:6])
runs = json.load(open(path))["results"]
names = ["`c_plain` (doubles)", "`c_plain --fixed` (exact hundredths)", "`dialrules eval`"]
instr = [i_c, i_f, i_d]
med = [r["median"] for r in runs]
cpu = [r["user"] + r["system"] for r in runs]
print(f"\n| {shots:,} shots, whole process | instructions | per line | wall, median (15 runs) | CPU (user + sys, mean) |")
print("|---|---|---|---|---|")
for k in range(3):
    print(f"| {names[k]} | {instr[k]:,} | {instr[k] // shots:,} | {med[k] * 1000:.1f} ms | {cpu[k] * 1000:.0f} ms |")
print(f"\ndialrules against `c_plain`: {i_d / i_c:.2f}× instructions, {med[2] / med[0]:.2f}× wall, {cpu[2] / cpu[0]:.2f}× CPU")
print(f"dialrules against `--fixed`: {i_d / i_f:.2f}× instructions, {med[2] / med[1]:.2f}× wall, {cpu[2] / cpu[1]:.2f}× CPU")
EOF
rm -f "$json"

echo
.build/release/dialrules-bench decide explain

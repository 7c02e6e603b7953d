#!/usr/bin/env bash
# Benchmark (issue 14): `dialrules eval` side by side with the project's C reference
# (Reference/reference.c, the default table hand-written in C) over the same shots, in one run.
# Reference/make_shots.c writes the shots twice, flat for C and as shot JSON v1 for dialrules.
# Prints a Markdown table of instructions (callgrind, independent of the machine's load), wall
# time (hyperfine) and CPU time, each with its ratio to `reference` and to `reference --fixed`,
# checks that `--fixed` and dialrules decide every shot alike, then prints the in-process
# figures of `dialrules-bench decide explain`. Nothing here fails on time; it fails (exit 1)
# when the decisions disagree.
#
#   Tests/Benchmarks/side-by-side.sh [SHOTS] [--quick]
#     SHOTS    default 100000
#     --quick  no callgrind, 3 timed runs, no in-process figures: a check that it all works
#   needs gcc, python3, hyperfine, valgrind (the Debian packages of those names)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
shots=100000
quick=0
for arg in "$@"; do
  case $arg in
    --quick) quick=1 ;;
    *[!0-9]* | '') echo "usage: $0 [SHOTS] [--quick]" >&2; exit 64 ;;
    *) shots=$arg ;;
  esac
done
ref=.build/ref
mkdir -p "$ref"
swift build -c release --product dialrules >/dev/null
[ "$quick" = 1 ] || swift build -c release --product dialrules-bench >/dev/null
gcc -O2 -o "$ref/reference" "$here/Reference/reference.c"
gcc -O2 -o "$ref/make_shots" "$here/Reference/make_shots.c"
flat="$ref/flat-$shots.jsonl"
v1="$ref/v1-$shots.jsonl"
"$ref/make_shots" "$shots" "$flat" "$v1"
rules=rules/espresso.dialrules

c_cmd="$ref/reference $flat $ref/c.tsv"
f_cmd="$ref/reference $flat $ref/cf.tsv --fixed"
d_cmd="sh -c \"exec .build/release/dialrules eval $rules $v1 > $ref/d.out\""

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

total() { # total CALLGRIND-OUT: the program's instruction count
  callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
i_c=0 i_f=0 i_d=0
if [ "$quick" = 0 ]; then
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$ref/reference" "$flat" "$ref/c.tsv" >/dev/null 2>&1
  i_c=$(total "$out")
  valgrind --tool=callgrind --callgrind-out-file="$out" "$ref/reference" "$flat" "$ref/cf.tsv" --fixed >/dev/null 2>&1
  i_f=$(total "$out")
  # `eval` writes to standard output: counted with the redirect done here, so no shell is counted.
  valgrind --tool=callgrind --callgrind-out-file="$out" .build/release/dialrules eval "$rules" "$v1" \
    >"$ref/d.out" 2>/dev/null
  i_d=$(total "$out")
  rm -f "$out"
fi

runs=15 warmups=2
[ "$quick" = 0 ] || runs=3 warmups=1
json=$(mktemp)
hyperfine -N -w "$warmups" -r "$runs" --export-json "$json" "$c_cmd" "$f_cmd" "$d_cmd" >/dev/null 2>&1
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$json" "$shots" "$runs" "$i_c" "$i_f" "$i_d" <<'PY'
import json, sys
path, shots, runs, *instr = sys.argv[1], int(sys.argv[2]), sys.argv[3], *map(int, sys.argv[4:7])
results = json.load(open(path))["results"]
names = ["`reference` (doubles)", "`reference --fixed` (exact hundredths)", "`dialrules eval`"]
med = [r["median"] for r in results]
cpu = [r["user"] + r["system"] for r in results]
counted = all(instr)
print(f"\n| {shots:,} shots, whole process | instructions | per line | wall, median ({runs} runs) | CPU (user + sys, mean) |")
print("|---|---|---|---|---|")
for k in range(3):
    i = f"{instr[k]:,} | {instr[k] // shots:,}" if counted else "– | –"
    print(f"| {names[k]} | {i} | {med[k] * 1000:.1f} ms | {cpu[k] * 1000:.0f} ms |")
for k, against in ((0, "`reference`"), (1, "`--fixed`")):
    i = f"{instr[2] / instr[k]:.2f}× instructions, " if counted else ""
    print(f"dialrules against {against}: {i}{med[2] / med[k]:.2f}× wall, {cpu[2] / cpu[k]:.2f}× CPU")
PY
rm -f "$json"

# The same decisions: dialrules' decision JSON written as the reference's lines.
python3 - "$ref/d.out" "$ref/cf.tsv" "$ref/c.tsv" <<'PY'
import json, sys
from decimal import Decimal

def line(d):
    kind = d["decision"]["kind"]
    if kind == "adjust":
        a = d["decision"]["adjustment"]
        if a["type"] == "grind":
            text = f"grind {a['direction']} {a['steps']}"
        else:
            amount = a["delta_g"] if a["type"] == "yield" else a["delta_c"]
            text = f"{a['type']} {format(Decimal(str(amount)).normalize(), '+f')}"
    elif kind == "no_change":
        text = "no_change"
    else:
        text = f"insufficient {d['decision']['reason']}"
    return f"{d['id']}\t{text}\t{','.join(d['decided_by'])}"

ours = [line(json.loads(l, parse_float=Decimal)) for l in open(sys.argv[1])]
fixed = open(sys.argv[2]).read().splitlines()
real = open(sys.argv[3]).read().splitlines()
differ = [(a, b) for a, b in zip(ours, fixed) if a != b]
print(f"\ndecisions: {len(ours):,} from dialrules, {len(fixed):,} from `reference --fixed`, "
      f"{len(differ)} differing; `reference` (doubles) differs from `--fixed` on "
      f"{sum(a != b for a, b in zip(fixed, real))}")
for a, b in differ[:5]:
    print(f"  dialrules: {a}\n  reference: {b}")
sys.exit(1 if differ or len(ours) != len(fixed) else 0)
PY

if [ "$quick" = 0 ]; then
  echo
  .build/release/dialrules-bench decide explain
fi

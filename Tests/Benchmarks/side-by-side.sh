#!/usr/bin/env bash
# Benchmark (issue 14): `dialrules eval` side by side with the project's C reference
# (Reference/reference.c, the default table hand-written in C) over the same shots, in one run.
# Reference/make_shots.c writes the shots twice, flat for C and as shot JSON v1 for dialrules.
# Prints a Markdown table of instructions (callgrind, independent of the machine's load), wall
# time and CPU time (paired rounds), each with its ratio to `reference` and to `reference --fixed`,
# checks that `--fixed` and dialrules write the same decision JSON for every shot (byte for byte:
# both do the whole job, read the shots and write the same lines), then prints the in-process
# figures of `dialrules-bench decide explain`. Nothing here fails on time; it fails (exit 1)
# when the decisions disagree.
#
#   Tests/Benchmarks/side-by-side.sh [SHOTS] [--quick]
#     SHOTS    default 100000
#     --quick  no callgrind, 3 timed runs, no in-process figures: a check that it all works
#   needs gcc, python3 and valgrind (the Debian packages of those names)
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

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

total() { # total CALLGRIND-OUT: the program's instruction count
  callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
i_c=0 i_f=0 i_d=0
if [ "$quick" = 0 ]; then
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$ref/reference" "$flat" "$ref/c.jsonl" >/dev/null 2>&1
  i_c=$(total "$out")
  valgrind --tool=callgrind --callgrind-out-file="$out" "$ref/reference" "$flat" "$ref/cf.jsonl" --fixed >/dev/null 2>&1
  i_f=$(total "$out")
  # `eval` writes to standard output: counted with the redirect done here, so no shell is counted.
  valgrind --tool=callgrind --callgrind-out-file="$out" .build/release/dialrules eval "$rules" "$v1" \
    >"$ref/d.out" 2>/dev/null
  i_d=$(total "$out")
  rm -f "$out"
fi

# Wall and CPU time in paired rounds: each round runs the three programs once each, in an order
# that turns with the round, so a burst of load meets all three alike; the ratios are the
# medians of the per-round ratios. The warm-up round writes the outputs that the check below
# compares; the timed rounds write the same bytes to /dev/null, since writing 21 MB into a file
# makes single rounds vary by a factor of two (the page cache and its write-back), and both
# programs write the same lines, so leaving the file out favours neither.
rounds=15 warmups=2
[ "$quick" = 0 ] || rounds=3 warmups=1
python3 - "$shots" "$rounds" "$warmups" "$i_c" "$i_f" "$i_d" "$ref" "$flat" "$v1" "$rules" <<'PY'
import os, resource, statistics, subprocess, sys, time
shots, rounds, warmups, *instr = map(int, sys.argv[1:7])
ref, flat, v1, rules = sys.argv[7:11]
def command(k, timed):  # the command, and the file its standard output goes to
    if k == 2:
        return [".build/release/dialrules", "eval", rules, v1], os.devnull if timed else f"{ref}/d.out"
    output = os.devnull if timed else f"{ref}/{'c' if k == 0 else 'cf'}.jsonl"
    return [f"{ref}/reference", flat, output] + (["--fixed"] if k == 1 else []), os.devnull
names = ["`reference` (doubles)", "`reference --fixed` (exact hundredths)", "`dialrules eval`"]
def run(k, timed=True):
    arguments, output = command(k, timed)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(output, "wb") as out:
        subprocess.run(arguments, stdout=out, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
for w in range(warmups):
    for k in range(3): run(k, timed=w > 0)
wall = [[], [], []]
cpu = [[], [], []]
for r in range(rounds):
    for k in [(r + j) % 3 for j in range(3)]:
        w, c = run(k)
        wall[k].append(w)
        cpu[k].append(c)
print(f"load average after: {' '.join(open('/proc/loadavg').read().split()[:3])}")
counted = all(instr)
print(f"\n| {shots:,} shots, whole process | instructions | per line | wall, median ({rounds} paired rounds, to /dev/null) | CPU (user + sys, median) |")
print("|---|---|---|---|---|")
for k in range(3):
    i = f"{instr[k]:,} | {instr[k] // shots:,}" if counted else "– | –"
    print(f"| {names[k]} | {i} | {statistics.median(wall[k]) * 1000:.1f} ms | {statistics.median(cpu[k]) * 1000:.0f} ms |")
for k, against in ((0, "`reference`"), (1, "`--fixed`")):
    i = f"{instr[2] / instr[k]:.2f}× instructions, " if counted else ""
    w = statistics.median(d / c for d, c in zip(wall[2], wall[k]))
    spread = sorted(d / c for d, c in zip(wall[2], wall[k]))
    c = statistics.median(d / max(c, 1e-9) for d, c in zip(cpu[2], cpu[k]))
    print(f"dialrules against {against}: {i}{w:.2f}× wall (per-round ratios {spread[0]:.2f}–{spread[-1]:.2f}), {c:.2f}× CPU")
PY

# The same decisions: the reference writes dialrules' decision JSON, so the lines must be equal.
python3 - "$ref/d.out" "$ref/cf.jsonl" "$ref/c.jsonl" <<'PY'
import sys
ours, fixed, real = (open(path).read().splitlines() for path in sys.argv[1:4])
differ = [(a, b) for a, b in zip(ours, fixed) if a != b]
print(f"\ndecisions: {len(ours):,} lines from dialrules, {len(fixed):,} from `reference --fixed`, "
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

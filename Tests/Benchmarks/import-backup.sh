#!/usr/bin/env bash
# Benchmark (issue 11): a generated 5,000-brew Beanconqueror backup imported by the release
# `dialshot`, preview and apply, each as a whole process. Prints the wall times; the budget is
# 2 s for the import (docs/performance.md, "Imports"). Not a test: nothing here fails on time.
#
#   Tests/Benchmarks/import-backup.sh [BREWS]     (default 5000)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-5000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product dialshot >/dev/null
python3 Tests/ImportFixtures/make_import_fixtures.py --backup "$count" "$work/backup.zip"
bin=.build/release/dialshot
export DIALSHOT_DB="$work/shots.sqlite"
printf 'backup: %s brews, %s bytes\n' "$count" "$(wc -c <"$work/backup.zip")"
seconds() { # seconds COMMAND…: wall time of one run, to the millisecond
  local start end
  start=$(date +%s%N)
  "$@" >"$work/out.txt"
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
}
preview=$(seconds "$bin" import --taste-from-notes "$work/backup.zip")
token=$(grep -o -- '--apply [0-9a-f]*' "$work/out.txt" | cut -d' ' -f2)
apply=$(seconds "$bin" import --taste-from-notes "$work/backup.zip" --apply "$token")
again=$(seconds "$bin" import --taste-from-notes "$work/backup.zip")
echo "preview (empty log):          ${preview} s"
echo "apply (read, plan, write):    ${apply} s   (budget 2 s)"
echo "preview again (all present):  ${again} s"
echo "shots in the log: $("$bin" export --shots - | wc -l)"

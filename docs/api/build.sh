#!/usr/bin/env bash
# Builds the API documentation of the three libraries, DialRules, ShotLog and DialRulesFoundation
# (the bridge to Foundation), with the toolchain's
# own tools and no package plugin: the symbol graph of each built module
# (swift-symbolgraph-extract, public declarations only), then `docc convert` with the library's
# catalog (Sources/<Library>/<Library>.docc). Any docc warning fails the build.
#
#   docs/api/build.sh                         swift build, then write .build/api-docs/
#   docs/api/build.sh --modules DIR           use modules already built in DIR (no build)
#   docs/api/build.sh --output DIR            write DIR/<Library>.doccarchive instead
#
# The output holds symbol-graphs/<Library>/ (public declarations), tooling-symbol-graphs/<Library>/
# (package ones too, for docs/api/tooling/; not DialRulesFoundation) and <Library>.doccarchive (made for static hosting:
# serve it, e.g. `python3 -m http.server -d .build/api-docs/DialRules.doccarchive`, and open
# /documentation/dialrules). The test suite runs this script on the modules it was built with
# (Tests/DialRulesAPITests/APIDocumentationTests.swift), so the documentation keeps building
# cleanly, and reads the symbol graphs for its checks of the public API.
set -euo pipefail
cd "$(dirname "$0")/../.."

libraries=(DialRules ShotLog DialRulesFoundation)
modules=""
output=".build/api-docs"
while [ $# -gt 0 ]; do
  case "$1" in
    --modules) modules="$2"; shift 2 ;;
    --output) output="$2"; shift 2 ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "docs/api/build.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

# The toolchain's tools, found next to `swift` (Linux) or through xcrun (Apple platforms).
tool() {
  if command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  elif [ -x "$(dirname "$(command -v swift)")/$1" ]; then
    echo "$(dirname "$(command -v swift)")/$1"
  elif command -v xcrun >/dev/null 2>&1 && xcrun --find "$1" >/dev/null 2>&1; then
    xcrun --find "$1"
  else
    echo "docs/api/build.sh: '$1' not found; it ships with the Swift toolchain" >&2
    exit 1
  fi
}
extract=$(tool swift-symbolgraph-extract)
docc=$(tool docc)

if [ -z "$modules" ]; then
  swift build --target DialRulesFoundation # builds DialRules and ShotLog too
  modules="$(swift build --show-bin-path)/Modules"
fi

# The modules' target. Apple platforms need the deployment target of Package.swift and the SDK
# (not verified here: only Linux can be built on this project's machines).
sdk_flags=()
if [ "$(uname -s)" = Darwin ]; then
  target="$(uname -m)-apple-macosx15.0"
  sdk_flags=(-sdk "$(xcrun --show-sdk-path)")
else
  target=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
fi

mkdir -p "$output"
status=0
for library in "${libraries[@]}"; do
  graphs="$output/symbol-graphs/$library"
  rm -rf "$graphs" "$output/$library.doccarchive"
  mkdir -p "$graphs"
  # Sources/CSQLite and Sources/CZlib hold the module maps ShotLog imports SQLite (on Linux) and
  # zlib through.
  "$extract" -module-name "$library" -I "$modules" -I Sources/CSQLite -I Sources/CZlib -target "$target" "${sdk_flags[@]}" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
  # The tooling surface (docs/api-stability.md): the `package` declarations the command layers,
  # the language server, the playground and the test support use, listed in docs/api/tooling/.
  if [ "$library" != DialRulesFoundation ]; then
    tooling="$output/tooling-symbol-graphs/$library"
    rm -rf "$tooling"
    mkdir -p "$tooling"
    "$extract" -module-name "$library" -I "$modules" -I Sources/CSQLite -I Sources/CZlib -target "$target" \
      "${sdk_flags[@]}" -minimum-access-level package -skip-synthesized-members -output-dir "$tooling"
  fi
  # docc exits non-zero on a warning (--warnings-as-errors); the output is checked as well, so a
  # warning that a future docc does not count still fails the build.
  if ! log=$("$docc" convert "Sources/$library/$library.docc" --additional-symbol-graph-dir "$graphs" \
    --output-path "$output/$library.doccarchive" --fallback-display-name "$library" \
    --fallback-bundle-identifier "org.dialrules.$library" --warnings-as-errors 2>&1) \
    || grep -qiE '(warning|error):' <<<"$log"; then
    printf '%s\n' "$log" >&2
    echo "docs/api/build.sh: the $library documentation has the problems above" >&2
    status=1
  else
    echo "built $output/$library.doccarchive"
  fi
done
exit "$status"

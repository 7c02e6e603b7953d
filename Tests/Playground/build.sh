#!/usr/bin/env bash
# Builds the browser playground's engine, docs/playground/dialrules.wasm: the real DialRules
# library (Sources/DialRules) and its playground facade (Sources/DialRulesPlayground, whose
# WasmExports.swift is the module's interface) compiled with Embedded Swift for
# wasm32-unknown-none-wasm, linked with the small C runtime in Tests/Playground/runtime (allocator,
# mem* functions, Hasher seed, 128-bit division and shifts) and the standard library's Unicode tables.
#
# Usage: Tests/Playground/build.sh            (from the repository root)
#
# Environment:
#   SWIFT_BIN     the toolchain's bin directory (default: where `swiftc` is on PATH); it must
#                 hold swiftc, clang and wasm-ld, and ../lib/swift/embedded the Embedded stdlib.
#   PLAYGROUND_OPT  the Swift optimisation level (default -Osize).
#   PLAYGROUND_OUT  where to write the module (default docs/playground/dialrules.wasm).
#   PLAYGROUND_NAMES  1 keeps the functions' names (a `name` section, `--strip-debug` instead of
#                 `--strip-all`) for a CPU profile (`node --cpu-prof`); such a module is for
#                 measuring only, and the 3 MB budget is not checked for it.
#
# The module is single-threaded and imports nothing: it exports its memory and the functions of
# WasmExports.swift, nothing else. The build fails when the module exceeds 3 MB.
#
# Natively SwiftPM embeds rules/espresso.dialrules in the code (`embedInCode`) by generating
# `PackageResources.espresso_dialrules`; this script generates the same declaration, so
# API/DefaultRules.swift reads the table the same way in both builds.
set -euo pipefail

if [[ ! -f Package.swift || ! -d Sources/DialRules ]]; then
  echo "build.sh: run from the repository root" >&2
  exit 64
fi

SWIFT_BIN="${SWIFT_BIN:-$(dirname "$(command -v swiftc)")}"
OPT="${PLAYGROUND_OPT:--Osize}"
TRIPLE=wasm32-unknown-none-wasm
EMBEDDED_LIB="$SWIFT_BIN/../lib/swift/embedded/$TRIPLE"
for tool in swiftc clang wasm-ld; do
  [[ -x "$SWIFT_BIN/$tool" ]] || { echo "build.sh: $SWIFT_BIN/$tool not found (set SWIFT_BIN)" >&2; exit 69; }
done
[[ -f "$EMBEDDED_LIB/libswiftUnicodeDataTables.a" ]] \
  || { echo "build.sh: no Embedded Swift for $TRIPLE in $EMBEDDED_LIB" >&2; exit 69; }

OUT="${PLAYGROUND_OUT:-docs/playground/dialrules.wasm}"
NAMES="${PLAYGROUND_NAMES:-0}"
case "$NAMES" in 0|1) ;; *) echo "build.sh: PLAYGROUND_NAMES must be 0 or 1, not $NAMES" >&2; exit 64;; esac
WORK="$(mktemp -d "${TMPDIR:-/tmp}/dialrules-wasm.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# The default table as SwiftPM's embedInCode writes it: one [UInt8] literal.
{
  echo "struct PackageResources {"
  printf "static let espresso_dialrules: [UInt8] = ["
  od -An -v -tu1 rules/espresso.dialrules | tr -s ' \n' ',' | sed -e 's/^,//' -e 's/,$//'
  echo "]"
  echo "}"
} >"$WORK/embedded_resources.swift"

# Both modules with the same package name as SwiftPM gives them (the package's name), so the
# facade reaches DialRules' `package` declarations.
SWIFT_FLAGS=(
  -target "$TRIPLE" -enable-experimental-feature Embedded -enable-experimental-feature Extern
  -wmo -parse-as-library "$OPT" -package-name DialRules -swift-version 6 -Xfrontend -disable-stack-protector
)
DIALRULES_SOURCES=()
while IFS= read -r -d '' f; do DIALRULES_SOURCES+=("$f"); done < <(find Sources/DialRules -name '*.swift' -print0 | sort -z)
FACADE_SOURCES=()
while IFS= read -r -d '' f; do FACADE_SOURCES+=("$f"); done < <(find Sources/DialRulesPlayground -name '*.swift' -print0 | sort -z)
if [[ ${#FACADE_SOURCES[@]} -eq 0 ]]; then
  echo "build.sh: Sources/DialRulesPlayground has no Swift sources" >&2
  exit 66
fi

mkdir -p "$WORK/modules"
echo "build.sh: compiling DialRules ($OPT)" >&2
"$SWIFT_BIN/swiftc" "${SWIFT_FLAGS[@]}" -module-name DialRules \
  -emit-module -emit-module-path "$WORK/modules/DialRules.swiftmodule" \
  -c -o "$WORK/DialRules.o" "${DIALRULES_SOURCES[@]}" "$WORK/embedded_resources.swift"
echo "build.sh: compiling DialRulesPlayground" >&2
"$SWIFT_BIN/swiftc" "${SWIFT_FLAGS[@]}" -module-name DialRulesPlayground -I "$WORK/modules" \
  -c -o "$WORK/DialRulesPlayground.o" "${FACADE_SOURCES[@]}"
echo "build.sh: compiling the runtime" >&2
"$SWIFT_BIN/clang" --target=wasm32 -nostdlib -ffreestanding -O2 -mbulk-memory -Wall -Werror \
  -c -o "$WORK/runtime.o" Tests/Playground/runtime/runtime.c

# --strip-all drops debug info and names; nothing is exported but the memory and the functions
# WasmExports.swift marks with @_expose(wasm).
STRIP=--strip-all
((NAMES == 1)) && STRIP=--strip-debug
mkdir -p "$(dirname "$OUT")"
"$SWIFT_BIN/wasm-ld" --no-entry "$STRIP" --gc-sections \
  -o "$WORK/dialrules.wasm" "$WORK/DialRules.o" "$WORK/DialRulesPlayground.o" "$WORK/runtime.o" \
  "$EMBEDDED_LIB/libswiftUnicodeDataTables.a"

SIZE=$(wc -c <"$WORK/dialrules.wasm")
if ((NAMES == 0 && SIZE > 3 * 1000 * 1000)); then
  echo "build.sh: $OUT would be $SIZE bytes, over the 3 MB budget" >&2
  exit 1
fi
mv "$WORK/dialrules.wasm" "$OUT"
echo "build.sh: wrote $OUT ($SIZE bytes)" >&2

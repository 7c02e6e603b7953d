#!/usr/bin/env bash
# The editor end-to-end tests (docs/editors.md): pytest-lsp driving `dialrules lsp` with recorded
# Neovim and VS Code capabilities, the TextMate grammar over every rule file, and headless Neovim
# using the documented set-up. Run from anywhere; `swift test` runs it (EditorClientTests), and
# Tests/Editors/setup.sh installs what it needs.
#
#   DIALRULES_BIN           the binary under test (default .build/debug/dialrules)
#   DIALRULES_EDITOR_VENV   the virtualenv with pytest-lsp and textmate-grammar-python
#                           (default .build/editor-venv)
#
# Exit status: 0 all passed, 1 a test failed, 3 a tool is missing (the message says which).
set -uo pipefail
cd "$(dirname "$0")/../.."
VENV=${DIALRULES_EDITOR_VENV:-$PWD/.build/editor-venv}
BIN=${DIALRULES_BIN:-$PWD/.build/debug/dialrules}

missing=()
if ! [ -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import pytest_lsp, textmate_grammar" 2>/dev/null; then
  missing+=("a virtualenv with pytest-lsp and textmate-grammar-python at $VENV (run Tests/Editors/setup.sh)")
fi
command -v nvim >/dev/null 2>&1 || missing+=("nvim (Debian package neovim; run Tests/Editors/setup.sh)")
[ -x "$BIN" ] || missing+=("the dialrules binary at $BIN (swift build)")
if [ ${#missing[@]} -gt 0 ]; then
  printf 'editor tests cannot run, missing: %s\n' "${missing[@]}" >&2
  exit 3
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
echo "== pytest-lsp (Neovim 0.7, VS Code 1.65, Neovim with UTF-8) and the TextMate grammar"
(cd Tests/Editors && DIALRULES_BIN="$BIN" "$VENV/bin/python" -m pytest -q -p no:cacheprovider lsp grammar) || status=1
echo "== headless Neovim $(nvim --version | head -1)"
DIALRULES_BIN="$BIN" DIALRULES_REPO="$PWD" DIALRULES_WORK="$work" \
  timeout 120 nvim --headless --clean -c "luafile Tests/Editors/nvim/editor_test.lua" </dev/null || status=1
echo
exit $status

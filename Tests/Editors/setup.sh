#!/usr/bin/env bash
# Installs what the editor tests need on a fresh Debian machine: Neovim (0.7 in Debian 12) and a
# virtualenv (never committed) with pytest-lsp and textmate-grammar-python from PyPI.
#   DIALRULES_EDITOR_VENV   where the virtualenv goes (default .build/editor-venv)
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=${DIALRULES_EDITOR_VENV:-$PWD/.build/editor-venv}
need=()
command -v nvim >/dev/null 2>&1 || need+=(neovim)
[ -x /usr/bin/python3 ] || need+=(python3)
/usr/bin/python3 -c "import venv, ensurepip" 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}"
fi
if ! [ -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import pytest_lsp, textmate_grammar" 2>/dev/null; then
  /usr/bin/python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check pytest-lsp==1.0.1 textmate-grammar-python==0.6.1
fi

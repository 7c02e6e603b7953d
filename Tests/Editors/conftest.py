"""Shared settings of the editor end-to-end tests (run by Tests/Editors/run.sh)."""

import os
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]
#: The `dialrules` binary under test (the debug build unless DIALRULES_BIN says otherwise).
BINARY = os.environ.get("DIALRULES_BIN", str(REPO / ".build" / "debug" / "dialrules"))
#: The server as editors start it, with the analysis after every change so tests need not wait.
SERVER = [BINARY, "lsp", "--analysis-delay", "0"]


def rule_files():
    """Every rule file of the repository: the shipped rules and every fixture."""
    files = sorted(REPO.glob("rules/**/*.dialrules")) + sorted(REPO.glob("Fixtures/**/*.dialrules"))
    assert len(files) > 50, f"expected the repository's rule files, found {len(files)}"
    return files

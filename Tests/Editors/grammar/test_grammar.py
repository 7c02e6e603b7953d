"""The TextMate grammar (docs/editors/dialrules.tmLanguage.json) over every rule file in rules/ and
Fixtures/, tokenized with textmate-grammar-python (a port of VS Code's tokenizer).

The oracle is the language server itself: its semantic tokens come from DialRules' lexer and name
index, so for every token the lexer sees, the grammar's scope at that place must be of the matching
kind — keywords, names, numbers, units, strings and comments each get their scope.
"""

import json
import logging

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from textmate_grammar.parsers.base import LanguageParser

from conftest import REPO, SERVER, rule_files

GRAMMAR = json.loads((REPO / "docs" / "editors" / "dialrules.tmLanguage.json").read_text())
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
PARSER = LanguageParser(GRAMMAR)

#: The scope prefixes acceptable for each semantic token type of the server's legend.
EXPECTED = {
    "keyword": ("keyword.", "constant.language.action"),
    "variable": ("entity.name.variable", "variable.other"),
    "function": ("entity.name.function", "variable.other"),
    "property": ("support.variable", "variable."),
    # A word after `has` that is not in the set's vocabulary is still in a tag's place for the
    # server; the grammar only knows the vocabulary.
    "enumMember": ("constant.language.tag", "variable.other"),
    "number": ("constant.numeric",),
    "string": ("string.quoted",),
    "comment": ("comment.line",),
    "operator": ("keyword.operator",),
    "type": ("keyword.other.unit",),
}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def server(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code@v1.65.2"))
    )
    lsp_client.legend = result.capabilities.semantic_tokens_provider.legend.token_types
    yield
    await lsp_client.shutdown_session()


def scopes_by_position(text):
    """(line, UTF-16 column) → innermost scope, for every character the grammar tokenized."""
    out = {}
    # textmate-grammar-python fails on an empty string (an empty file has nothing to scope).
    element = PARSER.parse_string(text) if text.strip("\n") else None
    if element is None:
        return out
    lines = text.split("\n")
    # flatten() merges neighbours with the same scopes (`<-` is one piece): scope every character.
    for (line, char), content, keys in element.flatten():
        source_line = lines[line] if line < len(lines) else ""
        for k in range(len(content)):
            col16 = len(source_line[: char + k].encode("utf-16-le")) // 2
            out[(line, col16)] = keys[-1]
    return out


# One server for the whole module, on the module's event loop.
@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("path", rule_files(), ids=lambda p: str(p.relative_to(REPO)))
async def test_grammar_scopes_match_the_lexer(server: LanguageClient, path):
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    uri = path.as_uri()
    server.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="dialrules", version=1, text=text)
        )
    )
    tokens = await server.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    server.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    scopes = scopes_by_position(text)
    data = tokens.data
    line = start = 0
    checked = 0
    wrong = []
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        kind = server.legend[data[i + 3]]
        scope = scopes.get((line, start), "source.dialrules")
        checked += 1
        if not scope.startswith(EXPECTED[kind]):
            wrong.append(f"{line + 1}:{start + 1} {kind} got {scope}")
    # Files the lexer rejects early (a megabyte of stray bytes) may have no token at all, but the
    # grammar must still tokenize them without failing, which parse_string above did.
    assert not wrong, "\n".join(wrong[:20])
    if b"dialrules" in raw and len(raw) < 100_000:
        assert checked > 0


def test_the_editor_configurations_agree_with_the_grammar():
    """The VS Code extension and the Helix configuration in docs/editors/ parse and name the
    grammar's scope and `dialrules lsp`."""
    import tomllib

    package = json.loads((REPO / "docs" / "editors" / "vscode" / "package.json").read_text())
    [grammar] = package["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"]
    assert grammar["path"] == "./syntaxes/dialrules.tmLanguage.json"
    assert package["contributes"]["languages"][0]["extensions"] == [".dialrules"]
    json.loads((REPO / "docs" / "editors" / "vscode" / "language-configuration.json").read_text())
    extension = (REPO / "docs" / "editors" / "vscode" / "extension.js").read_text()
    assert "args: ['lsp']" in extension
    helix = tomllib.loads((REPO / "docs" / "editors" / "helix-languages.toml").read_text())
    assert helix["language-server"]["dialrules"] == {"command": "dialrules", "args": ["lsp"]}
    [language] = helix["language"]
    assert language["scope"] == GRAMMAR["scopeName"] and language["file-types"] == ["dialrules"]

"""`dialrules lsp` driven by pytest-lsp with the recorded capabilities of real clients.

Each test runs once per client: Neovim 0.7 and VS Code 1.65 as pytest-lsp recorded them, and
Neovim with UTF-8 positions offered (the only client here that negotiates `utf-8`). pytest-lsp also
checks every answer against what that client said it supports (LspSpecificationWarning, made an
error by run.sh).
"""

import asyncio
import copy

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import REPO, SERVER

CLIENTS = ["neovim@v0.7.0", "visual-studio-code@v1.65.2", "neovim-utf8"]
URI = "file:///work/espresso.dialrules"
# The fixed reference table of the editor tests (Fixtures/reference/README.md), not the shipped one.
ESPRESSO = (REPO / "Fixtures" / "reference" / "reference-table.dialrules").read_text()


def capabilities(name):
    if name == "neovim-utf8":
        caps = copy.deepcopy(client_capabilities("neovim@v0.7.0"))
        caps.general = types.GeneralClientCapabilities(position_encodings=["utf-8", "utf-16"])
        return caps
    return client_capabilities(name)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), params=CLIENTS)
async def client(request, lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities(request.param), root_uri="file:///work")
    )
    lsp_client.encoding = result.capabilities.position_encoding
    yield
    await lsp_client.shutdown_session()


def column(line: str, index: int, encoding: str) -> int:
    """The LSP character of the Python string index `index` in `line`."""
    prefix = line[:index]
    if encoding == "utf-8":
        return len(prefix.encode("utf-8"))
    return len(prefix.encode("utf-16-le")) // 2


def position(text: str, marker: str, encoding: str, offset: int = 0) -> types.Position:
    index = text.index(marker) + offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=column(text[start:], index - start, encoding))


async def settled(client: LanguageClient, predicate, uri: str = URI):
    """The diagnostics of `uri` once `predicate` holds for them (fails after 15 s instead of hanging)."""
    for _ in range(750):
        diagnostics = client.diagnostics.get(uri)
        if diagnostics is not None and predicate(diagnostics):
            return diagnostics
        await asyncio.sleep(0.02)
    raise AssertionError(f"diagnostics never settled: {client.diagnostics.get(uri)}")


def open_document(client: LanguageClient, text: str = ESPRESSO, uri: str = URI):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="dialrules", version=1, text=text)
        )
    )


def doc(uri: str = URI):
    return types.TextDocumentIdentifier(uri=uri)


async def test_initialize_negotiates_encoding(client: LanguageClient):
    expected = "utf-8" if client.capabilities.general and client.capabilities.general.position_encodings else "utf-16"
    assert client.encoding == expected


async def test_diagnostics_as_you_type(client: LanguageClient):
    open_document(client)
    findings = await settled(client, lambda d: len(d) == 6)
    assert {d.code for d in findings} == {"A001", "A002"}
    assert all(d.severity == types.DiagnosticSeverity.Information for d in findings)
    # Typing a typo into sour_fast's condition: an incremental change of one word.
    at = position(ESPRESSO, "fast\n  then grind finer", client.encoding)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=types.Position(line=at.line, character=at.character + 4)),
                    text="fsat",
                )
            ],
        )
    )
    diagnostics = await settled(client, lambda d: any(x.code == "C002" for x in d))
    typo = next(d for d in diagnostics if d.code == "C002")
    assert typo.range.start == at
    assert typo.severity == types.DiagnosticSeverity.Error
    assert "did you mean 'fast'?" in typo.message


async def test_related_information_for_a_duplicate_rule(client: LanguageClient):
    text = ESPRESSO + '\nrule harsh\n  when sour\n  then no change\n  because "again"\n'
    open_document(client, text)
    diagnostics = await settled(client, lambda d: any(x.code == "C003" for x in d))
    duplicate = next(d for d in diagnostics if d.code == "C003")
    supported = client.capabilities.text_document.publish_diagnostics.related_information
    if supported:
        [related] = duplicate.related_information
        assert related.location.range.start == position(text, "harsh\n  when harsh", client.encoding)
    else:
        assert "note" in duplicate.message


async def test_hover_rule_and_let(client: LanguageClient):
    open_document(client)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(), position=position(ESPRESSO, "rule sour_fast", client.encoding, 6))
    )
    assert "A fast, sour shot is under-extracted" in hover.contents.value
    assert "grind finer 1 step" in hover.contents.value
    let = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(), position=position(ESPRESSO, "let dt", client.encoding, 4))
    )
    assert "let dt = shot.time - recipe.time" in let.contents.value
    assert "seconds" in let.contents.value


async def test_definition_and_references(client: LanguageClient):
    open_document(client)
    use = position(ESPRESSO, "fast\n  then grind finer", client.encoding)
    result = await client.text_document_definition_async(types.DefinitionParams(text_document=doc(), position=use))
    location = result[0] if isinstance(result, list) else result
    assert location.range.start == position(ESPRESSO, "fast = dt", client.encoding)
    refs = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(), position=use, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert len(refs) == 8


async def test_rename_a_let(client: LanguageClient):
    open_document(client)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=doc(), position=position(ESPRESSO, "let slow", client.encoding, 4), new_name="too_slow"
        )
    )
    changes = edit.changes[URI] if edit.changes else edit.document_changes[0].edits
    assert len(changes) == 3
    assert all(c.new_text == "too_slow" for c in changes)


async def test_document_symbols(client: LanguageClient):
    open_document(client)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    names = [s.name for s in symbols]
    assert names[0] == "espresso"
    assert "sour_fast" in names and "dt" in names


async def test_completion_after_has(client: LanguageClient):
    text = ESPRESSO + "\nrule new_rule\n  when shot.flow has "
    open_document(client, text)
    end = position(text, text, client.encoding, len(text))
    items = await client.text_document_completion_async(types.CompletionParams(text_document=doc(), position=end))
    items = items.items if hasattr(items, "items") else items
    assert [i.label for i in items] == ["channeling", "gushing", "choked"]


async def test_formatting(client: LanguageClient):
    text = ESPRESSO.replace("  then grind finer 1 step", "      then   grind finer 1  step", 1)
    open_document(client, text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert len(edits) == 1
    lines = text.split("\n")
    e = edits[0]
    # Apply the one edit (whole lines) and compare with the shipped, formatted file.
    new = "\n".join(lines[: e.range.start.line]) + ("\n" if e.range.start.line else "") + e.new_text
    new += "\n".join(lines[e.range.end.line :])
    assert new == ESPRESSO


async def test_did_you_mean_quick_fix(client: LanguageClient):
    text = ESPRESSO.replace("when sour and not bitter and fast", "when sour and not bitter and fsat", 1)
    open_document(client, text)
    diagnostics = await settled(client, lambda d: any(x.code == "C002" for x in d))
    typo = next(d for d in diagnostics if d.code == "C002")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(), range=typo.range, context=types.CodeActionContext(diagnostics=[typo])
        )
    )
    fix = next(a for a in actions if a.title == "Replace 'fsat' with 'fast'")
    assert fix.is_preferred
    edits = fix.edit.changes[URI] if fix.edit.changes else fix.edit.document_changes[0].edits
    assert [(e.range, e.new_text) for e in edits] == [(typo.range, "fast")]


async def test_code_lens_and_its_command(client: LanguageClient):
    open_document(client)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc()))
    assert len(lenses) == 18  # one per rule with examples in the reference table
    assert all(lens.command.title.startswith("✓") for lens in lenses)
    shown = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lenses[0].command.command, arguments=lenses[0].command.arguments)
    )
    assert shown == "rule sour_fast: 1 example, passes"


async def test_the_shipped_table_opens_clean_with_every_example_passing(client: LanguageClient):
    shipped = (REPO / "rules" / "espresso.dialrules").read_text()
    uri = "file:///work/shipped.dialrules"
    open_document(client, shipped, uri)
    diagnostics = await settled(client, lambda d: True, uri)
    assert not [d for d in diagnostics if d.severity in (types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning)]
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(uri)))
    rules = shipped.count("\nrule ")
    assert rules == 39 and len(lenses) == rules  # every rule of the default table has examples
    assert all(lens.command.title.startswith("✓") for lens in lenses)


async def test_semantic_tokens(client: LanguageClient):
    open_document(client)
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc()))
    assert len(tokens.data) % 5 == 0 and len(tokens.data) > 2500


async def test_positions_after_non_ascii_text(client: LanguageClient):
    line = '  example "café ☕ 😀" shot tme 21 s, taste sour; recipe time 28 s expect grind finer 1 step\n'
    text = ESPRESSO.replace("  example\n", line, 1)
    open_document(client, text)
    diagnostics = await settled(client, lambda d: any(x.code == "C016" for x in d))
    bad = next(d for d in diagnostics if d.code == "C016")
    assert bad.range.start == position(text, "tme 21", client.encoding)
    assert bad.range.end.character - bad.range.start.character == 3


async def test_unknown_method_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("dialrules/unknown", {})

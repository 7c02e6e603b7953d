import DialRules
import DialRulesLanguageServer
import DialRulesTestSupport
import Testing

/// `didOpen`, `didChange` (full and incremental), `didClose` and `publishDiagnostics`: DialRules'
/// diagnostics at the right places, notes as related information, the analysis after the fast
/// diagnostics.
@Suite struct DiagnosticsTests {
  static let broken = """
    dialrules 1

    let fast = shot.time < 20 s

    rule a
      when shot.tme < 20 s and fast
      then grind finer 1 step
      because "x"

    rule a
      when fast
      then grind finer 1 step
      because "y"

    """

  func codes(_ diagnostics: [JSONValue]) -> [String] { diagnostics.compactMap { $0["code"]?.string } }
  /// The codes of the front end alone (small test files have gaps the analysis reports as A002).
  func checkerCodes(_ diagnostics: [JSONValue]) -> [String] { codes(diagnostics).filter { !$0.hasPrefix("A") } }

  @Test func errorsArePublishedOnOpenWithRangesAndRelatedInformation() throws {
    let client = TestClient()
    client.open(Self.broken)
    let diagnostics = client.diagnostics()
    #expect(codes(diagnostics) == ["C002", "C003"])
    let unknown = diagnostics[0]
    #expect(unknown["range"]?["start"] == TestClient.position(of: "shot.tme", in: Self.broken))
    #expect(unknown["range"]?["end"]?["character"] == 15)
    #expect(unknown["severity"] == 1)
    #expect(unknown["message"]?.string == "unknown name 'shot.tme'\nhelp: did you mean 'shot.time'?")
    let duplicate = diagnostics[1]
    let related = try #require(duplicate["relatedInformation"]?.elements?.first)
    #expect(related["message"] == "'a' is first defined here")
    #expect(related["location"]?["uri"] == .string(TestClient.uri))
    #expect(related["location"]?["range"]?["start"]?["line"] == 4)
    // A file with errors is not analysed: one publication only.
    #expect(client.publications().count == 1)
  }

  @Test func notesBecomeTextForClientsWithoutRelatedInformation() {
    let client = TestClient(capabilities: [:])
    client.open(Self.broken)
    let message = client.diagnostics().last?["message"]?.string ?? ""
    #expect(message.contains("note (5:6): 'a' is first defined here"))
  }

  @Test func theDefaultFileGetsFastDiagnosticsThenTheAnalysis() throws {
    let client = TestClient()
    client.open(try referenceTable())
    let publications = client.publications()
    #expect(publications.count == 2)
    #expect(publications[0]["params"]?["diagnostics"] == [])
    let findings = client.diagnostics()
    // The analysis's findings for the reference table, in its order, with the other rules related.
    let rules = try #require(RuleCompiler.compile(SourceFile(path: "d", text: try referenceTable())).rules)
    #expect(codes(findings) == Analyzer.analyze(rules).findings.map(\.code))
    #expect(
      findings.count == 6,
      "two A002 regions and four A001 findings, one per set of actions in conflict")
    let conflict = try #require(findings.first { $0["code"] == "A001" })
    #expect(conflict["severity"] == 3)
    #expect(conflict["relatedInformation"]?.elements?.isEmpty == false)
    #expect(conflict["message"]?.string?.contains("note: witness: {") == true)
    #expect(publications.allSatisfy { $0["params"]?["version"] == 1 })
  }

  @Test func incrementalChangesAreAppliedInOrder() {
    let client = TestClient()
    let text = "dialrules 1\n# café ☕\nlet x = shot.time\nrule r\n  when x > 3 s\n  then no change\n  because \"b\"\n"
    client.open(text)
    #expect(checkerCodes(client.diagnostics()).isEmpty)
    // Two edits in one notification, the second relative to the first's result, after non-ASCII
    // text on the line above: rename `x` to `dt` in its use, then break the let.
    let use = TestClient.position(of: "x > 3", in: text)
    let useEnd: JSONValue = ["line": use["line"] ?? 0, "character": .int((use["character"]?.int ?? 0) + 1)]
    client.change(
      [
        ["range": ["start": use, "end": useEnd], "text": "dt"],
        ["range": ["start": ["line": 2, "character": 4], "end": ["line": 2, "character": 5]], "text": "dt"],
      ], version: 2)
    #expect(checkerCodes(client.diagnostics()).isEmpty, "\(client.diagnostics())")
    // An edit just after `☕` on line 1, in UTF-16 units (`é` and `☕` are one each, so that is
    // character 8; read as bytes it would land before the `☕`, and the lexer would reject it).
    client.change(
      [
        ["range": ["start": ["line": 1, "character": 8], "end": ["line": 1, "character": 8]], "text": "\nlet y = 1"]
      ],
      version: 3)
    #expect(checkerCodes(client.diagnostics()) == ["C017"], "\(client.diagnostics())")
    // A whole-text change replaces everything.
    client.change([["text": "dialrules 2\n"]], version: 4)
    #expect(codes(client.diagnostics()) == ["C001"])
    #expect(client.publications().last?["params"]?["version"] == 4)
  }

  @Test func closingClearsTheDiagnostics() {
    let client = TestClient()
    client.open(Self.broken)
    client.notify("textDocument/didClose", ["textDocument": ["uri": .string(TestClient.uri)]])
    #expect(client.diagnostics().isEmpty)
    #expect(client.result("textDocument/hover", TestClient.at("fast", in: Self.broken)) == .null)
  }

  @Test func aTableThatIsTooLargeToAnalyseSaysA009() throws {
    // Ten independent `or`s expand to 1,024 boxes, past the analysis's limit of 512 per rule.
    let client = TestClient()
    client.open(try PackageRoot.read("Fixtures/lint/A009-condition-too-large.dialrules"))
    #expect(codes(client.diagnostics()) == ["A009"])
    #expect(client.diagnostics().first?["severity"] == 2)
  }

  @Test func aDocumentOverTheSizeLimitIsNotChecked() {
    let client = TestClient()
    let big =
      "dialrules 1\n" + String(repeating: "# a comment line that is long enough to add up quickly\n", count: 20_000)
    client.open(big)
    let diagnostics = client.diagnostics()
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["message"]?.string?.contains("larger than 1 MiB") == true)
    #expect(diagnostics.first?["code"] == nil)
    // Shrinking it back (a whole-text change) checks it again.
    client.change([["text": "dialrules 1\n"]], version: 2)
    #expect(checkerCodes(client.diagnostics()).isEmpty)
    #expect(client.diagnostics().allSatisfy { $0["code"] != nil })
  }
}

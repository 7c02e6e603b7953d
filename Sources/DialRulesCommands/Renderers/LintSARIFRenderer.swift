import DialRules

/// `lint --format sarif`: a minimal, valid SARIF 2.1.0 log, so code hosts can annotate pull
/// requests with lint results.
///
/// One run, with the tool's rules (one per code that occurs, each with its `name`, a short
/// description and a `helpUri` to its section of the docs, `DiagnosticNames`) and one
/// result per diagnostic: `ruleId`, `level` (info becomes `note`), the message, the primary
/// location, and notes with a place as `relatedLocations`. Analysis findings keep their region (in
/// words and as data, `regionData`), their witness and, for a finding about several regions, every
/// region under `properties`. Columns count Unicode code points, as the text renderer does, and
/// end columns are exclusive, as SARIF defines them.
enum LintSARIFRenderer {
  /// The log; `docs` is where the `docs/` folder is, for each rule's `helpUri`.
  static func render(_ reports: [LintReport], docs: String = "docs/") -> String {
    var codes = Set<String>()
    var results: [JSONValue] = []
    for report in reports {
      for (d, finding) in report.entries {
        codes.insert(d.code)
        results.append(result(d, finding, report: report))
      }
    }
    let descriptions = Dictionary(uniqueKeysWithValues: AnalysisCatalogue.checks.map { ($0.code, $0.summary) })
    let base = docs.hasSuffix("/") ? docs : docs + "/"
    let rules: [JSONValue] = codes.sorted().map { code in
      var members: [JSONValue.Member] = [.init("id", .string(code))]
      if let name = DiagnosticNames.name(code) { members.append(.init("name", .string(name))) }
      if let text = descriptions[code] ?? DiagnosticNames.name(code) {
        members.append(.init("shortDescription", ["text": .string(text)]))
      }
      members.append(.init("helpUri", .string(base + DiagnosticNames.helpLink(code))))
      return .object(members)
    }
    let driver: JSONValue = [
      "name": "dialrules", "version": .string(DialRulesCLI.version), "rules": .array(rules),
    ]
    let log: JSONValue = [
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
      "version": "2.1.0",
      "runs": [["tool": ["driver": driver], "columnKind": "unicodeCodePoints", "results": .array(results)]],
    ]
    return JSONPrettyPrinter.format(log.jsonText)
  }

  static func result(_ d: Diagnostic, _ finding: AnalysisFinding?, report: LintReport) -> JSONValue {
    var text = d.message
    if let region = finding?.regionText { text += " — region: \(region)" }
    var members: [JSONValue.Member] = [
      .init("ruleId", .string(d.code)), .init("level", .string(level(d.severity))),
      .init("message", ["text": .string(text)]),
      .init("locations", [location(d.span, in: report.file, message: nil)]),
    ]
    let related = d.notes.compactMap { note in note.span.map { location($0, in: report.file, message: note.message) } }
    if !related.isEmpty { members.append(.init("relatedLocations", .array(related))) }
    if let finding {
      var properties: [JSONValue.Member] = []
      if let region = finding.regionText { properties.append(.init("region", .string(region))) }
      if let data = finding.regionData { properties.append(.init("regionData", data)) }
      if let witness = finding.witness { properties.append(.init("witness", witness.jsonObject)) }
      if let decision = finding.witnessDecision { properties.append(.init("witnessDecision", decision.jsonObject)) }
      if !finding.regions.isEmpty {
        // Every region of a finding about several, the first being `region` above.
        properties.append(.init("regions", FindingRegionsJSON.encode(finding.regions, keys: .camelCase)))
      }
      if !properties.isEmpty { members.append(.init("properties", .object(properties))) }
    }
    return .object(members)
  }

  static func level(_ severity: Diagnostic.Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  static func location(_ span: SourceSpan, in file: SourceFile, message: String?) -> JSONValue {
    let start = file.position(of: span.start)
    let end = file.position(of: span.end)
    var members: [JSONValue.Member] = [
      .init(
        "physicalLocation",
        [
          "artifactLocation": ["uri": .string(uri(file.path))],
          "region": [
            "startLine": .number(ExactNumber(start.line)), "startColumn": .number(ExactNumber(start.column)),
            "endLine": .number(ExactNumber(end.line)), "endColumn": .number(ExactNumber(end.column)),
          ],
        ])
    ]
    if let message { members.append(.init("message", ["text": .string(message)])) }
    return .object(members)
  }

  /// A relative URI reference for a path: unreserved characters and `/` as they are, the rest
  /// percent-encoded.
  static func uri(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
        out.append(c)
      } else {
        out += "%" + String(byte, radix: 16, uppercase: true).zeroPadded(to: 2)
      }
    }
    return out
  }
}

/// `lint --format json`: one object with every file's diagnostics (positions resolved to 1-based
/// line/column) and totals, for editors and CI. Analysis findings carry their region in words and
/// as data (`region_data`, docs/schema/region.schema.json), their witness shot and the decision the
/// witness gets.
///
/// Shared by `dialrules lint` and the browser playground, so both print the same bytes.
package enum LintJSON {
  /// - Parameter extra: members appended to each file's object (`lint --shots` adds `shots`).
  package static func render(_ reports: [LintReport], extra: (LintReport) -> [JSONValue.Member] = { _ in [] })
    -> String
  {
    let files: [JSONValue] = reports.map { report in
      var members: [JSONValue.Member] = [
        .init("path", .string(report.file.path)),
        .init("rules", report.ruleCount.map { .number(ExactNumber($0)) } ?? .null),
        .init("examples", report.exampleCount.map { .number(ExactNumber($0)) } ?? .null),
        .init(
          "diagnostics",
          .array(report.entries.map { entry($0.diagnostic, $0.finding, ids: report.ruleIDs, in: report.file) })),
      ]
      if let analysis = report.analysis {
        var analysisMembers: [JSONValue.Member] = [
          .init("complete", .bool(analysis.complete)), .init("cells", .number(ExactNumber(analysis.cells))),
        ]
        if !analysis.properties.isEmpty {
          // Each property with its verdict; failures and undecided ones are also diagnostics.
          analysisMembers.append(.init("property_cells", .number(ExactNumber(analysis.propertyCells))))
          analysisMembers.append(.init("properties", .array(analysis.properties.map(property))))
        }
        members.append(.init("analysis", .object(analysisMembers)))
      }
      members += extra(report)
      return .object(members)
    }
    let root: JSONValue = [
      "files": .array(files),
      "errors": .number(ExactNumber(reports.reduce(0) { $0 + $1.errors })),
      "warnings": .number(ExactNumber(reports.reduce(0) { $0 + $1.warnings })),
      "infos": .number(ExactNumber(reports.reduce(0) { $0 + $1.infos })),
    ]
    return root.jsonText + "\n"
  }

  /// `{"id": "…", "status": "proved"}`, with the witness of a failing property and the reason of
  /// an undecided one.
  static func property(_ v: PropertyVerdict) -> JSONValue {
    var members: [JSONValue.Member] = [.init("id", .string(v.id)), .init("status", .string(v.status.rawValue))]
    if let witness = v.witness { members.append(.init("witness", witness.jsonObject)) }
    if let decision = v.witnessDecision { members.append(.init("witness_decision", decision.jsonObject)) }
    if let reason = v.reason { members.append(.init("reason", .string(reason))) }
    return .object(members)
  }

  /// One diagnostic (`DiagnosticJSON`) with, for an analysis finding, its rules, region, witness
  /// and the witness's decision.
  static func entry(_ d: Diagnostic, _ finding: AnalysisFinding?, ids: [String], in file: SourceFile)
    -> JSONValue
  {
    guard case .object(var members) = DiagnosticJSON.value(d, in: file) else { return .null }
    if let finding {
      members.append(.init("rules", .array(finding.rules.map { .string(ids[$0]) })))
      members.append(.init("region", finding.regionText.map { .string($0) } ?? .null))
      members.append(.init("region_data", finding.regionData ?? .null))
      members.append(.init("witness", finding.witness?.jsonObject ?? .null))
      members.append(.init("witness_decision", finding.witnessDecision?.jsonObject ?? .null))
      if !finding.regions.isEmpty {
        // A finding about several regions: every one, the first being `region` above.
        members.append(.init("regions", FindingRegionsJSON.encode(finding.regions, keys: .snakeCase)))
      }
    }
    return .object(members)
  }
}

/// A diagnostic as JSON: code, its name (`DiagnosticNames`), severity, message, the span as
/// path/line/column/end, notes, help.
package enum DiagnosticJSON {
  package static func value(_ d: Diagnostic, in file: SourceFile) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("code", .string(d.code)), .init("name", DiagnosticNames.name(d.code).map { .string($0) } ?? .null),
      .init("severity", .string(d.severity.rawValue)),
      .init("message", .string(d.message)),
    ]
    members += location(d.span, in: file)
    let notes: [JSONValue] = d.notes.map { note in
      .object([.init("message", .string(note.message))] + (note.span.map { location($0, in: file) } ?? []))
    }
    members.append(.init("notes", .array(notes)))
    members.append(.init("help", d.help.map { .string($0) } ?? .null))
    return .object(members)
  }

  /// `path`, `line`, `column`, `end_line`, `end_column` of `span` (1-based) in `file`.
  static func location(_ span: SourceSpan, in file: SourceFile) -> [JSONValue.Member] {
    let start = file.position(of: span.start)
    let end = file.position(of: span.end)
    return [
      .init("path", .string(file.path)), .init("line", .number(ExactNumber(start.line))),
      .init("column", .number(ExactNumber(start.column))), .init("end_line", .number(ExactNumber(end.line))),
      .init("end_column", .number(ExactNumber(end.column))),
    ]
  }
}

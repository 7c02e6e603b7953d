import DialRules

/// `lint --format json`: one object with every file's diagnostics (positions resolved to 1-based
/// line/column) and totals, for editors and CI.
enum LintJSONRenderer {
  static func render(_ reports: [LintReport]) -> String {
    let files: [JSONValue] = reports.map { report in
      [
        "path": .string(report.file.path),
        "rules": report.ruleCount.map { .number(ExactNumber($0)) } ?? .null,
        "examples": report.exampleCount.map { .number(ExactNumber($0)) } ?? .null,
        "diagnostics": .array(report.output.diagnostics.map { DiagnosticJSON.value($0, in: report.file) }),
      ]
    }
    let root: JSONValue = [
      "files": .array(files),
      "errors": .number(ExactNumber(reports.reduce(0) { $0 + $1.errors })),
      "warnings": .number(ExactNumber(reports.reduce(0) { $0 + $1.warnings })),
    ]
    return root.jsonText + "\n"
  }
}

/// A diagnostic as JSON: code, severity, message, the span as path/line/column/end, notes, help.
enum DiagnosticJSON {
  static func value(_ d: Diagnostic, in file: SourceFile) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("code", .string(d.code)), .init("severity", .string(d.severity.rawValue)),
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

  static func location(_ span: Span, in file: SourceFile) -> [JSONValue.Member] {
    let start = file.position(of: span.start)
    let end = file.position(of: span.end)
    return [
      .init("path", .string(file.path)), .init("line", .number(ExactNumber(start.line))),
      .init("column", .number(ExactNumber(start.column))), .init("end_line", .number(ExactNumber(end.line))),
      .init("end_column", .number(ExactNumber(end.column))),
    ]
  }
}

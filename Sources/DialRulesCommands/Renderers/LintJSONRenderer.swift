import DialRules

/// `lint --format json`: one object with every file's diagnostics (positions resolved to 1-based
/// line/column) and totals, for editors and CI.
enum LintJSONRenderer {
  static func render(_ reports: [LintReport]) -> String {
    var files: [JSONValue] = []
    for report in reports {
      var file: [(String, JSONValue)] = [("path", .string(report.file.path))]
      file.append(("rules", report.ruleCount.map { .number(ExactNumber($0)) } ?? .null))
      file.append(("examples", report.exampleCount.map { .number(ExactNumber($0)) } ?? .null))
      file.append(("diagnostics", .array(report.output.diagnostics.map { DiagnosticJSON.value($0, in: report.file) })))
      files.append(.object(file))
    }
    let errors = reports.reduce(0) { $0 + $1.errors }
    let warnings = reports.reduce(0) { $0 + $1.warnings }
    let root: JSONValue = .object([
      ("files", .array(files)), ("errors", .number(ExactNumber(errors))), ("warnings", .number(ExactNumber(warnings))),
    ])
    return root.text + "\n"
  }
}

/// A diagnostic as JSON: code, severity, message, the span as path/line/column/end, notes, help.
enum DiagnosticJSON {
  static func value(_ d: Diagnostic, in file: SourceFile) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("code", .string(d.code)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
    ]
    fields.append(contentsOf: location(d.span, in: file))
    fields.append(
      (
        "notes",
        .array(
          d.notes.map { note in
            var n: [(String, JSONValue)] = [("message", .string(note.message))]
            if let span = note.span { n.append(contentsOf: location(span, in: file)) }
            return .object(n)
          })
      ))
    fields.append(("help", d.help.map { .string($0) } ?? .null))
    return .object(fields)
  }

  static func location(_ span: Span, in file: SourceFile) -> [(String, JSONValue)] {
    let start = file.position(of: span.start)
    let end = file.position(of: span.end)
    return [
      ("path", .string(file.path)), ("line", .number(ExactNumber(start.line))),
      ("column", .number(ExactNumber(start.column))), ("end_line", .number(ExactNumber(end.line))),
      ("end_column", .number(ExactNumber(end.column))),
    ]
  }
}

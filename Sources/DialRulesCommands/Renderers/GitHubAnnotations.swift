import DialRules

/// `lint --format github`: one GitHub Actions workflow command per diagnostic, which the runner
/// turns into an annotation on the pull request:
///
///     ::error file=rules/x.dialrules,line=5,col=8,endLine=5,endColumn=15,title=C002::unknown name 'shot.tme'
///
/// Errors are `::error`, warnings `::warning`, information `::notice`. Columns count characters
/// from 1 and `endColumn` is the last column of the span (inclusive); a span over several lines
/// gives `line` and `endLine` only, since GitHub takes columns only within one line. The message
/// is the diagnostic's, then its notes and help on further lines. Property values escape `%`,
/// `\r`, `\n`, `:` and `,`; the message escapes `%`, `\r` and `\n` (GitHub's rules).
package enum GitHubAnnotations {
  static func render(_ reports: [LintReport]) -> String {
    var out = ""
    for report in reports {
      for (d, _) in report.entries { out += line(d, in: report.file) + "\n" }
    }
    return out
  }

  static func line(_ d: Diagnostic, in file: SourceFile) -> String {
    let start = file.position(of: d.span.start)
    let end = file.position(of: d.span.end)
    var properties = [("file", file.path), ("line", String(start.line))]
    if start.line == end.line {
      properties.append(("col", String(start.column)))
      properties += [("endLine", String(end.line)), ("endColumn", String(max(start.column, end.column - 1)))]
    } else {
      properties.append(("endLine", String(end.line)))
    }
    properties.append(("title", d.code))
    var message = d.message
    for note in d.notes {
      message += "\nnote: " + note.message
      if let span = note.span { message += " (line \(file.position(of: span.start).line))" }
    }
    if let help = d.help { message += "\nhelp: " + help }
    let command =
      switch d.severity {
      case .error: "error"
      case .warning: "warning"
      case .info: "notice"
      }
    return "::\(command) " + properties.map { $0.0 + "=" + property($0.1) }.joined(separator: ",") + "::"
      + data(message)
  }

  /// A property value: `%`, `\r`, `\n`, `:` and `,` percent-encoded.
  package static func property(_ s: String) -> String { escape(s, separators: true) }

  /// The message: `%`, `\r` and `\n` percent-encoded.
  package static func data(_ s: String) -> String { escape(s, separators: false) }

  static func escape(_ s: String, separators: Bool) -> String {
    var out = ""
    for c in s.unicodeScalars {
      switch c {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where separators: out += "%3A"
      case "," where separators: out += "%2C"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}

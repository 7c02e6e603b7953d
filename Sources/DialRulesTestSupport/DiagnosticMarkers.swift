import DialRules

/// Marker-based unit tests of the front end (swift-syntax's `assertParse`, jlox's
/// `// expect error` comments): source text with markers (`MarkedSource`), the diagnostics
/// expected at them, and a check that the stage reports exactly those — each at its marker,
/// nothing anywhere else. The rendered goldens of `Fixtures/diagnostics/` pin the whole output;
/// these pin places and codes, many cases per file, and read as the test they are.
package enum DiagnosticMarkers {
  /// How much of the front end runs: the lexer, lexer and parser, or everything but the analysis.
  package typealias Stage = RuleCompiler.Stage

  /// One diagnostic a test expects: its code at a marker and, optionally, its exact message.
  package struct Expected: Sendable, CustomStringConvertible {
    package var marker: String
    package var code: String
    package var message: String?

    package init(_ code: String, at marker: String, message: String? = nil) {
      self.code = code
      self.marker = marker
      self.message = message
    }

    package var description: String { "\(code) at \(marker)" + (message.map { " '\($0)'" } ?? "") }
  }

  /// The diagnostics `stage` reports for `file`, normalized as every user of the front end sees
  /// them (sorted; one per code and place).
  package static func diagnostics(of file: SourceFile, stage: Stage) -> [Diagnostic] {
    RuleCompiler.diagnostics(of: file, through: stage)
  }

  /// Runs `stage` on `marked` without its markers and compares what it reports with `expected`.
  /// Returns nil when every expected diagnostic occurs at its marker (with its message, when one
  /// is given) and no other diagnostic occurs; otherwise a description of the differences, with
  /// the source lines and a caret at each expected and each actual place.
  package static func mismatch(in marked: String, stage: Stage, expected: [Expected]) -> String? {
    mismatch(in: MarkedSource(marked), stage: stage, expected: expected)
  }

  /// The same for a marked input given as bytes (for invalid UTF-8).
  package static func mismatch(in source: MarkedSource, stage: Stage, expected: [Expected]) -> String? {
    let file = SourceFile(path: "marked.dialrules", bytes: source.bytes)
    var problems: [String] = source.duplicates.map { "marker \($0) is used more than once" }
    let unused = source.offsets.keys.filter { marker in !expected.contains { $0.marker == marker } }
    problems += MarkedSource.markers.filter(unused.contains).map { "marker \($0) is in the source but expects nothing" }
    var carets: [Caret] = []
    var remaining = diagnostics(of: file, stage: stage)
    for e in expected {
      guard let offset = source.offsets[e.marker] else {
        problems.append("\(e): the marker is not in the source")
        continue
      }
      if let i = remaining.firstIndex(where: { $0.span.start == offset && $0.code == e.code }) {
        let found = remaining.remove(at: i)
        if let message = e.message, found.message != message {
          problems.append("\(e.code) at \(e.marker): message '\(found.message)', expected '\(message)'")
          carets.append(Caret(offset: offset, label: "\(e.code) has another message (\(e.marker))"))
        }
      } else {
        problems.append("missing: \(e)")
        carets.append(Caret(offset: offset, label: "expected \(e.code) (\(e.marker))"))
      }
    }
    for d in remaining {
      problems.append("unexpected: \(d.code) '\(d.message)'")
      carets.append(Caret(offset: d.span.start, label: "found \(d.code): \(d.message)"))
    }
    guard !problems.isEmpty else { return nil }
    return "the \(stage.rawValue)'s diagnostics differ from the markers:\n"
      + problems.map { "  - " + $0 }.joined(separator: "\n") + "\n"
      + Caret.show(carets, in: file)
  }

  /// A labelled place in the source, shown under its line.
  struct Caret {
    var offset: Int
    var label: String

    /// Widest source line shown; places further right are named by column.
    static let maxWidth = 160

    /// Each line with carets, once, with a caret line per place (sorted by offset).
    static func show(_ carets: [Caret], in file: SourceFile) -> String {
      var out = ""
      var lastLine: Int?
      let width = String(file.lineStarts.count).count
      for caret in carets.sorted(by: { $0.offset < $1.offset }) {
        let position = file.position(of: caret.offset)
        let number = String(position.line)
        let gutter = String(repeating: " ", count: width)
        if lastLine != position.line {
          let line = String(decoding: file.lineBytes(position.line - 1), as: UTF8.self)
          let shown = line.count > maxWidth ? line.prefix(maxWidth) + "…" : Substring(line)
          out += String(repeating: " ", count: width - number.count) + number + " | " + shown + "\n"
          lastLine = position.line
        }
        if position.column > maxWidth {
          out += gutter + " | … column \(position.column): " + caret.label + "\n"
        } else {
          out += gutter + " | " + String(repeating: " ", count: position.column - 1) + "^ " + caret.label + "\n"
        }
      }
      return out
    }
  }
}

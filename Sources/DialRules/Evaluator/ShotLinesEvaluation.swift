/// `dialrules eval`'s standard output: every line of a JSON Lines file of shots decided, one
/// decision JSON per line, in order; a line that is not a valid shot gets an error record in its
/// place, so output lines still match input lines. One implementation for `eval` and the browser
/// playground.
package enum ShotLinesEvaluation {
  /// Writes the output line of every non-blank line of `shots` to `writer`, calling `invalid` with
  /// the diagnostics of each invalid line and `flush` after each line (which may empty the
  /// writer). Returns how many lines were invalid.
  package static func write(
    _ rules: CompiledRules, shots: SourceFile, to writer: inout JSONWriter,
    invalid: (DiagnosticList) -> Void = { _ in }, flush: (inout JSONWriter) -> Void = { _ in }
  ) -> Int {
    let evaluator = Evaluator(rules)
    var bad = 0
    ShotJSONReader.readShots(shots) { line, result in
      switch result {
      case .success(let shot):
        evaluator.writeDecision(shot, to: &writer)
      case .failure(let diagnostics):
        bad += 1
        invalid(diagnostics)
        writer.value(errorRecord(line: line, diagnostics.first, file: shots))
      }
      writer.newline()
      flush(&writer)
    }
    return bad
  }

  /// `{"line":N,"error":{"code":"J…","message":"…","line":N,"column":C}}` for an invalid line.
  static func errorRecord(line: Int, _ d: Diagnostic?, file: SourceFile) -> JSONValue {
    guard let d else { return ["line": .number(ExactNumber(line)), "error": .null] }
    let p = file.position(of: d.span.start)
    return [
      "line": .number(ExactNumber(line)),
      "error": [
        "code": .string(d.code), "message": .string(d.message), "line": .number(ExactNumber(p.line)),
        "column": .number(ExactNumber(p.column)),
      ],
    ]
  }
}

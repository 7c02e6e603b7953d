import Testing

/// Records an issue at the caller unless `stage` reports exactly the `expected` diagnostics for
/// `marked` (see `DiagnosticMarkers.mismatch`). With no expectations, the text must be clean.
///
/// ```
/// assertDiagnostics("dialrules 1\nrule r\n  when sour 1️⃣@ bitter\n", stage: .lexer, [.init("L001", at: "1️⃣")])
/// ```
package func assertDiagnostics(
  _ marked: String, stage: DiagnosticMarkers.Stage, _ expected: [DiagnosticMarkers.Expected] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  assertDiagnostics(MarkedSource(marked), stage: stage, expected, sourceLocation: sourceLocation)
}

/// The same for a marked input given as bytes (`MarkedSource(bytes:)`), for invalid UTF-8.
package func assertDiagnostics(
  _ marked: MarkedSource, stage: DiagnosticMarkers.Stage, _ expected: [DiagnosticMarkers.Expected] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if let mismatch = DiagnosticMarkers.mismatch(in: marked, stage: stage, expected: expected) {
    Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
  }
}

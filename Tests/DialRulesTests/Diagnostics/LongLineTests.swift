import DialRulesTestSupport
import Testing

@testable import DialRules

/// Positions and excerpts on very long lines: columns come from checkpoints rather than a count
/// from the line start, and excerpts decode only a window, so rendering many diagnostics on one
/// megabyte-long line is linear (it was quadratic; see docs/robustness.md).
@Suite struct LongLineTests {
  /// A line of mixed one- to four-byte characters, longer than the checkpoint stride many times.
  static func longLine(_ rng: inout SeededGenerator, bytes: Int) -> String {
    let pieces = ["a", " ", "é", "☕", "😀", "\t", "sour"]
    var line = ""
    while line.utf8.count < bytes { line += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
    return line
  }

  @Test func checkpointedColumnsEqualCountedColumns() {
    var rng = SeededGenerator(seed: 6)
    let text = "first\n" + Self.longLine(&rng, bytes: 50_000) + "\nlast\r\n" + Self.longLine(&rng, bytes: 9_000)
    let file = SourceFile(path: "t", text: text)
    #expect(!file.continuationCheckpoints.isEmpty)
    for _ in 0..<300 {
      let offset = Int.random(in: 0...file.bytes.count, using: &rng)
      let line = file.lineIndex(of: offset)
      let start = file.lineStarts[line]
      let counted = file.bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
      #expect(file.position(of: offset) == SourceFile.Position(line: line + 1, column: counted), "offset \(offset)")
    }
  }

  @Test func shortFilesKeepNoCheckpoints() {
    #expect(SourceFile(path: "t", text: "dialrules 1\nrule r\n").continuationCheckpoints.isEmpty)
  }

  @Test func excerptsOnAMegabyteLineAreWindowed() {
    var rng = SeededGenerator(seed: 7)
    let line = Self.longLine(&rng, bytes: 1 << 20)
    let file = SourceFile(path: "t", text: line)
    let spans = (0..<200).map { _ in
      let start = Int.random(in: 0..<file.bytes.count, using: &rng)
      return SourceSpan(start: start, end: min(file.bytes.count, start + 100_000))
    }
    let diagnostics = spans.map { Diagnostic(code: "L001", message: "m", span: $0) }
    let clock = ContinuousClock()
    var rendered = ""
    let elapsed = clock.measure { rendered = DiagnosticRenderer().render(diagnostics, in: file) }
    for excerptLine in rendered.split(separator: "\n") where excerptLine.hasPrefix("1 | ") {
      #expect(excerptLine.count <= DiagnosticRenderer.maxExcerptWidth + 6)
    }
    #expect(elapsed < .seconds(5), "rendering 200 diagnostics on a 1 MiB line took \(elapsed)")
  }
}

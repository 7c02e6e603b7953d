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

  /// Two hundred diagnostics with 100 KB spans on a megabyte-long line: each costs a bounded
  /// window, so twice the diagnostics on a line twice as long cost twice the work (it was k × n:
  /// four times). Work is the bytes scanned for columns and decoded for excerpts. (Timing:
  /// `dialrules-bench scaling`, "render 200 diagnostics on one n-byte line".)
  @Test func excerptsOnAMegabyteLineAreWindowed() throws {
    try #require(WorkMeter.isCounting, "work counters exist in debug builds only")
    var rng = SeededGenerator(seed: 7)
    func render(_ count: Int, onALineOf bytes: Int) -> (text: String, work: Int) {
      let file = SourceFile(path: "t", text: Self.longLine(&rng, bytes: bytes))
      // Evenly spread, so both sizes put their spans at the same relative places.
      let diagnostics = (0..<count).map { i in
        let start = i * file.bytes.count / count
        return Diagnostic(
          code: "L001", message: "m", span: SourceSpan(start: start, end: min(file.bytes.count, start + 100_000)))
      }
      var text = ""
      let work = WorkMeter.units(.sourceBytes) { text = DiagnosticRenderer().render(diagnostics, in: file) }
      return (text, work)
    }
    let small = render(100, onALineOf: 1 << 19)
    let large = render(200, onALineOf: 1 << 20)
    for excerptLine in large.text.split(separator: "\n") where excerptLine.hasPrefix("1 | ") {
      #expect(excerptLine.count <= DiagnosticRenderer.maxExcerptWidth + 6)
    }
    #expect(small.work > 0)
    #expect(
      Double(large.work) <= 2.2 * Double(small.work),
      "twice the diagnostics on a twice as long line: \(small.work) → \(large.work) bytes scanned")
  }
}

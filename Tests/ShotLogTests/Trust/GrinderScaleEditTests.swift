import DialRules
import Foundation
import ShotLog
import Testing

@testable import ShotLogCommands

/// Trends and the report after `profiles grinder edit --finer`: each shot is shown on the scale its
/// own recipe snapshot kept, and the change of direction is said where it happened.
@Suite struct GrinderScaleEditTests {
  /// Guji on a Niche Zero (lower is finer): 14, then 13.5 and 13 by accepted finer moves; then the
  /// grinder's direction is edited (higher is finer, step 1) and a finer move goes 13 → 14.
  static func editedLog() -> Scratch {
    let s = Scratch()
    s.setUpGuji(grind: "14")
    for (time, taste, answer) in [("21", "sour", true), ("24", "sour", true), ("27", "balanced", false)] {
      s.expect(["log", "--time", time, "--yield", "36", "--taste", taste])
      if answer { s.expect(["accept"]) }
    }
    s.expect(["profiles", "grinder", "edit", "Niche Zero", "--finer", "higher", "--step", "1"])
    s.expect(["log", "--time", "22", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced"])
    return s
  }

  @Test func trendsLabelEachPartWithItsOwnScale() {
    let s = Self.editedLog()
    let trends = s.expect(["trends"]).out
    #expect(
      trends.contains(
        "Grind on Niche Zero, whose scale changed at #4: 14 → 13 over 3 shots (lower is finer), then 13 → 14 over 2 shots (higher is finer); the last 1 at 14."
      ), "\(trends)")
    #expect(
      trends.contains("* #4: the scale of Niche Zero changed: higher is finer from here on, lower is finer before."),
      "\(trends)")
    #expect(!trends.contains("Grind on Niche Zero (higher is finer)"), "\(trends)")
    let rows = trends.split(separator: "\n").filter { $0.first?.isNumber == true }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    // #, pulled date, pulled time, grind, arrow or mark: the arrows follow each shot's scale and
    // none compares across the edit.
    #expect(rows.count == 5)
    #expect(rows.map { Array($0[3...4]).joined(separator: " ") } == ["14 21", "13.5 ↓", "13 ↓", "13 *", "14 ↓"])
    // Narrow too: the same words, wrapped.
    let narrow = s.run(["trends"], variables: ["COLUMNS": "40"]).out
    #expect(narrow.contains("* #4: the scale of Niche Zero changed:"), "\(narrow)")
    for line in narrow.split(separator: "\n") { #expect(line.unicodeScalars.count <= 40, "\(line)") }
  }

  @Test func theReportDrawsFinerDownOnEachShotsOwnScale() throws {
    let s = Self.editedLog()
    let store = try s.store(.readOnly)
    let bean = try store.profiles.findBean("Guji")
    let report = try #require(try BeanReport.load(store, only: bean).first)
    let svg = BeanChart(report: report).svg
    #expect(svg.contains("grind on Niche Zero · #1–#3<"), "\(svg)")
    #expect(svg.contains("grind on Niche Zero · #4–#5, after its scale was edited<"))
    #expect(svg.contains("Niche Zero: lower is finer (part 1 of 2)"))
    #expect(svg.contains("Niche Zero: higher is finer (part 2 of 2)"))
    // The recipe now (14, on the new scale) is drawn once, on the newest part.
    #expect(svg.components(separatedBy: "recipe now: 14").count - 1 == 1)
    // Each shot's dot, in shot order: shot i+1 is finer than shot i (on both scales) except across
    // the edit, so it must be drawn lower (a larger y) within each part.
    let ys = try Self.grindDotHeights(svg)
    #expect(ys.count == 5, "\(ys)")
    for i in [0, 1, 3] where i + 1 < ys.count {
      #expect(ys[i + 1] > ys[i], "shot \(i + 2) is finer than shot \(i + 1): \(ys)")
    }
  }

  /// The y of every grind dot, in shot order (by x).
  static func grindDotHeights(_ svg: String) throws -> [Double] {
    var points: [(Double, Double)] = []
    for piece in svg.components(separatedBy: "class=\"dots grind-dot\"").dropFirst() {
      let d = try #require(
        piece.components(separatedBy: " d=\"").dropFirst().first?.components(separatedBy: "\"").first)
      for move in d.split(separator: "M") {
        let numbers = move.replacingOccurrences(of: "h0", with: "").split(separator: " ").compactMap { Double($0) }
        if numbers.count == 2 { points.append((numbers[0], numbers[1])) }
      }
    }
    return points.sorted { $0.0 < $1.0 }.map(\.1)
  }
}

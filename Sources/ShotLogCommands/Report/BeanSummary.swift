import DialRules
import ShotLog

/// What a bean's chart shows, in one sentence with its numbers: the text a screen reader reads
/// for the chart (`aria-labelledby`), and the caption's first line for everyone.
struct BeanSummary {
  let report: BeanReport

  init(_ report: BeanReport) { self.report = report }

  /// `Guji: 9 shots, #1 to #9. Grind on Niche Zero 15 → 14 (finest 13.5, coarsest 15). Time 21 s
  /// to 33 s; 4 of 9 within 3 s of the target. …`
  var sentence: String {
    let shots = report.shots
    guard let first = shots.first, let last = shots.last else { return "\(report.bean.name): no shots yet." }
    var parts = [
      shots.count == 1
        ? "\(report.bean.name): 1 shot, #\(first.attemptID)"
        : "\(report.bean.name): \(shots.count) shots, #\(first.attemptID) to #\(last.attemptID)"
    ]
    for grinder in report.grinderNames {
      let grinds = shots.filter { $0.grinderName == grinder }.map(\.grind)
      guard let start = grinds.first, let end = grinds.last else { continue }
      var text =
        grinds.count == 1
        ? "grind on \(grinder) \(start)" : "grind on \(grinder) \(start) → \(end) over \(grinds.count) shots"
      let values = grinds.compactMap { GrindSetting(text: $0).value }
      if let low = values.min(by: <), let high = values.max(by: <), low != high {
        text += " (from \(low.decimalText) to \(high.decimalText))"
      }
      parts.append(text)
    }
    let times = shots.compactMap(\.timeS)
    if let low = times.min(by: <), let high = times.max(by: <) {
      var text = "time \(Formatting.seconds(low))" + (low == high ? "" : " to \(Formatting.seconds(high))")
      let targeted = shots.filter { report.targetTime($0) != nil && $0.timeS != nil }
      if !targeted.isEmpty {
        let inBand = targeted.filter { s in
          guard let t = s.timeS, let target = report.targetTime(s), let d = t.subtracting(target) else { return false }
          return !(BeanChart.band < d.magnitude)
        }
        text += ", \(inBand.count) of \(targeted.count) within 3 s of the target"
      }
      parts.append(text)
    }
    let ratios = shots.compactMap { s in s.yieldG.flatMap { y in s.doseG.flatMap { y.divided(by: $0) } } }
    if let low = ratios.min(by: <), let high = ratios.max(by: <) {
      parts.append("ratio \(Formatting.ratio(low))" + (low == high ? "" : " to \(Formatting.ratio(high))"))
    }
    var tastes: [String] = []
    for tag in BeanChart.tastes {
      let n = shots.filter { $0.taste?.contains(tag) == true }.count
      if n > 0 { tastes.append("\(tag.rawValue) \(n)") }
    }
    if !tastes.isEmpty { parts.append("taste " + tastes.joined(separator: ", ")) }
    let accepted = shots.filter { $0.eventAction == .accepted }.count
    let rejected = shots.filter { $0.eventAction == .rejected }.count
    let abstained = shots.filter { $0.decisionKind == .insufficientEvidence }.count
    var answers = "suggestions accepted \(accepted), rejected \(rejected)"
    if abstained > 0 { answers += ", insufficient evidence \(abstained)" }
    parts.append(answers)
    return parts.joined(separator: "; ") + "."
  }
}

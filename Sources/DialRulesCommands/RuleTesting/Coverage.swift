import DialRules
import Foundation

/// Which rules the fixtures and examples exercise: how often each matched, decided, or matched
/// but lost (to a conflict or another rule's abstention). A rule that never matched is uncovered.
struct Coverage {
  struct Row {
    var id: String
    var matched = 0
    var decided = 0
    var lost = 0
  }

  var rows: [Row]

  init(rules: CompiledRules, results: [TestResult]) {
    rows = rules.rules.map { Row(id: $0.id) }
    for result in results {
      guard let decision = result.decision else { continue }
      let decidedSet = Set(decision.decidedBy)
      let settled: Bool
      switch decision.outcome {
      case .adjust, .noChange, .insufficientEvidence(.explicit): settled = true
      default: settled = false
      }
      for i in result.matchedRules {
        rows[i].matched += 1
        if settled && decidedSet.contains(rows[i].id) { rows[i].decided += 1 } else { rows[i].lost += 1 }
      }
    }
  }

  var uncovered: [String] { rows.filter { $0.matched == 0 }.map(\.id) }

  var text: String {
    let width = max(4, rows.map(\.id.count).max() ?? 4)
    var out = "coverage:\n"
    out += "  " + "rule".padding(toLength: width, withPad: " ", startingAt: 0) + "  matched  decided  lost\n"
    for r in rows {
      out += "  " + r.id.padding(toLength: width, withPad: " ", startingAt: 0)
      out += "  " + pad(r.matched, 7) + "  " + pad(r.decided, 7) + "  " + pad(r.lost, 4) + "\n"
    }
    let u = uncovered
    out += u.isEmpty ? "  every rule is covered\n" : "  uncovered: \(u.joined(separator: ", "))\n"
    return out
  }

  func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: " ", count: max(0, width - s.count)) + s
  }

  var json: JSONValue {
    [
      "rules": .array(
        rows.map {
          [
            "id": .string($0.id), "matched": .number(ExactNumber($0.matched)),
            "decided": .number(ExactNumber($0.decided)), "lost": .number(ExactNumber($0.lost)),
          ]
        }),
      "uncovered": .array(uncovered.map { .string($0) }),
    ]
  }
}

import DialRules

/// Which rules the fixtures and examples exercise: how often each matched, decided, or matched
/// but lost (to a conflict or another rule's abstention). A rule that never matched is uncovered.
///
/// And, per rule, which of its conditions (the top-level parts of its `when`, as explanations
/// trace them) the cases saw true, false and unknown, and on how many cases each mattered: the
/// rule's three-valued truth depended on it, which is so exactly when none of the rule's other
/// conditions was false there. A condition is shown to matter when it mattered on one case while
/// false and on another while not false: a pair of cases on which its value and the rule's truth
/// both differ (docs/testing-rules.md, "Condition coverage").
struct Coverage {
  struct Row {
    var id: String
    var matched = 0
    var decided = 0
    var lost = 0
    var conditions: [ConditionRow] = []
  }

  /// One top-level condition of a rule, with what the cases showed of it.
  struct ConditionRow {
    /// As explanations write it: `sour`, `not bitter`, `dt < -3 s`, a named condition's name.
    var text: String
    var line: Int
    var column: Int
    var seenTrue = 0
    var seenFalse = 0
    var seenUnknown = 0
    /// Cases on which the rule's truth depended on this condition.
    var matters = 0
    /// Cases on which it was false and mattered: the rule was false because of it alone.
    var falseAlone = 0

    /// Whether it mattered on some case while false and on another while true or unknown.
    var shownToMatter: Bool { falseAlone > 0 && matters > falseAlone }

    /// What no case showed.
    var gaps: [Gap] {
      var out: [Gap] = []
      if seenTrue == 0 { out.append(.neverTrue) }
      if seenFalse == 0 { out.append(.neverFalse) }
      if !shownToMatter { out.append(.neverMatters) }
      return out
    }
  }

  /// What no case showed of a condition.
  enum Gap: String, CaseIterable {
    case neverTrue = "never_true"
    case neverFalse = "never_false"
    case neverMatters = "never_shown_to_matter"

    var words: String { rawValue.replacingEvery("_", with: " ") }
  }

  var rows: [Row]

  /// Counts `results` against the table `runner` tests.
  init(runner: TestRunner, results: [TestResult]) {
    let rules = runner.rules
    let parts = runner.evaluator.conditionParts
    rows = rules.rules.map { rule in
      let conditions = rule.index < parts.count ? parts[rule.index] : []
      return Row(
        id: rule.id,
        conditions: conditions.map { part in
          let p = runner.rulesFile.position(of: part.span.start)
          return ConditionRow(text: part.text, line: p.line, column: p.column)
        })
    }
    let conditionCount = rows.reduce(0) { $0 + $1.conditions.count }
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
      if result.conditionTruths.count == conditionCount { count(result.conditionTruths) }
    }
  }

  /// Adds one case's condition truths (every rule's, in table order).
  mutating func count(_ truths: [Truth]) {
    var at = 0
    for r in rows.indices {
      let n = rows[r].conditions.count
      let falses = truths[at..<at + n].reduce(0) { $0 + ($1 == .no ? 1 : 0) }
      for k in 0..<n {
        let truth = truths[at + k]
        switch truth {
        case .yes: rows[r].conditions[k].seenTrue += 1
        case .no: rows[r].conditions[k].seenFalse += 1
        case .unknown: rows[r].conditions[k].seenUnknown += 1
        }
        // With none of the others false, the rule's truth is this one's (the others all true) or
        // unknown unless this one is false (some other unknown): either way it depends on it.
        if falses - (truth == .no ? 1 : 0) == 0 {
          rows[r].conditions[k].matters += 1
          if truth == .no { rows[r].conditions[k].falseAlone += 1 }
        }
      }
      at += n
    }
  }

  var uncovered: [String] { rows.filter { $0.matched == 0 }.map(\.id) }

  /// Every condition with a gap: rule index, condition index, gaps.
  var conditionGaps: [(rule: Int, condition: Int, gaps: [Gap])] {
    rows.indices.flatMap { r in
      rows[r].conditions.indices.compactMap { k in
        let gaps = rows[r].conditions[k].gaps
        return gaps.isEmpty ? nil : (r, k, gaps)
      }
    }
  }

  var text: String {
    let width = max(4, rows.map(\.id.count).max() ?? 4)
    var out = "coverage:\n"
    out += "  " + "rule".padded(to: width) + "  matched  decided  lost\n"
    for r in rows {
      out += "  " + r.id.padded(to: width)
      out += "  " + pad(r.matched, 7) + "  " + pad(r.decided, 7) + "  " + pad(r.lost, 4) + "\n"
    }
    let u = uncovered
    out += u.isEmpty ? "  every rule is covered\n" : "  uncovered: \(u.joined(separator: ", "))\n"
    out += conditionText(ruleWidth: width)
    return out
  }

  /// The condition rows: one line per condition under its rule, then a summary of the gaps.
  func conditionText(ruleWidth width: Int) -> String {
    let all = rows.flatMap(\.conditions)
    let numberWidth = max(1, String(rows.map(\.conditions.count).max() ?? 1).count)
    let places = all.map { "\($0.line):\($0.column)" }
    let placeWidth = max(2, places.map(\.count).max() ?? 2)
    let textWidth = max(9, all.map(\.text.count).max() ?? 9)
    var out = "conditions:\n"
    out += "  " + "rule".padded(to: width) + "  "
    out += "#".padded(to: numberWidth) + "  "
    out += "at".padded(to: placeWidth)
    out += "  true  false  unknown  matters  false-alone  condition\n"
    for r in rows {
      for (k, c) in r.conditions.enumerated() {
        let rule = k == 0 ? r.id : ""
        out += "  " + rule.padded(to: width) + "  "
        out += pad(k + 1, numberWidth) + "  "
        out += "\(c.line):\(c.column)".padded(to: placeWidth) + "  "
        out += pad(c.seenTrue, 4) + "  " + pad(c.seenFalse, 5) + "  " + pad(c.seenUnknown, 7) + "  "
        out += pad(c.matters, 7) + "  " + pad(c.falseAlone, 11) + "  "
        let gaps = c.gaps
        if gaps.isEmpty {
          out += c.text + "\n"
        } else {
          out += c.text.padded(to: textWidth) + "  "
          out += gaps.map(\.words).joined(separator: ", ") + "\n"
        }
      }
    }
    let counts = Gap.allCases.map { gap in (gap, all.filter { $0.gaps.contains(gap) }.count) }.filter { $0.1 > 0 }
    if counts.isEmpty {
      out += "  every condition was seen true and false and shown to matter\n"
    } else {
      let first = counts[0]
      var parts = ["\(first.1) condition\(first.1 == 1 ? "" : "s") \(first.0.words)"]
      parts += counts.dropFirst().map { "\($0.1) \($0.0.words)" }
      out += "  " + parts.joined(separator: ", ") + "\n"
    }
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
            "conditions": .array($0.conditions.enumerated().map { Self.json($1, number: $0 + 1) }),
          ]
        }),
      "uncovered": .array(uncovered.map { .string($0) }),
      "condition_gaps": .array(
        conditionGaps.map { gap in
          [
            "rule": .string(rows[gap.rule].id), "condition": .number(ExactNumber(gap.condition + 1)),
            "text": .string(rows[gap.rule].conditions[gap.condition].text),
            "gaps": .array(gap.gaps.map { .string($0.rawValue) }),
          ]
        }),
    ]
  }

  static func json(_ c: ConditionRow, number: Int) -> JSONValue {
    [
      "condition": .number(ExactNumber(number)), "text": .string(c.text), "line": .number(ExactNumber(c.line)),
      "column": .number(ExactNumber(c.column)), "true": .number(ExactNumber(c.seenTrue)),
      "false": .number(ExactNumber(c.seenFalse)), "unknown": .number(ExactNumber(c.seenUnknown)),
      "matters": .number(ExactNumber(c.matters)), "false_alone": .number(ExactNumber(c.falseAlone)),
      "gaps": .array(c.gaps.map { .string($0.rawValue) }),
    ]
  }
}

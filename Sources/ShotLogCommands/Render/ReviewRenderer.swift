import DialRules
import ShotLog

/// The review shown after a shot is logged and by `suggest`: this shot beside the previous one and
/// the recipe, the decision with its rules and rationale, and the before/after preview.
enum ReviewRenderer {
  static func text(_ review: Review, reevaluated: Bool = false) -> String {
    let a = review.attempt
    var out = "Shot #\(a.id) — \(review.bean.name) on \(review.grinder.name), \(a.pulledAt.shortText) UTC\n\n"
    var table = TextTable(rightAligned: [false, false, false, false])
    let previousTitle = review.previous.map { "previous (#\($0.id))" } ?? "previous"
    table.add(["", "this shot", previousTitle, "recipe"])
    let p = review.previous
    let r = review.snapshot
    table.add([
      "dose", Formatting.grams(a.measurements.doseG), p.map { Formatting.grams($0.measurements.doseG) } ?? "",
      Formatting.grams(r.doseG),
    ])
    table.add([
      "yield", Formatting.grams(a.measurements.yieldG), p.map { Formatting.grams($0.measurements.yieldG) } ?? "",
      Formatting.grams(r.yieldG),
    ])
    table.add([
      "ratio", Formatting.ratio(a.ratio), p.map { Formatting.ratio($0.ratio) } ?? "", Formatting.ratio(r.ratio),
    ])
    table.add([
      "time", Formatting.seconds(a.measurements.timeS), p.map { Formatting.seconds($0.measurements.timeS) } ?? "",
      Formatting.seconds(r.timeS),
    ])
    table.add([
      "first drop", Formatting.seconds(a.measurements.firstDropS),
      p.map { Formatting.seconds($0.measurements.firstDropS) } ?? "", "",
    ])
    table.add([
      "taste", Formatting.tags(a.measurements.taste), p.map { Formatting.tags($0.measurements.taste) } ?? "", "",
    ])
    table.add(["flow", Formatting.tags(a.measurements.flow), p.map { Formatting.tags($0.measurements.flow) } ?? "", ""])
    table.add(["grind", "", "", r.grind.text])
    if let temperature = r.temperatureC { table.add(["temperature", "", "", Formatting.celsius(temperature)]) }
    out += table.render(indent: "  ")
    if let adjustment = review.record.previous?.adjustment {
      out += "  since the previous shot: \(adjustment.text.lowercasedFirst)\n"
    }
    if let notes = a.notes, !notes.isEmpty { out += "  notes: \(notes)\n" }
    out += "\n"
    guard let suggestion = review.suggestion else {
      out += "No suggestion: no rules were evaluated when this shot was logged.\n"
      return out
    }
    out +=
      (reevaluated ? "Suggestion (re-evaluated, not stored): " : "Suggestion: ")
      + Formatting.headline(
        suggestion.decision) + "\n"
    for rationale in suggestion.rationale {
      out += "  rule \(rationale.ruleID): \(rationale.because)\n"
    }
    let explained = Set(suggestion.rationale.map(\.ruleID))
    let unexplained = suggestion.decision.decidedBy.filter { !explained.contains($0) }
    if !unexplained.isEmpty { out += "  decided by: \(unexplained.joined(separator: ", "))\n" }
    if !suggestion.decision.missing.isEmpty {
      out += "  would be decided by: \(suggestion.decision.missing.joined(separator: ", "))\n"
    }
    out += "  rules: \(suggestion.rulesetName) (content hash \(suggestion.rulesetHash))\n"
    switch review.preview {
    case .success(let preview)?:
      out += "\nPreview of the next recipe:\n"
      for line in preview.changeLines { out += "  \(line)\n" }
    case .failure(let problem)?:
      out += "\nNo preview: \(problem.text)\n"
    case nil:
      break
    }
    if let event = review.event {
      out += "\nThis suggestion was \(event.action.rawValue) at \(event.at.shortText) UTC"
      out += (event.note.map { ": \($0)" } ?? "") + ".\n"
    } else if !reevaluated, case .insufficientEvidence = suggestion.decision.outcome {
      // Nothing to accept; the rationale says what to look at instead.
    } else if !reevaluated, let newer = review.supersededBy {
      out +=
        "\nThe recipe has changed since this shot (\(newer.createdAt.shortText) UTC), so it can no longer be accepted.\n"
    } else if !reevaluated {
      out += "\nAccept with 'dialshot accept \(a.id)', or reject with 'dialshot reject \(a.id)'.\n"
    }
    return out
  }
}

extension String {
  /// The text with its first letter lowercased ("Grind finer…" → "grind finer…").
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}

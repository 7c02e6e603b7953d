import DialRules
import ShotLog

/// A VoiceOver label for a shot, built from its structured values alone — numbers and enums, no
/// formatted text taken apart — so units are read as words ("grams", not "g").
func spokenSummary(of attempt: ShotAttempt, decision: Decision?) -> String {
  let shot = attempt.measurements
  var parts: [String] = []
  if let dose = shot.doseG { parts.append(amount(dose, "gram", "grams") + " in") }
  if let yield = shot.yieldG { parts.append(amount(yield, "gram", "grams") + " out") }
  if let time = shot.timeS { parts.append("in " + amount(time, "second", "seconds")) }
  var sentence = parts.joined(separator: ", ")
  if let taste = shot.taste, !taste.isEmpty {
    sentence += "; tasted " + taste.members.map(\.rawValue).joined(separator: " and ")
  }
  sentence += "."
  if let decision { sentence += " Suggested: " + spoken(decision.outcome) + "." }
  return sentence.prefix(1).uppercased() + sentence.dropFirst()
}

private func spoken(_ outcome: Decision.Outcome) -> String {
  switch outcome {
  case .adjust(let adjustment): spoken(adjustment)
  case .noChange: "pull the same recipe again"
  case .insufficientEvidence: "not enough to go on"
  }
}

private func spoken(_ adjustment: Adjustment) -> String {
  switch adjustment {
  case .grind(let direction, let steps):
    "grind " + (steps == 1 ? "one step" : "\(steps) steps") + " \(direction.rawValue)"
  case .yield(let delta):
    (delta.isNegative ? "decrease" : "increase") + " the yield by " + amount(delta.magnitude, "gram", "grams")
  case .temperature(let delta):
    (delta.isNegative ? "lower" : "raise") + " the temperature by "
      + amount(delta.magnitude, "degree Celsius", "degrees Celsius")
  case .noChange: "pull the same recipe again"
  }
}

private func amount(_ value: ExactNumber, _ one: String, _ many: String) -> String {
  "\(value.decimalText) \(value == 1 ? one : many)"
}

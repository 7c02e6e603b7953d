import DialRules
import ShotLog

/// The review screen's lines for one shot, from the library's values.
func reviewLines(_ review: Review, rules: RuleSet) -> [String] {
  // The screen's own layout in English; `germanAndSpanish` shows the library's review words.
  var lines = [
    "Shot #\(review.attempt.id): \(review.bean.name), \(review.grinder.name) at \(review.snapshot.grind.text)"
  ]
  let shot = review.attempt.measurements
  lines.append("\(text(shot.doseG)) g in, \(text(shot.yieldG)) g out, \(text(shot.timeS)) s")
  if let decision = review.suggestion?.decision { lines.append("Next: " + rules.text(of: decision, in: .english)) }
  for rationale in review.suggestion?.rationale ?? [] { lines.append("Because: \(rationale.because)") }
  if case .success(let change)? = review.preview {
    for field in change.preview?.changes ?? [] { lines.append("\(field.field): \(field.before) → \(field.after)") }
  }
  return lines
}

/// The decision's sentence and its reasons in German and Spanish, as the libraries word them,
/// then the whole review (decision, why, the preview with decimal commas) from
/// `Review.text(in:rules:)`.
func germanAndSpanish(_ review: Review, rules: RuleSet) -> [String] {
  guard let suggestion = review.suggestion else { return [] }
  var lines: [String] = []
  for language in [RuleLanguage.german, .spanish] {
    for line in review.text(in: language, rules: rules).split(separator: "\n") {
      lines.append("\(language.code) review: \(line)")
    }
    lines.append("\(language.code): " + rules.text(of: suggestion.decision, in: language))
    for rationale in suggestion.rationale {
      if let because = rules.because(ofRule: rationale.ruleID, in: language) {
        lines.append("\(language.code): \(because)")
      }
    }
  }
  return lines
}

private func text(_ number: ExactNumber?) -> String { number?.decimalText ?? "?" }

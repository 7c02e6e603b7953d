import DialRules
import ShotLog

/// The review screen's lines for one shot, from the library's values.
func reviewLines(_ review: Review, rules: RuleSet) -> [String] {
  // LANGUAGES (issue 21 item 4): the rest of the review in German and Spanish, with decimal commas
  // (the measurements, the preview's before and after, the reasons), goes here once ShotLog's own
  // review words exist: render with a `RuleLanguage` parameter instead of English. Today the
  // decision's sentence is the part the libraries give in every language (`germanAndSpanish`).
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

/// The decision's sentence and its reasons in German and Spanish, as the libraries word them.
func germanAndSpanish(_ review: Review, rules: RuleSet) -> [String] {
  guard let suggestion = review.suggestion else { return [] }
  var lines: [String] = []
  for language in [RuleLanguage.german, .spanish] {
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

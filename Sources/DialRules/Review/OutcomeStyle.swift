/// How one outcome looks on the map: a colour family (a CSS class, so the dark scheme and print
/// can change it), a pattern (so the map reads without colour), and labels.
///
/// Shared by the HTML reports and the playground's decision map.
///
/// Colour alone never carries meaning: every family has its own pattern, every region large
/// enough carries its label, and hovering or focusing a region names it in words.
package struct OutcomeStyle: Hashable, Sendable {
  /// The colour family and pattern: `finer`, `coarser`, `yield-up`, `yield-down`, `temp-up`,
  /// `temp-down`, `same`, `abstain`, `conflict`, `no-rule`, `incomplete`.
  package var family: String
  /// The legend entry: one per distinct outcome (`finer-1`, `finer-2`, `yield-up-2`, …).
  package var key: String
  /// Inside a region: `finer 1`, `+2 g`, `no change`, `abstains`.
  package var label: String
  /// In the legend and in words: `grind finer 1 step`, `abstains (a rule says why)`.
  package var words: String
  /// Legend order: changes first (grind, yield, temperature), then no change, then abstentions.
  package var order: Int

  package init(_ outcome: Decision.Outcome) {
    switch outcome {
    case .adjust(.grind(let direction, let steps)):
      family = direction == .finer ? "finer" : "coarser"
      key = "\(family)-\(steps)"
      label = "\(direction.rawValue) \(steps)"
      words = "grind \(direction.rawValue) \(steps) step\(steps == 1 ? "" : "s")"
      order = (direction == .finer ? 0 : 100) + steps
    case .adjust(.yield(let delta)):
      family = delta.isNegative ? "yield-down" : "yield-up"
      key = "\(family)-\(delta.magnitude.decimalText.slug)"
      label = "\(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) g"
      words =
        "yield \(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) g (a \(delta.isNegative ? "shorter" : "longer") ratio)"
      order = delta.isNegative ? 300 : 200
    case .adjust(.temperature(let delta)):
      family = delta.isNegative ? "temp-down" : "temp-up"
      key = "\(family)-\(delta.magnitude.decimalText.slug)"
      label = "\(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) °C"
      words = "temperature \(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) °C"
      order = delta.isNegative ? 500 : 400
    case .adjust(.noChange), .noChange:
      (family, key, label, words, order) = ("same", "same", "no change", "no change", 600)
    case .insufficientEvidence(.explicit):
      (family, key, label, words, order) = (
        "abstain", "abstain", "abstains", "abstains on purpose (a rule says why)", 700
      )
    case .insufficientEvidence(.conflict):
      (family, key, label, words, order) = (
        "conflict", "conflict", "conflict", "abstains: the matching rules disagree", 800
      )
    case .insufficientEvidence(.noRule):
      (family, key, label, words, order) = ("no-rule", "no-rule", "no rule", "abstains: no rule matches", 900)
    case .insufficientEvidence(.incomplete):
      (family, key, label, words, order) = (
        "incomplete", "incomplete", "incomplete", "abstains: observations missing", 950
      )
    case .insufficientEvidence(.invalidShot):
      // Never on a map (every drawn shot is valid), but a decision can carry it.
      (family, key, label, words, order) = (
        "incomplete", "invalid", "invalid shot", "not decided: the shot is invalid", 990
      )
    }
  }

}

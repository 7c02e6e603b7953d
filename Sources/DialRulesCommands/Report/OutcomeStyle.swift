import CommandLineSupport
import DialRules

/// How one outcome looks on the map: a colour family (a CSS class, so the dark scheme and print
/// can change it), a pattern (so the map reads without colour), and labels.
///
/// Colour alone never carries meaning: every family has its own pattern, every region large
/// enough carries its label, and hovering or focusing a region names it in words.
struct OutcomeStyle: Hashable {
  /// The colour family and pattern: `finer`, `coarser`, `yield-up`, `yield-down`, `temp-up`,
  /// `temp-down`, `same`, `abstain`, `conflict`, `no-rule`, `incomplete`.
  var family: String
  /// The legend entry: one per distinct outcome (`finer-1`, `finer-2`, `yield-up-2`, …).
  var key: String
  /// Inside a region: `finer 1`, `+2 g`, `no change`, `abstains`.
  var label: String
  /// In the legend and in words: `grind finer 1 step`, `abstains (a rule says why)`.
  var words: String
  /// Legend order: changes first (grind, yield, temperature), then no change, then abstentions.
  var order: Int

  init(_ outcome: Decision.Outcome) {
    switch outcome {
    case .adjust(.grind(let direction, let steps)):
      family = direction == .finer ? "finer" : "coarser"
      key = "\(family)-\(steps)"
      label = "\(direction.rawValue) \(steps)"
      words = "grind \(direction.rawValue) \(steps) step\(steps == 1 ? "" : "s")"
      order = (direction == .finer ? 0 : 100) + steps
    case .adjust(.yield(let delta)):
      family = delta.isNegative ? "yield-down" : "yield-up"
      key = "\(family)-\(HTMLText.slug(delta.magnitude.decimalText))"
      label = "\(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) g"
      words =
        "yield \(delta.isNegative ? "−" : "+")\(delta.magnitude.decimalText) g (a \(delta.isNegative ? "shorter" : "longer") ratio)"
      order = delta.isNegative ? 300 : 200
    case .adjust(.temperature(let delta)):
      family = delta.isNegative ? "temp-down" : "temp-up"
      key = "\(family)-\(HTMLText.slug(delta.magnitude.decimalText))"
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

  /// Every family with its pattern, as SVG `<defs>`; drawn once per page and referenced by id.
  static let patterns = """
    <pattern id="p-finer" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="7" class="pat"/></pattern>
    <pattern id="p-coarser" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="7" class="pat"/></pattern>
    <pattern id="p-yield-up" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.5" class="pat-dot"/></pattern>
    <pattern id="p-yield-down" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="0" y1="4" x2="8" y2="4" class="pat"/></pattern>
    <pattern id="p-temp-up" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="4" y1="0" x2="4" y2="8" class="pat"/></pattern>
    <pattern id="p-temp-down" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="4" y1="0" x2="4" y2="8" class="pat"/><circle cx="0" cy="4" r="1.2" class="pat-dot"/></pattern>
    <pattern id="p-same" width="8" height="8" patternUnits="userSpaceOnUse"></pattern>
    <pattern id="p-abstain" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" class="pat"/><line x1="0" y1="0" x2="8" y2="0" class="pat"/></pattern>
    <pattern id="p-conflict" width="10" height="8" patternUnits="userSpaceOnUse"><path d="M0 6 L2.5 2 L5 6 L7.5 2 L10 6" class="pat"/></pattern>
    <pattern id="p-no-rule" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" class="pat"/></pattern>
    <pattern id="p-incomplete" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M6 2 L6 8 M6 10 L6 11" class="pat"/></pattern>
    """

  /// Fills per family, light and dark, and the pattern strokes.
  static let css = """
    .o-finer { fill: #86aeea; } .o-coarser { fill: #eaa964; } .o-yield-up { fill: #8fd39d; }
    .o-yield-down { fill: #c8aaea; } .o-temp-up { fill: #f0a0ad; } .o-temp-down { fill: #9fd6e2; }
    .o-same { fill: #e4eed6; } .o-abstain { fill: #c6c6ce; } .o-conflict { fill: #f19083; }
    .o-no-rule { fill: #fcfcfc; } .o-incomplete { fill: #f3e08a; }
    @media (prefers-color-scheme: dark) {
      .o-finer { fill: #30599a; } .o-coarser { fill: #94571d; } .o-yield-up { fill: #2e7442; }
      .o-yield-down { fill: #634790; } .o-temp-up { fill: #8e3a4a; } .o-temp-down { fill: #2b6a78; }
      .o-same { fill: #3b4832; } .o-abstain { fill: #4a4a54; } .o-conflict { fill: #96382e; }
      .o-no-rule { fill: #1c1c22; } .o-incomplete { fill: #7a6a1e; }
    }
    @media print {
      .o-finer { fill: #86aeea; } .o-coarser { fill: #eaa964; } .o-yield-up { fill: #8fd39d; }
      .o-yield-down { fill: #c8aaea; } .o-temp-up { fill: #f0a0ad; } .o-temp-down { fill: #9fd6e2; }
      .o-same { fill: #e4eed6; } .o-abstain { fill: #c6c6ce; } .o-conflict { fill: #f19083; }
      .o-no-rule { fill: #ffffff; } .o-incomplete { fill: #f3e08a; }
    }
    .pat { stroke: var(--pattern); stroke-width: 1.3; fill: none; }
    .pat-dot { fill: var(--pattern); }

    """
}

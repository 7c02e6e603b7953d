import DialRules
import ShotLog

/// A stored decision in the barista's words: what to change and why, or — when the rules found
/// too little evidence — what to do next, which observation would decide and how to add it.
/// Rule ids, reason codes and JSON paths only with `--verbose`.
enum SuggestionWords {
  /// The suggestion block of a review.
  static func text(_ s: StoredSuggestion, review: Review?, _ p: Presentation, reevaluated: Bool = false) -> String {
    let d = s.decision
    var out = ""
    func why() {
      for item in s.rationale {
        let label = p.verbose ? "rule \(item.ruleID): " : "why: "
        out += p.wrap(label + item.because, indent: "  ", continuation: "    ")
      }
    }
    switch d.outcome {
    case .adjust, .noChange:
      out += p.wrap("Suggestion: \(d.text)", continuation: "  ")
      why()
    case .insufficientEvidence(let reason):
      switch reason {
      case .explicit:
        out += "No change suggested yet.\n"
        out += p.wrap("What to do next: \(sentence(d.text))", indent: "  ", continuation: "    ")
        why()
      case .incomplete:
        let observations = d.missing.map(observation)
        let what = observations.map(\.what)
        out += p.wrap(
          "Not enough to go on yet: \(list(what)) would decide it.", continuation: "  ")
        let amendable = observations.compactMap(\.option)
        let canAmend = review.map { $0.void == nil && $0.correctedBy == nil } ?? false
        if canAmend, !amendable.isEmpty, let shot = review?.attempt.id, !reevaluated {
          let names = observations.filter { $0.option != nil }.map(\.what)
          out += p.wrap(
            "add \(names.count == 1 ? "it" : "them"): dialshot amend \(shot) " + amendable.joined(separator: " "),
            indent: "  ", continuation: "    ")
          if amendable.contains(where: { $0.hasPrefix("--taste") }) {
            out += p.wrap("(taste: sour, bitter, balanced, thin, strong, harsh, or none)", indent: "    ")
          }
        }
        for item in observations where item.option == nil {
          if let how = item.how { out += p.wrap(how, indent: "  ", continuation: "    ") }
        }
      case .conflict:
        out += p.wrap("The rules disagree, so no change is suggested:", continuation: "  ")
        for item in s.rationale {
          out += p.wrap((p.verbose ? "\(item.ruleID): " : "") + item.because, indent: "  - ", continuation: "    ")
        }
      case .noRule:
        // The rules' own fallback text, unless it is the sentence just said (the checker's default
        // `otherwise` is "No rule covers this shot.").
        let own = d.text.trimmed
        let said = own.lowercased().hasPrefix("no rule covers this shot")
        out += p.wrap(
          "No rule covers this shot, so no change is suggested." + (said || own.isEmpty ? "" : " " + own),
          continuation: "  ")
      case .invalidShot:
        out += p.wrap(d.text, continuation: "  ")
      }
      if p.verbose {
        var codes = "insufficient evidence (\(reason.rawValue))"
        if !d.decidedBy.isEmpty { codes += "; decided by \(d.decidedBy.joined(separator: ", "))" }
        if !d.missing.isEmpty { codes += "; missing \(d.missing.joined(separator: ", "))" }
        out += p.wrap(codes, indent: "  ", continuation: "    ")
      }
    }
    if !s.checked {
      out += p.wrap(
        "decided by the rules '\(Formatting.visible(s.rulesetName))', which this log does not have: not checked here",
        indent: "  ", continuation: "    ")
    } else if p.verbose {
      out += p.wrap("rules: \(s.rulesetName) (content hash \(s.rulesetHash))", indent: "  ", continuation: "    ")
    } else if s.rulesetHash != RuleSet.defaultEspresso.contentHash {
      out += p.wrap("rules: \(Formatting.visible(s.rulesetName))", indent: "  ", continuation: "    ")
    }
    return out
  }

  /// An observation the rules lacked, in words, with how to add it when it can be added now.
  struct Observation {
    /// `the taste`, `the recipe's temperature`.
    var what: String
    /// The `amend` option that adds it (`--taste sour`), for this shot's own measurements.
    var option: String?
    /// How to add it otherwise, when it can be.
    var how: String?
  }

  /// What a missing JSON path (`shot.taste`, `recipe.temperature_c`) means to a barista.
  static func observation(_ path: String) -> Observation {
    let parts = path.split(separator: ".").map(String.init)
    let field = parts.last ?? path
    let words: [String: (String, String?)] = [
      "taste": ("taste", "--taste sour"), "yield_g": ("yield", "--yield G"), "time_s": ("time", "--time S"),
      "dose_g": ("dose", "--dose G"), "first_drop_s": ("time to the first drop", "--first-drop S"),
      "flow": ("flow", "--flow TAG"), "temperature_c": ("temperature", nil), "grind": ("grind setting", nil),
    ]
    let (word, option) = words[field] ?? (field, nil)
    switch parts.first {
    case "shot":
      return Observation(what: "the \(word)", option: option)
    case "recipe":
      let flag =
        [
          "yield_g": "--yield G", "time_s": "--time S", "dose_g": "--dose G", "temperature_c": "--temperature C",
          "grind": "--grind SETTING",
        ][field] ?? "…"
      return Observation(
        what: "the recipe's \(word)",
        how: "the recipe's \(word) counts from the next shot on: dialshot recipe set \(flag)")
    case "previous":
      return Observation(
        what: "the previous shot's \(word)",
        how: "the previous shot's \(word) was not recorded when this shot was logged")
    case "grinder":
      return Observation(
        what: "the grinder's scale",
        how:
          "give the grinder a scale: dialshot profiles grinder edit NAME --step N --min N --max N --finer lower|higher")
    default:
      return Observation(what: path)
    }
  }

  /// A short label for lists: the change, `No change`, or what stopped the rules
  /// (`needs the taste`, `rules disagree`, the abstaining rule's words).
  static func label(_ row: HistoryRow, verbose: Bool = false) -> String {
    guard let kind = row.decisionKind else { return "(no rules)" }
    switch kind {
    case .adjust: return row.decisionText ?? "adjust"
    case .noChange: return "No change"
    default:
      var text: String
      switch row.decisionReason {
      case .incomplete?: text = "? needs " + list(row.missing.map { observation($0).what.replacing("the ", with: "") })
      case .conflict?: text = "? rules disagree"
      case .noRule?: text = "? no rule applies"
      default: text = "? " + sentence(row.decisionText ?? "insufficient evidence", period: false)
      }
      if verbose, let reason = row.decisionReasonText { text += " (\(reason))" }
      return text
    }
  }

  /// `the taste`, `the taste and the yield`, `a, b and c`.
  static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "more observations" }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// The text with a capital first letter and (when `period`) a final full stop.
  static func sentence(_ text: String, period: Bool = true) -> String {
    guard let first = text.first else { return text }
    var out = first.uppercased() + text.dropFirst()
    if period, !(out.hasSuffix(".") || out.hasSuffix("!") || out.hasSuffix("?")) { out += "." }
    if !period, out.hasSuffix(".") { out.removeLast() }
    return out
  }
}

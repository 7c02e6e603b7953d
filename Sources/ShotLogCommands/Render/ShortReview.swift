import DialRules
import ShotLog

/// The review `log`, `pull` and `amend` print by default, short enough to read at the machine:
/// the shot in one line, the decision, why in one line, the change, and what to do now — at most
/// 8 lines at 80 columns (`ShortReview.maximumLines`). `--long` (and `--verbose`) print the full
/// card (`ReviewRenderer`), as `dialshot suggest N` does.
///
/// The shot, the decision and why take at most two lines each, the change and what to do now
/// one; a part cut short ends with `…`.
enum ShortReview {
  /// The most lines the short review takes at 80 columns (and at any width of 40 or more).
  static let maximumLines = 8

  static func text(_ review: Review, _ p: Presentation) -> String {
    var out = shotLines(review, p)
    guard let suggestion = review.suggestion else {
      return out + line(ReviewRenderer.noSuggestion(p), p)
    }
    out += decisionLines(suggestion, review, p)
    out += changeLine(review, p)
    // What to do now, on one line: the full card's last sentence.
    let status = ReviewRenderer.status(review, p).split(separator: "\n").map(String.init)
    if let first = status.first(where: { !$0.isEmpty }) { out += line(first, p) }
    return out
  }

  /// The shot in at most two lines: its number, bean and grinder, and what was measured.
  private static func shotLines(_ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    let m = a.measurements
    let w = p.words
    var numbers = [Formatting.seconds(m.timeS, w)]
    if let yield = m.yieldG { numbers.append("\(Formatting.grams(yield, w)) (\(Formatting.ratio(a.ratio, w)))") }
    if let taste = m.taste { numbers.append(Formatting.tags(taste, w)) }
    if let flow = m.flow, !flow.isEmpty { numbers.append(Formatting.tags(flow, w)) }
    if let used = review.grindUsed {
      let (shot, recipe) = (Formatting.grindText(used.text, w), Formatting.grindText(review.snapshot.grind.text, w))
      numbers.append(
        p.pick(
          "grind \(shot) (recipe \(recipe))", de: "Mahlgrad \(shot) (Rezept \(recipe))",
          es: "molienda \(shot) (receta \(recipe))"))
    }
    var notes: [String] = []
    if let corrects = review.corrects {
      notes.append(p.pick("corrects", de: "berichtigt", es: "corrige") + " #\(corrects.id)")
    }
    // The rules, when they are not the built-in ones (as the full card says).
    if let s = review.suggestion, !s.checked || s.rulesetHash != RuleSet.defaultEspresso.contentHash {
      notes.append(p.pick("rules: ", de: "Regeln: ", es: "reglas: ") + Formatting.visible(s.rulesetName))
    }
    let noted = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    let shot = p.pick("Shot", de: "Bezug", es: "Extracción")
    let on = p.pick(" on ", de: " mit ", es: " con ")
    return lines(
      "\(shot) #\(a.id)\(noted) — \(Formatting.visible(review.bean.name))\(on)\(Formatting.visible(review.grinder.name)): "
        + numbers.joined(separator: ", "), p, atMost: 2)
  }

  /// The decision and why, in at most four lines (with the `amend` command when observations
  /// are missing).
  private static func decisionLines(_ suggestion: StoredSuggestion, _ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    let w = p.words
    var out = ""
    let d = suggestion.decision
    let text = SuggestionWords.decisionText(suggestion, p)
    let reasons = suggestion.rationale.map { SuggestionWords.because($0, suggestion, p) }
    let whyLabel = p.pick("why: ", de: "warum: ", es: "por qué: ")
    switch d.outcome {
    case .adjust, .noChange:
      out += lines(p.pick("Suggestion: ", de: "Vorschlag: ", es: "Sugerencia: ") + text, p, atMost: 2)
      if let why = reasons.first { out += lines(whyLabel + why, p, atMost: 2, indent: "  ") }
    case .insufficientEvidence(let reason):
      switch reason {
      case .explicit:
        out += lines(
          p.pick("No change yet: ", de: "Noch keine Änderung: ", es: "Aún sin cambios: ")
            + SuggestionWords.sentence(text), p, atMost: 2)
        if let why = reasons.first { out += lines(whyLabel + why, p, atMost: 2, indent: "  ") }
      case .incomplete:
        let observations = d.missing.map { SuggestionWords.observation($0, w) }
        out += lines(SuggestionWords.notEnough(observations.map(\.what), p), p, atMost: 2)
        let options = observations.compactMap(\.option)
        if !options.isEmpty, review.void == nil, review.correctedBy == nil {
          out += line(
            p.pick("add it", de: "nachtragen", es: "añádelo") + ": dialshot amend \(a.id) "
              + options.joined(separator: " "), p, indent: "  ")
        }
      case .conflict:
        out += line(
          p.pick(
            "The rules disagree, so no change is suggested.",
            de: "Die Regeln widersprechen sich, daher wird keine Änderung vorgeschlagen.",
            es: "Las reglas no coinciden, así que no se sugiere ningún cambio."), p)
        if !reasons.isEmpty { out += lines(whyLabel + reasons.joined(separator: " / "), p, atMost: 2, indent: "  ") }
      case .noRule:
        out += line(SuggestionWords.noRuleCovers(p), p)
      case .invalidShot:
        out += lines(text, p, atMost: 2)
      }
    }
    return out
  }

  /// The change the suggestion would make to the recipe, or why it cannot be applied; nothing
  /// when it changes nothing.
  private static func changeLine(_ review: Review, _ p: Presentation) -> String {
    var out = ""
    switch review.preview {
    case .success(let preview)?:
      if preview.sentences != [.noRecipeChange] {
        out += line(preview.lines(in: p.language).joined(separator: "; "), p, indent: "  ")
      }
    case .failure(let problem)?:
      out += line(ReviewRenderer.notApplied(problem, p), p, indent: "  ")
    case nil:
      break
    }
    return out
  }

  /// `text` on one line of the width, cut with `…` when it would wrap.
  static func line(_ text: String, _ p: Presentation, indent: String = "") -> String {
    lines(text, p, atMost: 1, indent: indent)
  }

  /// `text` wrapped to at most `count` lines, the last cut with `…` when more would follow.
  static func lines(_ text: String, _ p: Presentation, atMost count: Int, indent: String = "") -> String {
    let wrapped = p.wrap(text, indent: indent, continuation: indent + "  ").split(separator: "\n").map(String.init)
    guard wrapped.count > count, let width = p.fitWidth else { return wrapped.joined(separator: "\n") + "\n" }
    var kept = Array(wrapped.prefix(count))
    let last = kept[count - 1]
    kept[count - 1] = TerminalColumns.split(last, columns: width - 1).head + "…"
    return kept.joined(separator: "\n") + "\n"
  }
}

extension ShortReview {
  /// The review a command prints after logging: the short one, or the full card with `--long` or
  /// `--verbose` (whose rule ids and reason codes belong to the card).
  static func chosen(_ review: Review, _ p: Presentation, long: Bool) -> String {
    long || p.verbose ? ReviewRenderer.text(review, p) : text(review, p)
  }
}

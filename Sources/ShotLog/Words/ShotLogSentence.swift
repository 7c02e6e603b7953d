import DialRules

/// The stable id of every sentence the shot log writes for a barista, with its arguments as data:
/// an app that words the log itself switches over it, one that does not calls `text(in:rules:)`.
///
/// A case's meaning and arguments never change once released; new kinds of sentence are new cases,
/// so end a `switch` with `@unknown default` (and show `text(in:)` there).
///
/// ```swift
/// for sentence in review.sentences {
///   switch sentence {
///   case .previewChange(let change) where change.field == .yield: …   // the app's own words
///   default: print(sentence.text(in: .german))   // "Ausbeute 36 g → 38 g"
///   }
/// }
/// ```
public enum ShotLogSentence: Hashable, Sendable {
  /// The rules' decision: "Grind finer by 1 step", "1 Stufe feiner mahlen", "Moler 1 punto más fino";
  /// an abstention in the rules' own words (translated where the table is at hand and has them).
  /// `rulesetHash` names the table that decided (`StoredSuggestion.rulesetHash`).
  case decision(Decision, rulesetHash: String)
  /// Why a deciding rule decided: its `because`, `english` as stored with the shot; in another
  /// language the table's translation when the table is at hand (`RuleSet.because(ofRule:in:)`).
  case because(ruleID: String, english: String, rulesetHash: String)
  /// One value the next recipe changes, the evaluator's typed preview change (its field, the exact
  /// values with their units, the grinder's end stop): "grind 14 → 13.5", "Ausbeute 36 g → 38 g",
  /// "ratio 1:2 → 1:2,11", the stop's note in brackets after it.
  case previewChange(RecipePreview.Change)
  /// The preview of a "no change": "no change to the recipe".
  case noRecipeChange
  /// Why the change cannot be applied for the barista (a free-text grinder, a grind at the end of
  /// the scale, a recipe without temperature).
  case notApplied(SuggestedChange.Problem)
  /// A failure of the log (`ShotLogError.message(in:)`).
  case error(ShotLogError)

  /// The sentence in `language`, with its number format (a decimal comma in German and Spanish).
  ///
  /// - Parameters:
  ///   - language: the language to write in.
  ///   - rules: the rule table whose translated texts decisions and rationales use, when it is the
  ///     one that decided (same content hash); otherwise they read as stored, in English, except
  ///     for the library's own sentences (adjustments, "no change", missing observations).
  public func text(in language: RuleLanguage, rules: RuleSet? = .defaultEspresso) -> String {
    let w = Wording(language)
    switch self {
    case .decision(let decision, let hash):
      if let rules, rules.contentHash == hash { return rules.text(of: decision, in: language) }
      return Self.tableless(decision, w)
    case .because(let id, let english, let hash):
      guard language != .english, let rules, rules.contentHash == hash else { return english }
      return rules.because(ofRule: id, in: language) ?? english
    case .previewChange(let change):
      return Self.previewLine(change, w)
    case .noRecipeChange:
      return w.pick("no change to the recipe", de: "keine Änderung am Rezept", es: "sin cambios en la receta")
    case .notApplied(let problem):
      return problem.text(w)
    case .error(let error):
      return error.message(in: language)
    }
  }

  /// A decision's text without its table: the library's own sentences in the language, the rules'
  /// texts (abstentions, conflicts) as stored.
  static func tableless(_ decision: Decision, _ w: Wording) -> String {
    switch decision.outcome {
    case .adjust(let a): return w.sentence(a)
    case .noChange: return w.sentence(.noChange)
    case .insufficientEvidence(.incomplete): return w.incomplete(missing: decision.missing)
    case .insufficientEvidence(.invalidShot): return w.invalidShot(decision.text)
    case .insufficientEvidence: return decision.text
    }
  }

  /// A preview change in `w`'s language, rendered from its typed values (`Wording.previewValue`
  /// writes each number in the language's format).
  static func previewLine(_ change: RecipePreview.Change, _ w: Wording) -> String {
    let values = "\(w.previewValue(change.from)) → \(w.previewValue(change.to))"
    return "\(w.field(change.field)) \(values)" + (change.stop.map { " (\(w.previewNote($0)))" } ?? "")
  }
}

extension Review {
  /// The review's sentences for the barista, in order: the decision, why (each deciding rule's
  /// rationale), then the preview's changes (or "no change to the recipe") or why the change cannot
  /// be applied for them. Empty when no rules were evaluated when the shot was logged.
  public var sentences: [ShotLogSentence] {
    guard let suggestion else { return [] }
    var out: [ShotLogSentence] = [.decision(suggestion.decision, rulesetHash: suggestion.rulesetHash)]
    out += suggestion.rationale.map {
      .because(ruleID: $0.ruleID, english: $0.because, rulesetHash: suggestion.rulesetHash)
    }
    switch preview {
    case .success(let change)?: out += change.sentences
    case .failure(let problem)?: out.append(.notApplied(problem))
    case nil: break
    }
    return out
  }

  /// The review's sentences in `language`, one a line (`sentences`, each `text(in:rules:)`).
  ///
  /// - Parameters:
  ///   - language: the language to write in.
  ///   - rules: the table whose translations decisions and rationales use when it decided.
  public func text(in language: RuleLanguage, rules: RuleSet? = .defaultEspresso) -> String {
    sentences.map { $0.text(in: language, rules: rules) + "\n" }.joined()
  }
}

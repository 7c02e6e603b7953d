/// A rule table's translated texts (`docs/language.md` §4.3), by rule index and language code, and
/// how a decision's text reads in a language from them: the one place a decision is put into
/// words other than English (`Decision.text` holds the English words, made by the evaluator).
package struct TableTexts: Hashable, Sendable {
  package struct Rule: Hashable, Sendable {
    var id: String
    package var action: RuleAction
    var because: String
    var becauseTranslations: [String: String]
    package var reasonTranslations: [String: String]
  }

  package var rules: [Rule]
  var index: [String: Int]
  /// The `otherwise` action, whether the table declared it, and its reason's translations.
  var otherwise: RuleAction
  var otherwiseDeclared: Bool
  var otherwiseTranslations: [String: String]

  init(_ table: CompiledRules) {
    rules = table.rules.map {
      Rule(
        id: $0.id, action: $0.action, because: $0.because, becauseTranslations: $0.becauseTranslations,
        reasonTranslations: $0.reasonTranslations)
    }
    // The first rule of each id (a loop: `Dictionary(_:uniquingKeysWith:)` casts errors
    // dynamically, which Embedded Swift, the browser playground's compiler, cannot).
    var index: [String: Int] = [:]
    for rule in table.rules where index[rule.id] == nil { index[rule.id] = rule.index }
    self.index = index
    otherwise = table.otherwise.action
    otherwiseDeclared = table.otherwise.declared
    otherwiseTranslations = table.otherwise.translations
  }

  /// An empty table's texts (an explanation of an invalid shot needs none).
  init() {
    rules = []
    index = [:]
    otherwise = .insufficient("")
    otherwiseDeclared = false
    otherwiseTranslations = [:]
  }

  /// Rule `id`'s `because` in `language`, falling back to English; nil for an id the table lacks.
  func because(ofRule id: String, in language: RuleLanguage) -> String? {
    guard let i = index[id] else { return nil }
    return rules[i].becauseTranslations[language.code] ?? rules[i].because
  }

  /// The reason of an abstaining rule in `language`, falling back to English (for an adjusting
  /// rule, its adjustment's sentence).
  func reason(_ rule: Rule, _ wording: Wording) -> String {
    switch rule.action {
    case .insufficient(let english): rule.reasonTranslations[wording.language.code] ?? english
    case .adjust(let a): wording.sentence(a)
    }
  }

  /// An action in a few words in `wording`'s language, with its reason translated.
  func short(_ rule: Rule, _ wording: Wording) -> String {
    wording.short(rule.action, reason: reason(rule, wording))
  }

  /// `decision`'s text in `language`, from its outcome, `decidedBy` and `missing` and this table's
  /// texts. English is `decision.text` itself; so is the text of an abstention or a conflict by rules
  /// this table does not have (a decision stored from another version of the table).
  func text(of decision: Decision, in language: RuleLanguage) -> String {
    guard language != .english else { return decision.text }
    let w = Wording(language)
    let decided = decision.decidedBy.compactMap { index[$0].map { rules[$0] } }
    let known = decided.count == decision.decidedBy.count
    switch decision.outcome {
    case .adjust(let a): return w.sentence(a)
    case .noChange: return w.sentence(.noChange)
    case .insufficientEvidence(let reason):
      switch reason {
      case .explicit:
        guard known else { return decision.text }
        let reasons = decided.map { self.reason($0, w) }
        return Decision.abstentionText(reasons)
      case .conflict:
        guard known else { return decision.text }
        return w.conflict(decided.map { ($0.id, short($0, w)) })
      case .incomplete:
        return w.incomplete(missing: decision.missing)
      case .noRule:
        guard otherwiseDeclared else { return w.noRuleCovers }
        return otherwiseTranslations[language.code] ?? decision.text
      case .invalidShot:
        return w.invalidShot(decision.text)
      }
    }
  }
}

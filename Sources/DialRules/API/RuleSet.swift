/// A checked, compiled rule file, ready to decide shots: the front door of `DialRules`.
///
/// ```swift
/// let rules = try RuleSet.compile(text, path: "espresso.dialrules").get()
/// let decision = rules.decide(shot)        // adjust, no change, or insufficient evidence
/// let why = rules.explain(shot)            // the same decision with every rule's part in it
/// ```
///
/// A `RuleSet` is an immutable value and `Sendable`: compile once, then decide from any thread.
/// Deciding never fails; a shot the rules cannot decide gets an *insufficient evidence* decision
/// with its reason.
public struct RuleSet: Sendable {
  /// The compiled decision table.
  package let compiled: CompiledRules
  /// The evaluator over `compiled`, built once.
  package let evaluator: Evaluator
  /// The text the rules were compiled from, for rendering diagnostics and explanations.
  public let source: SourceFile
  /// What compiling found that does not stop the rules from working (warnings); empty for a clean
  /// file.
  public let warnings: [Diagnostic]
  /// The table's texts and their translations, for decisions in other languages.
  package let texts: TableTexts

  init(compiled: CompiledRules, source: SourceFile, warnings: [Diagnostic]) {
    self.compiled = compiled
    self.evaluator = Evaluator(compiled)
    self.texts = TableTexts(compiled)
    self.source = source
    self.warnings = warnings
  }

  /// Compiles rule-file text. On failure, every error found (and any warnings), in order.
  /// - Parameters:
  ///   - text: the contents of a `.dialrules` file.
  ///   - path: the name diagnostics and explanations show for the file.
  public static func compile(_ text: String, path: String = "<rules>") -> Result<RuleSet, DiagnosticList> {
    compile(SourceFile(path: path, text: text))
  }

  /// Compiles a rule file already read into memory. On failure, every error found (and any
  /// warnings), in order.
  public static func compile(_ source: SourceFile) -> Result<RuleSet, DiagnosticList> {
    let output = RuleCompiler.compile(source)
    if let compiled = output.rules, !output.diagnostics.hasErrors {
      return .success(RuleSet(compiled: compiled, source: source, warnings: output.diagnostics))
    }
    if let problems = DiagnosticList(output.diagnostics, in: source) { return .failure(problems) }
    // Unreachable (a failed check always reports an error), but a failure must carry a reason.
    preconditionFailure("the rules did not compile but no diagnostic says why; please report this bug")
  }

  /// The default espresso rules shipped with the library (`rules/espresso.dialrules`, described
  /// in `docs/default-rules.md`).
  public static let defaultEspresso: RuleSet = {
    switch compile(DefaultRules.source, path: DefaultRules.path) {
    case .success(let rules): return rules
    case .failure(let problems):
      preconditionFailure("the built-in default rules do not compile; please report this bug:\n\(problems)")
    }
  }()

  /// The `ruleset` name the file declares, if any.
  public var name: String? { compiled.name }
  /// The path the rules were compiled from, as given.
  public var path: String { compiled.path }
  /// A stable hash of the file's bytes: the same text always has the same hash. The shot log
  /// stores it with every decision.
  public var contentHash: String { compiled.contentHash }
  /// The rule ids in source order.
  public var ruleIDs: [String] { compiled.rules.map { $0.id } }

  /// The decision for one shot (docs/design.md §4): adjust, no change, or insufficient evidence.
  ///
  /// The shot is first checked with `ShotRecord.validate()`, the bounds shot JSON is read with. An
  /// invalid record (a dose of 0 or of `Int.max` grams, ten decimals, a 2,000-byte id…) is not
  /// evaluated: its decision is insufficient evidence with reason `.invalidShot`, a text naming the
  /// first problem, and empty `decidedBy` and `missing`. Call `validate()` yourself for every
  /// problem with its place.
  public func decide(_ shot: ShotRecord) -> Decision {
    // The usual case without building anything: a valid record decided from its compact form
    // (the record as read back would decide the same: only a grind setting's text can differ).
    if shot.passesShotJSONBounds == true { return evaluator.decide(shot) }
    switch shot.validate() {
    case .success(let valid): return evaluator.decide(valid)
    case .failure(let problems): return Decision.invalid(shot, problems)
    }
  }

  /// The decision for one shot with its reasons: every rule's result, the conditions it tested
  /// with the values they saw, and a before/after recipe preview when one can be computed.
  ///
  /// An invalid record (see `decide(_:)`) gets its `.invalidShot` decision and no rule results.
  /// `Explanation.text(rulesFile:)` and `jsonText(rulesFile:)` render it, with `source` as the file.
  public func explain(_ shot: ShotRecord) -> Explanation {
    switch shot.validate() {
    case .success(let valid): return evaluator.explain(valid)
    case .failure(let problems):
      return Explanation(
        decision: Decision.invalid(shot, problems), rules: [], preview: nil, rulesPath: path,
        decidedByOtherwise: false)
    }
  }

  /// `decision`'s text in `language`: the table's translated texts where it has them (an
  /// abstention's reason, the `otherwise` reason), each falling back to English, and the library's
  /// own sentences ("1 Stufe feiner mahlen", "Faltan datos para decidir; falta: shot.taste.") with
  /// the language's decimal separator. In English it is `decision.text`.
  ///
  /// It reads only the decision's structured values (outcome, `decidedBy`, `missing`), so a
  /// decision stored earlier renders too; an abstention or conflict by rules this table does not
  /// have keeps its English text.
  public func text(of decision: Decision, in language: RuleLanguage) -> String {
    texts.text(of: decision, in: language)
  }

  /// Rule `id`'s `because` rationale in `language`, or in English when the table has no
  /// translation in that language; nil when the table has no rule `id`.
  public func because(ofRule id: String, in language: RuleLanguage) -> String? {
    texts.because(ofRule: id, in: language)
  }

  /// What `dialrules lint` reports about the table beyond `warnings`: the static analysis'
  /// findings (codes `A001`…, mostly `info`), such as rules that disagree where both match, regions
  /// no rule covers, or rules another one shadows (`docs/analysis.md`). Each finding's notes name
  /// the other rules involved, a region in words and a witness shot.
  ///
  /// Deterministic, in source order. The analysis is bounded (`docs/analysis.md`, limits), but
  /// it is far more work than deciding: run it when rules change, not per shot.
  public func analyze() -> [Diagnostic] {
    Analyzer.analyze(compiled).diagnostics
  }
}

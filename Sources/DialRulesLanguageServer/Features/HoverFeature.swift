import DialRules

/// `textDocument/hover`: what the name under the cursor means, read from the checked model when
/// the file checks (from the syntax tree when it does not).
///
/// - a rule: its action, `because`, overrides and examples with their results;
/// - a `let`: its definition, its type and unit, and the observations it reads;
/// - an observation: its type, the JSON path of the shot record it reads, what "absent" means;
/// - a tag: the set it belongs to and that set's words; a unit: what it measures.
enum HoverFeature {
  static func hover(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    let offset = try context.cursor(params)
    guard let o = context.model.index.occurrence(at: offset) else { return .null }
    let text: String?
    switch o.kind {
    case .ruleDefinition, .ruleReference: text = rule(o.name, context)
    case .letDefinition, .letReference: text = letText(o.name, context)
    case .observation: text = observation(o.name)
    case .tag(let set): text = tag(o.name, set)
    case .unit: text = unit(o.name)
    case .language: text = language(o.name)
    }
    guard let text else { return .null }
    let markdown = context.capabilities.markdownHover
    return [
      "contents": ["kind": markdown ? "markdown" : "plaintext", "value": .string(markdown ? text : plain(text))],
      "range": context.range(o.span),
    ]
  }

  /// Markdown without its code markers, for clients that show plain text.
  static func plain(_ markdown: String) -> String {
    markdown.replacing("```dialrules\n", with: "").replacing("```", with: "").replacing("**", with: "")
      .replacing("`", with: "'")
  }

  /// A language code: what it tags, and what a reader in that language sees.
  static func language(_ code: String) -> String {
    guard Checker.languageCodes.contains(code), code != "en" else {
      return "**language `\(code)`** — not a language code (see `docs/language.md` §4.3)"
    }
    return "**language `\(code)`** — the text after it is shown to readers in this language; a text without "
      + "a `\(code)` translation is shown in English"
  }

  // MARK: - Rules

  static func rule(_ id: String, _ context: FeatureContext) -> String? {
    if let rules = context.model.compiled, let index = rules.index(of: id) {
      let rule = rules.rules[index]
      var out = "**rule `\(id)`** — `\(rule.action.ruleText)`\n\n\(rule.because)"
      if !rule.overrides.isEmpty {
        out += "\n\noverrides: " + rule.overrides.map { "`\(rules.rules[$0].id)`" }.joined(separator: ", ")
      }
      if !rule.overriddenBy.isEmpty {
        out += "\n\noverridden by: " + rule.overriddenBy.map { "`\(rules.rules[$0].id)`" }.joined(separator: ", ")
      }
      out += "\n\n" + examplesSummary(ExampleRunner.run(rules).filter { $0.ruleID == id })
      return out
    }
    // The file does not check: say what the rule's text says.
    guard let decl = context.model.index.rules[id] else { return nil }
    var out = "**rule `\(id)`**"
    for clause in decl.clauses {
      switch clause {
      case .then(let action, _): out += " — `\(context.source.text(of: action.span))`"
      case .because(let text, _): out += "\n\n\(text.value)"
      case .overrides(let ids, _): out += "\n\noverrides: " + ids.map { "`\($0.name)`" }.joined(separator: ", ")
      default: break
      }
    }
    return out + "\n\n(the file has errors: examples are not run)"
  }

  /// `2 examples, all pass` or each failing example with what it got.
  static func examplesSummary(_ results: [ExampleRunner.ExampleResult]) -> String {
    guard !results.isEmpty else { return "no examples" }
    let failed = results.filter { !$0.passed }
    let count = "\(results.count) example\(results.count == 1 ? "" : "s")"
    guard !failed.isEmpty else { return "\(count), \(results.count == 1 ? "passes" : "all pass")" }
    var out = "\(count), \(failed.count) failing:"
    for r in failed {
      let label = r.example.name.map { " \"\($0)\"" } ?? ""
      out +=
        "\n- example\(label): expected `\(r.example.expected.expectationText)`, "
        + "got `\(r.decision.outcome.expectationText)`"
    }
    return out
  }

  // MARK: - Lets

  static func letText(_ name: String, _ context: FeatureContext) -> String? {
    guard let decl = context.model.index.lets[name] else { return nil }
    var out = "```dialrules\nlet \(name) = \(context.source.text(of: decl.value.span))\n```"
    if let (type, reads) = letType(name, context) {
      out += "\n\n\(type)"
      if !reads.isEmpty { out += "; reads " + reads.map { "`\($0)`" }.joined(separator: ", ") }
    }
    return out
  }

  /// What the checker made of a `let`: a condition or a value with its unit, and the shot-record
  /// paths it reads. Nil when the file does not check.
  static func letType(_ name: String, _ context: FeatureContext) -> (String, [String])? {
    guard let rules = context.model.compiled else { return nil }
    let program = rules.program
    if let formula = program.formulas.first(where: { $0.name == name }) {
      return ("a condition: true, false or unknown", ObservedPath.paths(in: formula.reads))
    }
    if let node = program.nodeNames.first(where: { $0.value == name })?.key {
      return (
        "a value in \(describe(program.dimensions[node]))", ObservedPath.paths(in: program.nodeReads[node])
      )
    }
    // Not in the program: a tag set, `previous.adjustment`, another let, or the same value as an
    // earlier let (the program keeps one name per value).
    guard let decl = context.model.index.lets[name] else { return nil }
    var value = decl.value
    while case .parenthesized(let inner) = value.kind { value = inner }
    if case .name(let id) = value.kind {
      if let set = TagSource(rawValue: id.name) { return ("the \(set.rawValue) tag set", []) }
      if id.name == "previous.adjustment" { return ("the previous adjustment", []) }
      if id.name != name, context.model.index.lets[id.name] != nil { return letType(id.name, context) }
    }
    for other in context.model.index.lets.values where other.name.name != name && other.value == decl.value {
      if program.nodeNames.values.contains(other.name.name) { return letType(other.name.name, context) }
    }
    return nil
  }

  static func describe(_ d: QuantityDimension) -> String {
    switch d {
    case .mass: "grams (`g`)"
    case .time: "seconds (`s`)"
    case .temperature: "degrees Celsius (`C`)"
    case .steps: "grinder steps (`steps`)"
    case .none: "no unit (a plain number or ratio)"
    }
  }

  // MARK: - Observations, tags, units

  /// An observation's type, JSON paths and meaning when absent (docs/language.md §7).
  static func observationFacts(_ name: String) -> (type: String, paths: [String], absent: String)? {
    if let field = NumericField(rawValue: name) {
      return (describe(field.dimension), [field.path.rawValue], "unknown")
    }
    switch name {
    case "shot.ratio", "recipe.ratio", "previous.shot.ratio":
      let prefix = String(name.dropLast(".ratio".count))
      guard let y = NumericField(rawValue: prefix + ".yield"), let d = NumericField(rawValue: prefix + ".dose") else {
        return nil
      }
      return (
        "a plain number, `\(prefix).yield / \(prefix).dose`", [y.path.rawValue, d.path.rawValue],
        "unknown if either is absent"
      )
    case "shot.taste", "previous.shot.taste":
      return ("the taste tag set", [name], "unknown: no verdict was given (an empty list is known and empty)")
    case "shot.flow", "previous.shot.flow":
      return ("the flow tag set", [name], "known and empty: no flow problem was noted")
    case "previous.adjustment":
      return ("the change applied since the previous shot, tested with `is`", [name], "`none`: nothing was applied")
    default:
      return nil
    }
  }

  static func observation(_ name: String) -> String? {
    guard let facts = observationFacts(name) else { return "`\(name)` is not a name dialrules knows" }
    let paths = facts.paths.map { "`\($0)`" }.joined(separator: " and ")
    return "**`\(name)`** — \(facts.type)\n\nreads \(paths) of the shot record; when absent: \(facts.absent)"
  }

  static func tag(_ word: String, _ set: TagSource) -> String? {
    guard set.mask(of: word) != nil else { return "`\(word)` is not a word of `\(set.rawValue)`" }
    let words = set.vocabulary.map { "`\($0)`" }.joined(separator: ", ")
    let absent =
      set == .shotFlow
      ? "an absent `shot.flow` means no problem was noted, so the test is false"
      : "when `\(set.rawValue)` is absent the test is unknown"
    return "**`\(word)`** — a tag of `\(set.rawValue)`: `\(set.rawValue) has \(word)`\n\nwords: \(words)\n\n\(absent)"
  }

  static func unit(_ word: String) -> String? {
    guard let d = QuantityDimension(unitWord: word) else { return nil }
    return "`\(word)`: \(describe(d))"
  }
}

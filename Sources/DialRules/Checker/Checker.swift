/// Checks a parsed rule file — names, types, units, limits, `overrides` — and compiles it into the
/// decision table (`CompiledRules`).
///
/// Like the parser it collects every problem instead of stopping at the first. It produces a table
/// only when no error was found anywhere (including lexing and parsing), so the evaluator never
/// sees a half-checked file.
package struct Checker {
  static let maxRules = 10_000
  static let maxLets = 10_000
  /// Longest chain of `let`s defined through each other (bounds the checker's recursion).
  package static let maxLetDepth = 64
  /// Most `overrides` cycles reported (C013) in one file; every cycle is an error, and the first
  /// ones are what a reader fixes first.
  static let maxCycleReports = 100

  var diagnostics: [Diagnostic] = []
  var program = ConditionProgram()
  /// Deduplicates nodes by node *and* dimension: `2 g` and `2 s` are the same `.constant(2)` but
  /// must stay different nodes, or the second would take the first one's unit.
  var nodeIndex: [NodeKey: Int] = [:]
  var atomIndex: [ConditionProgram.Atom: Int] = [:]
  var lets: [String: LetDeclaration] = [:]
  /// `let`s named like a taste or flow word (C021): reported, not defined.
  var tagWordLets: [LetDeclaration] = []
  var letResults: [String: Typed] = [:]
  var letStack: [String] = []
  var usedLets: Set<String> = []
  var limits = CompiledRules.Limits()
  var requirements = CompiledRules.Requirements()
  var limitSpans: [String: SourceSpan] = [:]
  /// `languages …` as written, and the codes it declares other than `en`, in order.
  var languagesSpan: SourceSpan?
  var declaredLanguages: [String] = []
  /// `let` names and rule ids, sorted once, as "did you mean" candidates.
  var sortedLetNames: [String] = []
  var sortedRuleIDs: [String] = []
  /// Candidates compared for "did you mean" so far. Thousands of unknown names against thousands
  /// of `let`s would compare every name with every let — quadratic, 11 s for 8,000 of each — so
  /// once `maxSuggestionWork` comparisons are spent, later unknown names get no suggestion.
  var suggestionWork = 0
  static let maxSuggestionWork = 200_000

  /// Compiles `tree` (parsed from `source`). Returns nil when `diagnostics` holds any error after
  /// checking, including errors from earlier stages already in it.
  static func check(_ tree: RuleFile, source: SourceFile, diagnostics: inout [Diagnostic]) -> CompiledRules? {
    var checker = Checker()
    let compiled = checker.compile(tree, source: source)
    diagnostics.append(contentsOf: checker.diagnostics)
    return diagnostics.hasErrors ? nil : compiled
  }

  mutating func report(_ d: Diagnostic) { diagnostics.append(d) }

  /// Whether a suggestion among `count` candidates still fits in the budget (and spends it).
  mutating func affordSuggestion(among count: Int) -> Bool {
    guard suggestionWork + count <= Self.maxSuggestionWork else { return false }
    suggestionWork += count
    return true
  }

  /// A numeric node with its dimension, the identity used for sharing nodes.
  struct NodeKey: Hashable {
    var node: ConditionProgram.NumericNode
    var dimension: QuantityDimension
  }

  mutating func compile(_ tree: RuleFile, source: SourceFile) -> CompiledRules {
    checkVersion(tree.version)
    let otherwise = checkRuleset(tree.ruleset)
    collectLets(tree.declarations)
    sortedLetNames = lets.keys.sorted()

    // Rule ids first, so `overrides` may name a rule defined later in the file.
    var ruleDecls: [RuleDeclaration] = []
    var firstSpan: [String: SourceSpan] = [:]
    for case .rule(let r) in tree.declarations {
      if ruleDecls.count == Self.maxRules {
        report(CheckerMessages.tooMany(r.span, "rules", limit: Self.maxRules))
        break
      }
      if r.id.name.isEmpty { continue }
      if let first = firstSpan[r.id.name] {
        report(CheckerMessages.duplicateRule(r.id.span, r.id.name, first: first))
        continue
      }
      firstSpan[r.id.name] = r.id.span
      ruleDecls.append(r)
    }
    let ids = Dictionary(uniqueKeysWithValues: ruleDecls.enumerated().map { ($1.id.name, $0) })
    sortedRuleIDs = ids.keys.sorted()

    // Every let is resolved even when unused, so its errors are reported.
    for case .letBinding(let l) in tree.declarations where lets[l.name.name]?.span == l.span {
      _ = resolveLet(l.name.name, usedAt: nil)
    }
    checkTagWordLets()
    var rules: [CompiledRule] = []
    for (index, decl) in ruleDecls.enumerated() {
      rules.append(compileRule(decl, index: index, ids: ids))
    }
    linkOverrides(&rules, decls: ruleDecls)
    let properties = compileProperties(tree.declarations, ruleIDs: ids)
    reportUnusedLets(tree.declarations)
    let bounds = proveArithmetic(source)

    return CompiledRules(
      name: tree.ruleset?.name.value, description: tree.ruleset?.description?.value, limits: limits,
      otherwise: otherwise, rules: rules, program: program, path: source.path,
      contentHash: Self.contentHash(source.bytes), requirements: requirements,
      rulesetSpan: tree.ruleset.map { SourceSpan(start: $0.span.start, end: $0.name.span.end) }, valueBounds: bounds,
      languages: declaredLanguages, properties: properties)
  }

  // MARK: - Header

  mutating func checkVersion(_ version: VersionDeclaration?) {
    guard let version, let value = version.number.value else { return }
    if value != ExactNumber(1) {
      report(CheckerMessages.unsupportedVersion(version.number.span, value.decimalText))
    }
  }

  mutating func checkRuleset(_ ruleset: RulesetDeclaration?) -> CompiledRules.Otherwise {
    var otherwise = CompiledRules.Otherwise(
      action: .insufficient("No rule covers this shot."), declared: false, span: nil)
    var otherwiseSpan: SourceSpan?
    var otherwiseText: TextSyntax?
    // The languages first: the texts are checked against them wherever the clause is written.
    for case .languages(let codes, let location) in ruleset?.clauses ?? [] {
      checkLanguages(codes, span: location.span)
    }
    for clause in ruleset?.clauses ?? [] {
      switch clause {
      case .limit(let kind, let amount, let location):
        checkLimit(kind: kind, amount: amount, span: location.span)
      case .otherwise(let action, let location):
        if let first = otherwiseSpan {
          report(CheckerMessages.duplicateRulesetClause(location.span, "otherwise", first: first))
          continue
        }
        otherwiseSpan = location.span
        if let compiled = compileAction(action, checkLimits: false) {
          otherwise = .init(action: compiled, declared: true, span: location.span)
        }
        if case .insufficient(let text) = action.kind {
          otherwise.translations = checkTranslations(text)
          otherwiseText = text
        }
      case .require(let what, let location):
        checkRequirement(what, span: location.span)
      case .languages:
        break
      }
    }
    if let otherwiseText {
      checkComplete(otherwise.translations, "the 'otherwise' reason", span: otherwiseText.english.span)
    }
    // Limits may be declared after `otherwise`, so it is checked once all of them are known.
    if otherwise.declared, case .adjust(let adjustment) = otherwise.action, let span = otherwise.span {
      enforceLimits(adjustment, span: span)
    }
    return otherwise
  }

  /// `require agreement`. A repeated requirement is reported like any repeated clause, since it
  /// can only be a copy-and-paste slip.
  mutating func checkRequirement(_ what: Identifier, span: SourceSpan) {
    switch what.name {
    case "": return
    case "agreement":
      if let first = requirements.agreementSpan {
        report(CheckerMessages.duplicateRulesetClause(span, "require agreement", first: first))
        return
      }
      requirements.agreementSpan = span
    default:
      report(CheckerMessages.unknownRequirement(what.span, what.name))
    }
  }

  mutating func checkLimit(kind: Identifier, amount: QuantityLiteral, span: SourceSpan) {
    let expected: QuantityDimension
    switch kind.name {
    case "grind": expected = .steps
    case "yield": expected = .mass
    case "temperature": expected = .temperature
    case "": return
    default:
      report(CheckerMessages.unknownLimit(kind.span, kind.name))
      return
    }
    if let first = limitSpans[kind.name] {
      report(CheckerMessages.duplicateLimit(span, kind.name, first: first))
      return
    }
    limitSpans[kind.name] = span
    guard let value = checkedAmount(amount, expected: expected, context: "limit '\(kind.name)'") else { return }
    switch kind.name {
    case "grind":
      guard let steps = value.intValue else { return report(CheckerMessages.notWholeSteps(amount.span)) }
      limits.grindSteps = steps
    case "yield": limits.yieldGrams = value
    default: limits.temperatureCelsius = value
    }
  }

  // MARK: - Rules

  mutating func compileRule(_ decl: RuleDeclaration, index: Int, ids: [String: Int]) -> CompiledRule {
    var condition: Condition = .invalid
    var conditionSpan = decl.id.span
    var partSpans: [SourceSpan] = []
    var action: RuleAction = .insufficient("")
    var actionSpan = decl.id.span
    var because = ""
    var becauseTranslations: [String: String] = [:]
    var reasonTranslations: [String: String] = [:]
    var examples: [CompiledExample] = []
    var seen: [String: SourceSpan] = [:]
    func firstTime(_ name: String, _ span: SourceSpan, _ checker: inout Checker) -> Bool {
      if let first = seen[name] {
        checker.report(CheckerMessages.duplicateClause(span, name, rule: decl.id.name, first: first))
        return false
      }
      seen[name] = span
      return true
    }
    for clause in decl.clauses {
      switch clause {
      case .when(let expr, let location):
        guard firstTime("when", location.span, &self) else { continue }
        condition = compileCondition(expr)
        conditionSpan = expr.span
        partSpans = condition == .invalid ? [] : Self.conjunctSpans(expr)
      case .then(let syntax, let location):
        guard firstTime("then", location.span, &self) else { continue }
        if let compiled = compileAction(syntax, checkLimits: true) { action = compiled }
        actionSpan = syntax.span
        if case .insufficient(let text) = syntax.kind {
          reasonTranslations = checkTranslations(text)
          checkComplete(reasonTranslations, "the reason of rule '\(decl.id.name)'", span: text.english.span)
        }
      case .because(let text, let location):
        guard firstTime("because", location.span, &self) else { continue }
        because = text.value
        becauseTranslations = checkTranslations(text)
        checkComplete(becauseTranslations, "the 'because' of rule '\(decl.id.name)'", span: text.english.span)
      case .overrides(let targets, let location):
        guard firstTime("overrides", location.span, &self) else { continue }
        for target in targets where ids[target.name] == nil && !target.name.isEmpty {
          let candidates = affordSuggestion(among: sortedRuleIDs.count) ? sortedRuleIDs : []
          report(CheckerMessages.unknownOverride(target.span, target.name, candidates: candidates))
        }
      case .example(let example):
        if let compiled = compileExample(example) { examples.append(compiled) }
      }
    }
    for required in ["when", "then", "because"] where seen[required] == nil {
      report(CheckerMessages.missingClause(decl.id.span, required, rule: decl.id.name))
    }
    return CompiledRule(
      id: decl.id.name, index: index, span: decl.span, idSpan: decl.id.span, condition: condition,
      conditionSpan: conditionSpan, conditionPartSpans: partSpans, action: action, actionSpan: actionSpan,
      because: because, overrides: [],
      overriddenBy: [], examples: examples, reads: reads(of: condition), becauseTranslations: becauseTranslations,
      reasonTranslations: reasonTranslations)
  }

  /// Fills `overrides`/`overriddenBy` and rejects self-overrides and cycles (a cycle would leave no
  /// rule able to win, and "in doubt" could chase its tail).
  mutating func linkOverrides(_ rules: inout [CompiledRule], decls: [RuleDeclaration]) {
    let ids = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.index) })
    for (i, decl) in decls.enumerated() {
      var targets: [Int] = []
      var listed = Set<Int>()  // a rule may list thousands: `targets.contains` was quadratic
      for case .overrides(let names, _) in decl.clauses {
        for name in names {
          guard let j = ids[name.name] else { continue }
          if j == i {
            report(CheckerMessages.overridesItself(name.span, name.name))
          } else if !listed.insert(j).inserted {
            report(CheckerMessages.duplicateOverride(name.span, name.name))
          } else {
            targets.append(j)
          }
        }
        break
      }
      rules[i].overrides = targets
      for j in targets { rules[j].overriddenBy.append(i) }
    }
    // Cycle detection by iterative depth-first search (no recursion: a hostile file may chain
    // thousands of rules). Each back edge is a cycle; naming its rules costs the depth of the
    // search, so only the first `maxCycleReports` are named (thousands of back edges into a
    // chain of thousands of rules were quadratic).
    var state = [UInt8](repeating: 0, count: rules.count)  // 0 new, 1 on stack, 2 done
    var cycles = 0
    for start in rules.indices where state[start] == 0 {
      var stack: [(Int, Int)] = [(start, 0)]
      state[start] = 1
      while let (node, next) = stack.last {
        if next < rules[node].overrides.count {
          stack[stack.count - 1].1 += 1
          let target = rules[node].overrides[next]
          if state[target] == 1 {
            cycles += 1
            guard cycles <= Self.maxCycleReports else { continue }
            let path = stack.map { rules[$0.0].id }
            let from = path.firstIndex(of: rules[target].id) ?? 0
            let chain = Array(path[from...]) + [rules[target].id]
            report(CheckerMessages.overrideCycle(rules[node].idSpan, chain: chain))
          } else if state[target] == 0 {
            state[target] = 1
            stack.append((target, 0))
          }
        } else {
          state[node] = 2
          stack.removeLast()
        }
      }
    }
  }

  mutating func reportUnusedLets(_ declarations: [Declaration]) {
    for case .letBinding(let l) in declarations
    where !usedLets.contains(l.name.name) && !l.name.name.isEmpty && Self.tagSet(of: l.name.name) == nil {
      report(CheckerMessages.unusedLet(l.name.span, l.name.name))
    }
  }

  /// Proves that no expression can fail on a valid shot (docs/design.md §4), reporting each one that can
  /// (T004) where it is written; returns every node's bound.
  mutating func proveArithmetic(_ source: SourceFile) -> [ValueBound] {
    let proof = ArithmeticProof(program)
    for failure in proof.failures {
      switch failure {
      case .divisorMayBeZero(let node, let divisor):
        let span = program.divisorSpans[node] ?? program.nodeSpans[divisor]
        report(
          CheckerMessages.divisorMayBeZero(
            span, Self.expressionText(span, in: source), unit: program.dimensions[divisor],
            range: proof.bounds[divisor].interval))
      case .tooLarge(let node):
        let span = program.nodeSpans[node]
        report(CheckerMessages.beyondExactRange(span, Self.expressionText(span, in: source)))
      }
    }
    return proof.bounds
  }

  /// The source text at `span` on one line, without enclosing brackets, for messages.
  static func expressionText(_ span: SourceSpan, in source: SourceFile) -> String {
    let lo = max(0, min(span.start, source.bytes.count))
    let hi = max(lo, min(span.end, source.bytes.count))
    var text = String(decoding: source.bytes[lo..<hi], as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    if text.hasPrefix("("), text.hasSuffix(")") {
      var depth = 0
      var closesFirst = false
      for (i, c) in text.enumerated() {
        if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
        if depth == 0 && i < text.count - 1 { closesFirst = true }
      }
      if !closesFirst { text = String(text.dropFirst().dropLast()) }
    }
    return text.count > 80 ? String(text.prefix(77)) + "…" : text
  }

  /// FNV-1a over the bytes, as 16 hex digits: cheap, stable across platforms, good enough to tell
  /// two versions of a rule file apart in the shot log (it is not a security hash).
  static func contentHash(_ bytes: [UInt8]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

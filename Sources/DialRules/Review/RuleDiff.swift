/// What changed between two versions of a rule file, rule by rule (matched by id), plus the
/// `let`s, limits and `otherwise` that can change what unchanged rules mean.
package struct RuleDiff: Hashable, Sendable {
  package enum Change: Hashable, Sendable {
    case added(id: String, summary: String)
    case removed(id: String, summary: String)
    /// `what` is `condition`, `action`, `rationale` or `overrides`.
    case changed(id: String, what: String, old: String, new: String)
  }

  package var rules: [Change]
  /// Changed definitions, in the same shape (`id` is the let name).
  package var lets: [Change]
  /// Ruleset-level changes: `otherwise`, `limit grind`, … (`id` is the setting).
  package var settings: [Change]

  package var isEmpty: Bool { rules.isEmpty && lets.isEmpty && settings.isEmpty }

  /// Compares two checked files. Rule order is ignored (it never changes a decision).
  package init(old: RuleCompiler.Output, new: RuleCompiler.Output) {
    let oldRules = Self.ruleDeclarations(old.syntax)
    let newRules = Self.ruleDeclarations(new.syntax)
    var rules: [Change] = []
    for (id, o) in oldRules.sorted(by: { $0.key < $1.key }) {
      guard let n = newRules[id] else {
        rules.append(.removed(id: id, summary: Self.summary(o)))
        continue
      }
      for (what, a, b) in [
        ("condition", Self.clauseText(o, "when"), Self.clauseText(n, "when")),
        ("action", Self.clauseText(o, "then"), Self.clauseText(n, "then")),
        ("rationale", Self.clauseText(o, "because"), Self.clauseText(n, "because")),
        ("overrides", Self.clauseText(o, "overrides"), Self.clauseText(n, "overrides")),
      ] where a != b {
        rules.append(.changed(id: id, what: what, old: a, new: b))
      }
    }
    for (id, n) in newRules.sorted(by: { $0.key < $1.key }) where oldRules[id] == nil {
      rules.append(.added(id: id, summary: Self.summary(n)))
    }
    self.rules = rules

    let oldLets = Self.letDeclarations(old.syntax)
    let newLets = Self.letDeclarations(new.syntax)
    var lets: [Change] = []
    for name in Set(oldLets.keys).union(newLets.keys).sorted() {
      switch (oldLets[name], newLets[name]) {
      case (let a?, nil): lets.append(.removed(id: name, summary: a))
      case (nil, let b?): lets.append(.added(id: name, summary: b))
      case (let a?, let b?) where a != b: lets.append(.changed(id: name, what: "definition", old: a, new: b))
      default: break
      }
    }
    self.lets = lets

    let a = Self.settings(old.syntax)
    let b = Self.settings(new.syntax)
    settings = Set(a.keys).union(b.keys).sorted().compactMap { key in
      let x = a[key] ?? "(none)"
      let y = b[key] ?? "(none)"
      return x == y ? nil : .changed(id: key, what: "setting", old: x, new: y)
    }
  }

  static func ruleDeclarations(_ file: RuleFile) -> [String: RuleDeclaration] {
    var out: [String: RuleDeclaration] = [:]
    for case .rule(let r) in file.declarations where out[r.id.name] == nil { out[r.id.name] = r }
    return out
  }

  static func letDeclarations(_ file: RuleFile) -> [String: String] {
    var out: [String: String] = [:]
    for case .letBinding(let l) in file.declarations where out[l.name.name] == nil {
      out[l.name.name] = SyntaxText.expression(l.value)
    }
    return out
  }

  static func settings(_ file: RuleFile) -> [String: String] {
    var out: [String: String] = [:]
    for clause in file.ruleset?.clauses ?? [] {
      switch clause {
      case .limit(let kind, let amount, _):
        out["limit \(kind.name)"] = (amount.value?.decimalText ?? "?") + (amount.unit.map { " " + $0.name } ?? "")
      case .otherwise(let action, _): out["otherwise"] = SyntaxText.action(action)
      case .require(let what, _): out["require \(what.name)"] = "declared"
      case .languages(let codes, _): out["languages"] = codes.map { $0.name }.joined(separator: " ")
      }
    }
    return out
  }

  /// The canonical text of a rule's clause (`""` when absent).
  static func clauseText(_ r: RuleDeclaration, _ keyword: String) -> String {
    for clause in r.clauses {
      switch (clause, keyword) {
      case (.when(let e, _), "when"): return SyntaxText.expression(e)
      case (.then(let a, _), "then"): return SyntaxText.action(a)
      case (.because(let s, _), "because"): return s.value
      case (.overrides(let ids, _), "overrides"): return ids.map { $0.name }.sorted().joined(separator: ", ")
      default: continue
      }
    }
    return ""
  }

  static func summary(_ r: RuleDeclaration) -> String {
    "when \(clauseText(r, "when")) then \(clauseText(r, "then"))"
  }
}

/// One shot whose decision differs between two rule tables.
package struct DecisionChange: Hashable, Sendable {
  /// Where the shot came from: a fixture path, or `FILE:LINE` in a JSON Lines file.
  package var source: String
  package var old: Decision
  package var new: Decision

  package init(source: String, old: Decision, new: Decision) {
    self.source = source
    self.old = old
    self.new = new
  }

  /// Decisions differ when their outcome or deciding rules differ (wording alone does not count).
  package static func differs(_ a: Decision, _ b: Decision) -> Bool {
    a.outcome != b.outcome || a.decidedBy != b.decidedBy || a.missing != b.missing
  }

  /// `adjust grind finer 1 step`, `insufficient evidence (conflict)`.
  package static func label(_ d: Decision) -> String { label(d.outcome) }

  /// The same for an outcome alone.
  static func label(_ outcome: Decision.Outcome) -> String {
    switch outcome {
    case .adjust(let a): "adjust \(a.ruleText)"
    case .noChange: "no change"
    case .insufficientEvidence(let r): "insufficient evidence (\(r.rawValue))"
    }
  }
}

/// Canonical text for expressions, actions, quantities and strings.
extension RuleFormatter {
  /// An expression with single spaces around operators and the parentheses the author wrote
  /// (parentheses are part of the tree, so keeping them keeps the re-parse check exact).
  func expression(_ e: ConditionExpression) -> String {
    switch e.kind {
    case .literal(let q): return quantity(q)
    case .name(let id): return id.name
    case .negate(let inner): return "-" + expression(inner)
    case .arithmetic(let op, let l, let r): return "\(expression(l)) \(op.rawValue) \(expression(r))"
    case .comparison(let op, let l, let r): return "\(expression(l)) \(op.rawValue) \(expression(r))"
    case .between(let x, let lo, let hi): return "\(expression(x)) between \(expression(lo)) and \(expression(hi))"
    case .has(let set, let tag): return "\(expression(set)) has \(tag.name)"
    case .isPattern(let subject, let p): return "\(expression(subject)) is \(pattern(p))"
    case .isKnown(let subject): return "\(expression(subject)) is known"
    case .not(let inner): return "not " + expression(inner)
    case .and(let l, let r): return "\(expression(l)) and \(expression(r))"
    case .or(let l, let r): return "\(expression(l)) or \(expression(r))"
    case .parenthesized(let inner): return "(" + expression(inner) + ")"
    case .missing: return ""
    }
  }

  func action(_ a: ActionSyntax) -> String {
    switch a.kind {
    case .grind(let direction, let amount):
      return "grind \(direction.name)" + (amount.map { " " + quantity($0) } ?? "")
    case .yield(let negative, let amount): return "yield \(negative ? "-" : "+")\(quantity(amount))"
    case .temperature(let negative, let amount): return "temperature \(negative ? "-" : "+")\(quantity(amount))"
    case .noChange: return "no change"
    case .insufficient(let reason): return "insufficient " + string(reason.value)
    }
  }

  func pattern(_ p: AdjustmentPattern) -> String {
    switch p.kind {
    case .none: return "none"
    case .noChange: return "no change"
    case .grind(let direction, let amount):
      var s = "grind"
      if let direction { s += " " + direction.name }
      if let amount { s += " " + quantity(amount) }
      return s
    case .yield(let negative, let amount), .temperature(let negative, let amount):
      var s: String
      if case .yield = p.kind { s = "yield" } else { s = "temperature" }
      if let negative { s += negative ? " -" : " +" }
      if let amount { s += quantity(amount) }
      return s
    }
  }

  /// A pattern of a property's `always` or `never`.
  func outcomePattern(_ p: OutcomePattern) -> String {
    switch p.kind {
    case .decides: return "decides"
    case .insufficient(let reason): return "insufficient" + (reason.map { " " + $0.name } ?? "")
    case .adjustment(let a): return pattern(a)
    }
  }

  /// The number in its shortest exact form, then the unit word as written (`step` and `steps`
  /// are both kept: they are different words in the tree).
  func quantity(_ q: QuantityLiteral) -> String {
    let n = number(q)
    guard let unit = q.unit else { return n }
    return n + " " + unit.name
  }

  func number(_ q: QuantityLiteral) -> String {
    if let v = q.value { return v.decimalText }
    return source.text(of: q.span)
  }

  /// A string literal with `"`, `\`, newline and tab escaped.
  func string(_ s: String) -> String { RuleFileStrings.literal(s) }
}

/// Formatting with its safety net: the result must parse to the same tree with the same comments,
/// or the formatter refuses (a bug in the formatter must never change what a file means).
package enum FormatRunner {
  package enum Failure: Error, Equatable {
    /// The input has syntax errors; nothing can be formatted.
    case syntaxErrors([Diagnostic])
    /// The formatted text would mean something else; reported as an internal error.
    case unsound(String)
  }

  /// The canonical text of `file`.
  package static func format(_ file: SourceFile) -> Result<String, Failure> {
    var diagnostics: [Diagnostic] = []
    let (tree, comments) = Parser.parse(file, diagnostics: &diagnostics)
    let errors = diagnostics.filter { $0.isError }
    guard errors.isEmpty else { return .failure(.syntaxErrors(errors.normalized())) }
    let text = RuleFormatter.format(tree, comments: comments, source: file)
    var again: [Diagnostic] = []
    let (reparsed, reComments) = Parser.parse(SourceFile(path: file.path, text: text), diagnostics: &again)
    if again.contains(where: { $0.isError }) {
      return .failure(.unsound("the formatted text does not parse"))
    }
    if canonical(reparsed) != canonical(tree) {
      return .failure(.unsound("the formatted text parses to a different tree"))
    }
    if reComments.map({ $0.text.trimmingTrailingSpaces }) != comments.map({ $0.text.trimmingTrailingSpaces }) {
      return .failure(.unsound("the formatted text lost or reordered a comment"))
    }
    return .success(text)
  }
}

extension FormatRunner {
  /// The tree with each rule's clauses in canonical order, for the soundness comparison.
  static func canonical(_ tree: RuleFile) -> RuleFile {
    var copy = tree
    copy.declarations = tree.declarations.map {
      guard case .rule(var r) = $0 else { return $0 }
      r.clauses = RuleFormatter.canonicalOrder(r.clauses)
      return .rule(r)
    }
    return copy
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var s = Substring(self)
    while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
    return String(s)
  }
}

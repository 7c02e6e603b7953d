/// Name resolution, typing with units, and compilation of expressions into the shared
/// `ConditionProgram`.
extension Checker {
  /// What an expression turned out to be.
  enum Typed: Hashable {
    /// A numeric node in the program.
    case number(Int)
    case condition(Condition)
    case tagSet(TagSource)
    /// `previous.adjustment`.
    case adjustment
    /// An error was already reported.
    case invalid

    var description: String {
      switch self {
      case .number: "a value"
      case .condition: "a condition"
      case .tagSet(let s): "the tag set '\(s.rawValue)'"
      case .adjustment: "'previous.adjustment'"
      case .invalid: "an invalid expression"
      }
    }
  }

  mutating func collectLets(_ declarations: [Declaration]) {
    var count = 0
    for case .letBinding(let l) in declarations where !l.name.name.isEmpty {
      count += 1
      if count > Self.maxLets {
        report(CheckerMessages.tooMany(l.span, "'let' definitions", limit: Self.maxLets))
        return
      }
      // A tag word keeps its meaning: a `let` of that name would silently change every rule that
      // tests the tag. The definition is not registered (so `let bitter = bitter or harsh` is not
      // also a cycle), but its body is still checked (`checkTagWordLets`).
      if let set = Self.tagSet(of: l.name.name) {
        report(CheckerMessages.tagWordAsLet(l.name.span, l.name.name, set: set))
        tagWordLets.append(l)
        continue
      }
      if let first = lets[l.name.name] {
        report(CheckerMessages.duplicateLet(l.name.span, l.name.name, first: first.name.span))
        continue
      }
      lets[l.name.name] = l
    }
  }

  /// `taste` or `flow` when `name` is a word of that tag vocabulary.
  package static func tagSet(of name: String) -> String? {
    if TasteTag(rawValue: name) != nil { return "taste" }
    if FlowTag(rawValue: name) != nil { return "flow" }
    return nil
  }

  /// Checks the bodies of `let`s refused for their name (C021), so their own mistakes are
  /// reported too; a tag word inside means the tag, as everywhere.
  mutating func checkTagWordLets() {
    for l in tagWordLets { _ = typeOf(l.value) }
  }

  /// Resolves a `let` once (results are cached); reports a cycle when the name is already being
  /// resolved further up. Depth is bounded by the number of lets, each resolved once.
  mutating func resolveLet(_ name: String, usedAt: SourceSpan?) -> Typed {
    if usedAt != nil { usedLets.insert(name) }
    if let done = letResults[name] { return done }
    guard let decl = lets[name] else { return .invalid }
    if let start = letStack.firstIndex(of: name) {
      report(CheckerMessages.cyclicLet(usedAt ?? decl.name.span, chain: Array(letStack[start...]) + [name]))
      letResults[name] = .invalid
      return .invalid
    }
    if letStack.count >= Self.maxLetDepth {
      report(CheckerMessages.letsTooDeep(usedAt ?? decl.name.span, limit: Self.maxLetDepth))
      letResults[name] = .invalid
      return .invalid
    }
    letStack.append(name)
    var result = typeOf(decl.value)
    letStack.removeLast()
    if letResults[name] == .invalid { return .invalid }  // a cycle was found through this let
    switch result {
    case .condition(let c):
      program.formulas.append(
        .init(name: name, condition: c, span: decl.span, reads: reads(of: c)))
      result = .condition(.formula(program.formulas.count - 1))
    case .number(let n):
      if program.nodeNames[n] == nil { program.nodeNames[n] = name }
    default: break
    }
    letResults[name] = result
    return result
  }

  /// Compiles a `when` condition; reports when the expression is not a condition.
  mutating func compileCondition(_ expr: ConditionExpression) -> Condition {
    asCondition(typeOf(expr), expr.span)
  }

  mutating func asCondition(_ typed: Typed, _ span: SourceSpan) -> Condition {
    switch typed {
    case .condition(let c): return c
    case .invalid: return .invalid
    default:
      report(CheckerMessages.expectedCondition(span, found: typed.description))
      return .invalid
    }
  }

  // Recursion depth is bounded by the parser's nesting and size limits.
  mutating func typeOf(_ expr: ConditionExpression) -> Typed {
    switch expr.kind {
    case .missing:
      return .invalid
    case .parenthesized(let inner):
      return typeOf(inner)
    case .literal(let q):
      guard let value = q.value else { return .invalid }
      var dimension = QuantityDimension.none
      if let unit = q.unit { dimension = QuantityDimension(unitWord: unit.name) ?? .none }
      return .number(addNode(.constant(value), dimension: dimension, span: expr.span))
    case .name(let id):
      return resolveName(id)
    case .negate(let inner):
      guard case .number(let n) = asValue(typeOf(inner), inner.span) else { return .invalid }
      return .number(addNode(.negate(n), dimension: program.dimensions[n], span: expr.span))
    case .arithmetic(let op, let l, let r):
      return arithmetic(op, l, r, span: expr.span)
    case .comparison(let op, let l, let r):
      guard case .number(let a) = asValue(typeOperand(l, beside: r), l.span),
        case .number(let b) = asValue(typeOperand(r, beside: l), r.span)
      else { return .invalid }
      guard comparable(a, b, l, r, context: "comparison with '\(op.rawValue)'") else { return .invalid }
      return .condition(.atom(addAtom(.compare(op, a, b), span: expr.span)))
    case .between(let x, let low, let high):
      guard case .number(let v) = asValue(typeOf(x), x.span),
        case .number(let lo) = asValue(typeOf(low), low.span),
        case .number(let hi) = asValue(typeOf(high), high.span)
      else { return .invalid }
      guard sameDimension(v, lo, span: low.span, context: "lower bound of 'between'"),
        sameDimension(v, hi, span: high.span, context: "upper bound of 'between'")
      else { return .invalid }
      return .condition(.atom(addAtom(.between(v, low: lo, high: hi), span: expr.span)))
    case .has(let setExpr, let tag):
      let set = typeOf(setExpr)
      guard case .tagSet(let source) = set else {
        if set != .invalid { report(CheckerMessages.invalidOperand(setExpr.span, "has", found: set.description)) }
        return .invalid
      }
      return tagTest(source, tag)
    case .isPattern(let subject, let pattern):
      let typed = typeOf(subject)
      guard typed == .adjustment else {
        if typed != .invalid { report(CheckerMessages.invalidOperand(subject.span, "is", found: typed.description)) }
        return .invalid
      }
      guard let matcher = compilePattern(pattern) else { return .invalid }
      return .condition(.atom(addAtom(.previousAdjustment(matcher), span: expr.span)))
    case .isKnown(let subject):
      switch typeOf(subject) {
      case .number(let n): return .condition(.atom(addAtom(.known(.value(n)), span: expr.span)))
      case .tagSet(let source): return .condition(.atom(addAtom(.known(.tags(source)), span: expr.span)))
      case .invalid: return .invalid
      case let typed:
        report(CheckerMessages.invalidOperand(subject.span, "is known", found: typed.description))
        return .invalid
      }
    case .not(let inner):
      let c = asCondition(typeOf(inner), inner.span)
      return .condition(c == .invalid ? .invalid : .not(c))
    case .and, .or:
      return connective(expr)
    }
  }

  /// A chain of `and`s (or of `or`s) becomes one n-ary node, so evaluation and explanations read
  /// it flat. The parser builds `a and b and c` leaning left; the chain is walked in one pass —
  /// merging the parts pairwise, as this once did, copied the growing list at every step, which
  /// was quadratic in the length of a long condition.
  mutating func connective(_ expr: ConditionExpression) -> Typed {
    let isAnd: Bool
    if case .and = expr.kind { isAnd = true } else { isAnd = false }
    func split(_ e: ConditionExpression) -> (ConditionExpression, ConditionExpression)? {
      switch (e.kind, isAnd) {
      case (.and(let l, let r), true), (.or(let l, let r), false): (l, r)
      default: nil
      }
    }
    var operands: [ConditionExpression] = []
    var left = expr
    while let (l, r) = split(left) {
      operands.append(r)
      left = l
    }
    operands.append(left)
    var parts: [Condition] = []
    var invalid = false
    // Source order, so diagnostics come out as the recursive walk reported them.
    for operand in operands.reversed() {
      let c = asCondition(typeOf(operand), operand.span)
      switch (c, isAnd) {
      case (.invalid, _): invalid = true
      case (.and(let inner), true), (.or(let inner), false): parts.append(contentsOf: inner)
      default: parts.append(c)
      }
    }
    if invalid { return .invalid }
    return .condition(isAnd ? .and(parts) : .or(parts))
  }

  /// The places of the top-level parts of a checked condition (`CompiledRule.conditionPartSpans`),
  /// split as `connective` splits it: the operands of a chain of `and`s, with an operand that is
  /// itself an `and` (in parentheses) spliced in. A part that is not an `and` is one part, at its
  /// own place without its parentheses.
  static func conjunctSpans(_ expr: ConditionExpression) -> [SourceSpan] {
    var bare = expr
    while case .parenthesized(let inner) = bare.kind { bare = inner }
    guard case .and = bare.kind else { return [bare.span] }
    var operands: [ConditionExpression] = []
    var left = bare
    while case .and(let l, let r) = left.kind {
      operands.append(r)
      left = l
    }
    operands.append(left)
    return operands.reversed().flatMap { conjunctSpans($0) }
  }

  mutating func asValue(_ typed: Typed, _ span: SourceSpan) -> Typed {
    switch typed {
    case .number, .invalid: return typed
    default:
      report(CheckerMessages.expectedValue(span, found: typed.description))
      return .invalid
    }
  }

  mutating func arithmetic(
    _ op: ArithmeticOperator, _ l: ConditionExpression, _ r: ConditionExpression, span: SourceSpan
  ) -> Typed {
    guard case .number(let a) = asValue(typeOf(l), l.span), case .number(let b) = asValue(typeOf(r), r.span)
    else { return .invalid }
    let da = program.dimensions[a]
    let db = program.dimensions[b]
    let result: QuantityDimension
    switch op {
    case .add, .subtract:
      guard sameDimension(a, b, span: r.span, context: "'\(op.rawValue)'") else { return .invalid }
      result = da
    case .multiply:
      if da != .none && db != .none {
        report(CheckerMessages.unitMismatch(r.span, expected: .none, found: db, context: "'*' by a quantity"))
        return .invalid
      }
      result = da == .none ? db : da
    case .divide:
      if db == .none {
        result = da
      } else if da == db {
        result = .none
      } else {
        report(
          CheckerMessages.unitMismatch(r.span, expected: da, found: db, context: "'/'", help: CheckerMessages.rateHelp))
        return .invalid
      }
    }
    let node = addNode(.arithmetic(op, a, b), dimension: result, span: span)
    if op == .divide && program.divisorSpans[node] == nil { program.divisorSpans[node] = r.span }
    return .number(node)
  }

  mutating func sameDimension(_ a: Int, _ b: Int, span: SourceSpan, context: String) -> Bool {
    let da = program.dimensions[a]
    let db = program.dimensions[b]
    if da == db { return true }
    report(CheckerMessages.unitMismatch(span, expected: da, found: db, context: context))
    return false
  }

  /// Resolves a bare name: a `let`, an observation, or a tag word (`sour` = `shot.taste has sour`).
  mutating func resolveName(_ id: Identifier, unitHint: QuantityDimension? = nil) -> Typed {
    let name = id.name
    if lets[name] != nil { return resolveLet(name, usedAt: id.span) }
    if let field = NumericField(rawValue: name) {
      return .number(addNode(.field(field), dimension: field.dimension, span: id.span))
    }
    switch name {
    case "shot.ratio", "recipe.ratio", "previous.shot.ratio":
      let prefix = String(name.dropLast(".ratio".count))
      guard let y = NumericField(rawValue: prefix + ".yield"), let d = NumericField(rawValue: prefix + ".dose") else {
        return .invalid
      }
      let yn = addNode(.field(y), dimension: .mass, span: id.span)
      let dn = addNode(.field(d), dimension: .mass, span: id.span)
      let ratio = addNode(.arithmetic(.divide, yn, dn), dimension: .none, span: id.span)
      if program.divisorSpans[ratio] == nil { program.divisorSpans[ratio] = id.span }
      return .number(ratio)
    case "shot.taste": return .tagSet(.shotTaste)
    case "shot.flow": return .tagSet(.shotFlow)
    case "previous.shot.taste": return .tagSet(.previousShotTaste)
    case "previous.shot.flow": return .tagSet(.previousShotFlow)
    case "previous.adjustment": return .adjustment
    default: break
    }
    if TasteTag(rawValue: name) != nil { return tagTest(.shotTaste, id) }
    if FlowTag(rawValue: name) != nil { return tagTest(.shotFlow, id) }
    let candidates =
      affordSuggestion(among: Self.nameCandidates.count + sortedLetNames.count)
      ? Self.nameCandidates + sortedLetNames : []
    report(CheckerMessages.unknownName(id.span, name, candidates: candidates, unitHint: unitHint))
    return .invalid
  }

  /// Every name a rule can use besides `let`s, for "did you mean".
  package static let nameCandidates: [String] =
    NumericField.allCases.map { $0.rawValue }
    + [
      "shot.ratio", "recipe.ratio", "previous.shot.ratio", "shot.taste", "shot.flow", "previous.shot.taste",
      "previous.shot.flow", "previous.adjustment",
    ]
    + TasteTag.allCases.map { $0.rawValue } + FlowTag.allCases.map { $0.rawValue }

  mutating func tagTest(_ source: TagSource, _ tag: Identifier) -> Typed {
    guard let mask = source.mask(of: tag.name) else {
      if !tag.name.isEmpty {
        let set = source.isFlow ? "flow" : "taste"
        report(
          CheckerMessages.unknownTag(
            tag.span, tag.name, set: set, vocabulary: source.vocabulary, elsewhere: Self.otherTagSet(source, tag.name)))
      }
      return .invalid
    }
    return .condition(.atom(addAtom(.has(source, tag: tag.name, mask: mask), span: tag.span)))
  }

  // MARK: - Program building

  mutating func addNode(_ node: ConditionProgram.NumericNode, dimension: QuantityDimension, span: SourceSpan) -> Int {
    let key = NodeKey(node: node, dimension: dimension)
    if let i = nodeIndex[key] { return i }
    let reads: UInt32
    switch node {
    case .constant: reads = 0
    case .field(let f): reads = f.path.bit
    case .negate(let a): reads = program.nodeReads[a]
    case .arithmetic(_, let a, let b): reads = program.nodeReads[a] | program.nodeReads[b]
    }
    program.nodes.append(node)
    program.dimensions.append(dimension)
    program.nodeReads.append(reads)
    program.nodeSpans.append(span)
    nodeIndex[key] = program.nodes.count - 1
    return program.nodes.count - 1
  }

  mutating func addAtom(_ atom: ConditionProgram.Atom, span: SourceSpan) -> Int {
    if let i = atomIndex[atom] { return i }
    let reads: UInt32
    switch atom {
    case .compare(_, let a, let b): reads = program.nodeReads[a] | program.nodeReads[b]
    case .between(let v, let lo, let hi): reads = program.nodeReads[v] | program.nodeReads[lo] | program.nodeReads[hi]
    case .has(let source, _, _): reads = source.path?.bit ?? 0
    case .previousAdjustment: reads = 0
    case .known(.value(let n)): reads = program.nodeReads[n]
    case .known(.tags(let source)): reads = source.path?.bit ?? 0
    }
    program.atoms.append(atom)
    program.atomSpans.append(span)
    program.atomReads.append(reads)
    atomIndex[atom] = program.atoms.count - 1
    return program.atoms.count - 1
  }

  /// The observed paths a condition reads.
  func reads(of condition: Condition) -> UInt32 {
    switch condition {
    case .atom(let a): program.atomReads[a]
    case .formula(let f): program.formulas[f].reads
    case .not(let c): reads(of: c)
    case .and(let cs), .or(let cs): cs.reduce(0) { $0 | reads(of: $1) }
    case .invalid: 0
    }
  }
}

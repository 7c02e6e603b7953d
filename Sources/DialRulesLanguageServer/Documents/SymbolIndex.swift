import DialRules

/// Every name in a parsed rule file with what it names: `let` and rule definitions, their uses,
/// observations, tags and units. Hover, definition, references, rename, highlights and semantic
/// tokens all look names up here.
///
/// Built from the syntax tree, so it works on files that do not check; names resolve the way the
/// checker resolves them (`let`s first, then observations, then bare tags).
struct SymbolIndex: Sendable {
  package enum Kind: Hashable, Sendable {
    case letDefinition, letReference
    case ruleDefinition, ruleReference
    /// An observation such as `shot.time` or `previous.adjustment`.
    case observation
    /// A tag word, bare (`sour`) or after `has`, in the set it belongs to.
    case tag(TagSource)
    /// A unit word after a number.
    case unit
    /// A language code: of a translation (`de "…"`) or in `languages de es`.
    case language
  }

  /// One name as written.
  struct Occurrence: Hashable, Sendable {
    var span: SourceSpan
    package var name: String
    var kind: Kind
  }

  /// Occurrences sorted by where they start.
  private(set) var occurrences: [Occurrence] = []
  /// The first definition of each `let` and rule. A `let` named like a taste or flow word defines
  /// nothing (the checker's C021), so those words stay the shot's tags everywhere.
  private(set) var lets: [String: LetDeclaration] = [:]
  private(set) var rules: [String: RuleDeclaration] = [:]

  init(_ tree: RuleFile) {
    for declaration in tree.declarations {
      switch declaration {
      case .letBinding(let l)
      where !l.name.name.isEmpty && lets[l.name.name] == nil && Checker.tagSet(of: l.name.name) == nil:
        lets[l.name.name] = l
      case .rule(let r) where !r.id.name.isEmpty && rules[r.id.name] == nil: rules[r.id.name] = r
      default: break
      }
    }
    if let ruleset = tree.ruleset {
      for clause in ruleset.clauses {
        switch clause {
        case .limit(_, let amount, _): quantity(amount)
        case .otherwise(let action, _): self.action(action)
        case .languages(let codes, _): for code in codes { add(code, .language) }
        case .require: break
        }
      }
    }
    for declaration in tree.declarations {
      switch declaration {
      case .letBinding(let l):
        add(l.name, .letDefinition)
        expression(l.value)
      case .rule(let r):
        add(r.id, .ruleDefinition)
        for clause in r.clauses {
          switch clause {
          case .when(let e, _): expression(e)
          case .then(let a, _): action(a)
          case .because(let text, _): translations(text)
          case .overrides(let ids, _): for id in ids { add(id, .ruleReference) }
          case .example(let e): example(e)
          }
        }
      case .property(let p):
        // The id names nothing else; the condition's names are references like a rule's.
        for clause in p.clauses {
          switch clause {
          case .when(let e, _): expression(e)
          case .because(let text, _): translations(text)
          case .always(let patterns, _), .never(let patterns, _):
            for pattern in patterns {
              guard case .adjustment(let a) = pattern.kind else { continue }
              switch a.kind {
              case .grind(_, let amount), .yield(_, let amount), .temperature(_, let amount): quantity(amount)
              case .none, .noChange: break
              }
            }
          }
        }
      }
    }
    occurrences.sort { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
  }

  mutating func add(_ id: Identifier, _ kind: Kind) {
    guard !id.name.isEmpty else { return }
    occurrences.append(Occurrence(span: id.span, name: id.name, kind: kind))
  }

  mutating func quantity(_ q: QuantityLiteral?) {
    if let unit = q?.unit { add(unit, .unit) }
  }

  mutating func action(_ a: ActionSyntax) {
    switch a.kind {
    case .grind(_, let amount): quantity(amount)
    case .yield(_, let amount), .temperature(_, let amount): quantity(amount)
    case .insufficient(let text): translations(text)
    case .noChange: break
    }
  }

  mutating func translations(_ text: TextSyntax) {
    for t in text.translations { add(t.language, .language) }
  }

  mutating func example(_ e: ExampleSyntax) {
    for part in e.parts {
      for field in part.fields {
        switch field.value {
        case .quantity(let q): quantity(q)
        case .tags(let tags):
          let source: TagSource = field.name.name == "flow" ? .shotFlow : .shotTaste
          for t in tags { add(t, .tag(source)) }
        case .adjustment(let a): action(a)
        }
      }
    }
    if case .action(let a) = e.expectation { action(a) }
  }

  /// Walks an expression without recursion: a condition may chain two thousand `and`s.
  mutating func expression(_ root: ConditionExpression) {
    var stack = [root]
    while let e = stack.popLast() {
      switch e.kind {
      case .missing: break
      case .literal(let q): quantity(q)
      case .name(let id): add(id, classify(id.name))
      case .negate(let x), .not(let x), .parenthesized(let x), .isKnown(let x): stack.append(x)
      case .arithmetic(_, let l, let r), .comparison(_, let l, let r), .and(let l, let r), .or(let l, let r):
        stack.append(r)
        stack.append(l)
      case .between(let x, let low, let high):
        stack.append(contentsOf: [high, low, x])
      case .has(let set, let tag):
        stack.append(set)
        // A tag word is a tag even after a set that is not one (`shot.time has sour`, an error).
        if let source = tagSource(of: set) ?? (FlowTag(rawValue: tag.name) != nil ? .shotFlow : nil)
          ?? (TasteTag(rawValue: tag.name) != nil ? .shotTaste : nil)
        {
          add(tag, .tag(source))
        }
      case .isPattern(let subject, let pattern):
        stack.append(subject)
        switch pattern.kind {
        case .grind(_, let amount), .yield(_, let amount), .temperature(_, let amount): quantity(amount)
        case .none, .noChange: break
        }
      }
    }
  }

  /// The tag set an expression names: `shot.taste`, or a `let` defined as one (followed as deep as
  /// the checker allows `let`s to chain).
  func tagSource(of expression: ConditionExpression) -> TagSource? {
    var e = expression
    for _ in 0...Checker.maxLetDepth {
      switch e.kind {
      case .parenthesized(let inner): e = inner
      case .name(let id):
        if let l = lets[id.name] { e = l.value } else { return TagSource(rawValue: id.name) }
      default: return nil
      }
    }
    return nil
  }

  /// What a bare name in an expression refers to, in the checker's order.
  func classify(_ name: String) -> Kind {
    if lets[name] != nil { return .letReference }
    if TasteTag(rawValue: name) != nil { return .tag(.shotTaste) }
    if FlowTag(rawValue: name) != nil { return .tag(.shotFlow) }
    return .observation
  }

  /// The name at `offset`: the one whose span contains it, or that ends exactly there (a cursor just
  /// after a word).
  func occurrence(at offset: Int) -> Occurrence? {
    var low = 0
    var high = occurrences.count
    while low < high {
      let mid = (low + high) / 2
      if occurrences[mid].span.end < offset { low = mid + 1 } else { high = mid }
    }
    var best: Occurrence?
    var i = low
    while i < occurrences.count, occurrences[i].span.start <= offset {
      let o = occurrences[i]
      if o.span.start <= offset && offset <= o.span.end {
        // Prefer the name the cursor is inside over one it merely touches.
        if best == nil || (offset < o.span.end) { best = o }
      }
      i += 1
    }
    return best
  }

  /// The definitions (the first is the one that counts; later ones are C003/C004 errors) and the
  /// uses of the `let` or rule an occurrence names, each in source order.
  func related(to o: Occurrence) -> (definitions: [SourceSpan], uses: [SourceSpan]) {
    let definition: Kind
    let use: Kind
    switch o.kind {
    case .letDefinition, .letReference: (definition, use) = (.letDefinition, .letReference)
    case .ruleDefinition, .ruleReference: (definition, use) = (.ruleDefinition, .ruleReference)
    default: return ([], [])
    }
    let named = occurrences.filter { $0.name == o.name }
    return (named.filter { $0.kind == definition }.map(\.span), named.filter { $0.kind == use }.map(\.span))
  }
}

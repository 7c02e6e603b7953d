import DialRules

/// `textDocument/completion`: what may come next at the cursor, from the tokens before it.
///
/// After `has` the tags of that set; after `is` the patterns; after `then` or `otherwise` the
/// actions; after a number the units; after `overrides` (or a comma in its list) the other rules'
/// ids; in a condition the observations, `let`s and bare tags; in an example the fields of the
/// part and their tags; elsewhere the keywords that can start a clause or a declaration.
enum CompletionFeature {
  /// LSP `CompletionItemKind`s used here.
  enum Kind: Int {
    case function = 3, field = 5, variable = 6, unit = 11, value = 12, keyword = 14, snippet = 15, reference = 18
    case enumMember = 20
  }

  struct Item {
    var label: String
    var kind: Kind
    var detail: String
    var snippet: String? = nil
  }

  static func complete(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    let cursor = try context.cursor(params)
    let model = context.model
    // Nothing to complete inside a comment or a string.
    if model.output.comments.contains(where: { $0.span.start < cursor && cursor <= $0.span.end }) { return [] }
    let tokens = model.tokens.filter { $0.kind != .endOfFile }
    if tokens.contains(where: { $0.kind == .string && $0.span.start < cursor && cursor < $0.span.end }) { return [] }
    var replaceStart = cursor
    var before = tokens.prefix { $0.span.end <= cursor }
    // A dotted name being typed (`previous.sh`, or `previous.` whose dot the lexer leaves out of
    // the name): complete its last part, replacing only what follows the last dot.
    var pathPrefix: String?
    let bytes = context.source.bytes
    if let last = before.last, last.kind == .name, last.span.end == cursor {
      replaceStart = last.span.start
      before = before.dropLast()
      if let dot = (last.span.start..<cursor).last(where: { bytes[$0] == UInt8(ascii: ".") }) {
        pathPrefix = String(decoding: bytes[last.span.start...dot], as: UTF8.self)
        replaceStart = dot + 1
      }
    } else if cursor > 0, bytes[cursor - 1] == UInt8(ascii: "."), let last = before.last, last.kind == .name,
      last.span.end == cursor - 1
    {
      pathPrefix = String(decoding: bytes[last.span.start..<cursor], as: UTF8.self)
      before = before.dropLast()
    }
    let items = candidates(Array(before), cursor: replaceStart, pathPrefix: pathPrefix, context: context)
    let span = SourceSpan(start: replaceStart, end: cursor)
    return .array(items.map { item($0, replacing: span, context) })
  }

  static func item(_ item: Item, replacing span: SourceSpan, _ context: FeatureContext) -> JSONValue {
    var out: JSONValue = [
      "label": .string(item.label), "kind": .int(item.kind.rawValue), "detail": .string(item.detail),
    ]
    if let snippet = item.snippet, context.capabilities.snippets {
      out["insertTextFormat"] = 2
      out["textEdit"] = context.edit(span, snippet)
    } else {
      out["textEdit"] = context.edit(span, item.label)
    }
    return out
  }

  /// The words that start a mode: the nearest one before the cursor says where it is.
  static let modeWords: Set<String> = [
    "dialrules", "ruleset", "limit", "otherwise", "require", "let", "rule", "when", "then", "because", "overrides",
    "example", "shot", "recipe", "previous", "expect",
  ]

  /// What fits at the cursor after the tokens `before`; with `pathPrefix` (`previous.`), only the
  /// parts of the names that continue it, where a name fits.
  static func candidates(_ before: [Token], cursor: Int, pathPrefix: String? = nil, context: FeatureContext)
    -> [Item]
  {
    let prev = before.last
    let sameLine =
      prev.map { context.source.lineIndex(of: $0.span.start) == context.source.lineIndex(of: cursor) } ?? false
    let mode = before.last { $0.kind == .name && modeWords.contains($0.text) }?.text
    let index = context.model.index
    if let pathPrefix {
      let nameFits = (mode == "when" || mode == "let") && !isOperand(prev) && prev?.text != "has" && prev?.text != "is"
      return nameFits ? nameParts(after: pathPrefix, index, usable: usableLets(index, defining: nil)) : []
    }
    switch prev?.kind {
    case .number? where sameLine && before.dropLast().last?.isWord("dialrules") != true: return units
    case .name? where prev?.text == "has":
      let owner = before.dropLast().last?.text
      let set = owner == "shot.flow" || owner == "previous.shot.flow" ? TagSource.shotFlow : .shotTaste
      return tags(set)
    case .name? where prev?.text == "is":
      // `previous.adjustment is PATTERN`; any other value or tag set `is known` (language §6.9).
      return before.dropLast().last?.text == "previous.adjustment" ? patterns : [Self.known]
    case .name? where prev?.text == "then" || prev?.text == "otherwise": return actions
    case .name? where prev?.text == "limit": return words(["grind", "yield", "temperature"], .keyword, "limit")
    case .name? where prev?.text == "require": return words(CompiledRules.Requirements.words, .keyword, "requirement")
    case .name? where prev?.text == "rule" || prev?.text == "let": return []
    default: break
    }
    switch mode {
    case "overrides" where prev?.text == "overrides" || prev?.kind == .comma:
      let current = before.last { $0.isWord("rule") }.flatMap { r in before.first { $0.span.start > r.span.end } }?.text
      return index.rules.keys.sorted().filter { $0 != current }.map { Item(label: $0, kind: .function, detail: "rule") }
    case "when", "let":
      if prev?.text == "let" || (mode == "let" && prev?.kind == .name && before.dropLast().last?.isWord("let") == true)
      {
        return []
      }
      let defining =
        mode == "let"
        ? before.last { $0.isWord("let") }.flatMap { l in before.first { $0.span.start > l.span.end } }?.text : nil
      return isOperand(prev) ? operators + clauseKeywords(before) : names(index, defining: defining)
    case "example":
      return parts
    case "shot", "recipe", "previous":
      let part = mode ?? "shot"
      if prev?.text == part || prev?.kind == .comma || prev?.kind == .semicolon {
        return words(Checker.exampleFields[part] ?? [], .field, "\(part) field")
      }
      if prev?.text == "taste" || (prev.map { TasteTag(rawValue: $0.text) != nil } ?? false) {
        return tags(.shotTaste) + (prev?.text == "taste" ? [Item(label: "none", kind: .value, detail: "no taste")] : [])
      }
      if prev?.text == "flow" || (prev.map { FlowTag(rawValue: $0.text) != nil } ?? false) {
        return tags(.shotFlow)
          + (prev?.text == "flow" ? [Item(label: "none", kind: .value, detail: "no flow problem")] : [])
      }
      if prev?.text == "adjustment" { return actions.filter { !$0.label.hasPrefix("insufficient") } }
      return parts
    case "expect":
      if prev?.text == "insufficient" { return words(Checker.expectableReasons, .value, "reason") }
      if prev?.text == "expect" {
        return actions.filter { !$0.label.hasPrefix("insufficient") } + [
          Item(label: "insufficient", kind: .keyword, detail: "explicit, conflict, incomplete or no_rule")
        ]
      }
      return clauseKeywords(before) + declarationKeywords
    case "ruleset", "limit", "otherwise", "require":
      return words(["limit", "otherwise", "require"], .keyword, "ruleset clause") + declarationKeywords
    case "dialrules", nil:
      return declarationKeywords
    default:
      return clauseKeywords(before) + declarationKeywords
    }
  }

  static func isOperand(_ token: Token?) -> Bool {
    guard let token else { return false }
    switch token.kind {
    case .number, .rightParen: return true
    case .name: return !["when", "and", "or", "not", "between", "has", "is", "="].contains(token.text)
    default: return false
    }
  }

  static func words(_ list: [String], _ kind: Kind, _ detail: String) -> [Item] {
    list.map { Item(label: $0, kind: kind, detail: detail) }
  }

  static let units: [Item] = [
    Item(label: "g", kind: .unit, detail: "grams"), Item(label: "s", kind: .unit, detail: "seconds"),
    Item(label: "C", kind: .unit, detail: "degrees Celsius"), Item(label: "step", kind: .unit, detail: "grinder step"),
    Item(label: "steps", kind: .unit, detail: "grinder steps"),
  ].filter { Parser.unitWords.contains($0.label) }

  static func tags(_ set: TagSource) -> [Item] {
    set.vocabulary.map { Item(label: $0, kind: .enumMember, detail: "\(set.rawValue) tag") }
  }

  static let patterns: [Item] = [
    ("none", "no adjustment was recorded"), ("no change", "the previous suggestion was no change"),
    ("grind", "any grind change"), ("grind finer", "finer, by any number of steps"),
    ("grind coarser", "coarser, by any number of steps"), ("yield", "any yield change"),
    ("temperature", "any temperature change"),
  ].map { Item(label: $0.0, kind: .value, detail: $0.1) }

  static let known = Item(label: "known", kind: .keyword, detail: "whether the value was recorded (never unknown)")

  static let actions: [Item] = [
    Item(label: "grind finer 1 step", kind: .value, detail: "action", snippet: "grind finer ${1:1} step"),
    Item(label: "grind coarser 1 step", kind: .value, detail: "action", snippet: "grind coarser ${1:1} step"),
    Item(label: "yield +2 g", kind: .value, detail: "action: a longer ratio", snippet: "yield +${1:2} g"),
    Item(label: "yield -2 g", kind: .value, detail: "action: a shorter ratio", snippet: "yield -${1:2} g"),
    Item(label: "temperature +1 C", kind: .value, detail: "action", snippet: "temperature +${1:1} C"),
    Item(label: "temperature -1 C", kind: .value, detail: "action", snippet: "temperature -${1:1} C"),
    Item(label: "no change", kind: .value, detail: "action"),
    Item(
      label: "insufficient \"…\"", kind: .value, detail: "a deliberate abstention, with the reason",
      snippet: "insufficient \"${1:reason}\""),
  ]

  static let operators: [Item] = [
    ("and", "both"), ("or", "either"), ("between", "inclusive range: x between a and b"),
    ("has", "tag test: shot.taste has sour"), ("is", "pattern test: previous.adjustment is grind finer"),
  ].map { Item(label: $0.0, kind: .keyword, detail: $0.1) }

  static let parts: [Item] = [
    Item(label: "shot", kind: .keyword, detail: "the shot's fields"),
    Item(label: "recipe", kind: .keyword, detail: "the recipe's fields"),
    Item(label: "previous", kind: .keyword, detail: "the previous shot and adjustment"),
    Item(label: "expect", kind: .keyword, detail: "the decision the table must give"),
  ]

  static let declarationKeywords: [Item] = [
    Item(
      label: "rule", kind: .keyword, detail: "a rule",
      snippet: "rule ${1:id}\n  when ${2:condition}\n  then ${3:action}\n  because \"${4:why}\""),
    Item(label: "let", kind: .keyword, detail: "a named value or condition", snippet: "let ${1:name} = ${2}"),
  ]

  /// The clauses a rule can still take (inside a rule), or none at the top level.
  static func clauseKeywords(_ before: [Token]) -> [Item] {
    guard before.contains(where: { $0.isWord("rule") }) else { return [] }
    return [
      Item(label: "when", kind: .keyword, detail: "the rule's condition"),
      Item(label: "then", kind: .keyword, detail: "the rule's action"),
      Item(label: "because", kind: .keyword, detail: "why the rule makes sense", snippet: "because \"${1:why}\""),
      Item(label: "overrides", kind: .keyword, detail: "the rules this one wins over"),
      Item(label: "example", kind: .keyword, detail: "a shot and the decision it must get"),
    ]
  }

  /// The `let`s a definition of `defining` may use: not itself, nor one that uses it (directly
  /// or through others), which would make a cycle (C005). All of them outside a `let`.
  static func usableLets(_ index: SymbolIndex, defining: String?) -> [String] {
    let all = index.lets.keys.sorted()
    guard let defining, index.lets[defining] != nil else { return all }
    // Which lets each let's value names.
    var uses: [String: Set<String>] = [:]
    for (name, l) in index.lets {
      uses[name] = Set(
        index.occurrences.filter { o in
          o.kind == .letReference && o.span.start > l.name.span.end && o.span.end <= l.span.end
        }.map(\.name))
    }
    func reaches(_ from: String) -> Bool {
      var seen: Set<String> = []
      var pending = [from]
      while let n = pending.popLast() {
        if n == defining { return true }
        if seen.insert(n).inserted { pending += uses[n] ?? [] }
      }
      return false
    }
    return all.filter { !reaches($0) }
  }

  /// Everything a condition can name: observations, the file's `let`s (those that `defining`, the
  /// `let` being written, may use), bare tags, and `not`.
  static func names(_ index: SymbolIndex, defining: String? = nil) -> [Item] {
    var out: [Item] = []
    for name in Checker.nameCandidates {
      if let facts = HoverFeature.observationFacts(name) {
        out.append(Item(label: name, kind: .field, detail: plainType(facts.type)))
      } else if TasteTag(rawValue: name) != nil {
        out.append(Item(label: name, kind: .enumMember, detail: "shot.taste has \(name)"))
      } else if FlowTag(rawValue: name) != nil {
        out.append(Item(label: name, kind: .enumMember, detail: "shot.flow has \(name)"))
      }
    }
    out += usableLets(index, defining: defining).map { Item(label: $0, kind: .variable, detail: "let") }
    out.append(Item(label: "not", kind: .keyword, detail: "negation"))
    return out
  }

  /// The next part of every name that continues `prefix`: after `previous.` the words
  /// `adjustment` and `shot.` (a part that goes on ends in its dot), after `previous.shot.` the
  /// fields. These are the names the checker accepts (`Checker.nameCandidates`) and the `let`s.
  static func nameParts(after prefix: String, _ index: SymbolIndex, usable lets: [String]) -> [Item] {
    var seen = Set<String>()
    var out: [Item] = []
    for name in Checker.nameCandidates + lets where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard !rest.isEmpty else { continue }
      let part = rest.firstIndex(of: ".").map { String(rest[...$0]) } ?? String(rest)
      guard seen.insert(part).inserted else { continue }
      if part.hasSuffix(".") {
        out.append(Item(label: part, kind: .field, detail: prefix + part + "…"))
      } else if let facts = HoverFeature.observationFacts(name) {
        out.append(Item(label: part, kind: .field, detail: plainType(facts.type)))
      } else {
        out.append(Item(label: part, kind: .variable, detail: name))
      }
    }
    return out
  }

  static func plainType(_ markdown: String) -> String { markdown.filter { $0 != "`" } }
}

/// Prints a rule file in the one canonical layout: clauses on their own lines, two-space clause
/// indentation, four for example parts, single spaces around operators, at most one blank line,
/// every comment kept.
///
/// It works from the syntax tree (never the checked model) plus the comments and the source's
/// blank lines. Comments are attached to the next declaration or clause that follows them, or kept
/// at the end of the line they ended; blank lines between declarations are kept (collapsed to
/// one), and every rule is set off by a blank line.
struct RuleFormatter {
  /// Conditions longer than this are broken before each top-level `and`/`or`.
  static let lineWidth = 100

  let source: SourceFile
  let comments: [SourceComment]
  var nextComment = 0
  var out = ""
  /// Where the element being printed starts in `out` (after its leading comments), and its
  /// indentation: a trailing comment too long to share its line moves there.
  var elementStart = 0
  var elementIndent = ""

  init(source: SourceFile, comments: [SourceComment]) {
    self.source = source
    self.comments = comments
  }

  /// The canonical text of a parsed file. The caller must only pass trees without parse errors.
  static func format(_ tree: RuleFile, comments: [SourceComment], source: SourceFile) -> String {
    var f = RuleFormatter(source: source, comments: comments)
    f.file(tree)
    return f.out
  }

  // MARK: - Comments and blank lines

  /// Emits the comments that start before `offset`, each on its own line at `indent`, keeping one
  /// blank line where the source had blank lines between them.
  mutating func leadingComments(before offset: Int, indent: String) {
    var emitted = false
    while nextComment < comments.count, comments[nextComment].span.start < offset {
      let c = comments[nextComment]
      if blankLineBefore(c.span.start), !out.isEmpty, !out.hasSuffix("\n\n") { out += "\n" }
      out += commentLine(c, indent: indent)
      nextComment += 1
      emitted = true
    }
    // A section comment set off from the code below it stays set off.
    if emitted, offset < source.bytes.count, blankLineBefore(offset) { out += "\n" }
  }

  /// A comment that follows the last printed node on the line where it ended stays there —
  /// unless the line would then be longer than the lexer accepts: then it goes on its own line
  /// before the element, where formatting the output again finds it as a leading comment.
  ///
  /// Only the node the comment directly follows takes it: on a one-line statement
  /// (`rule a when sour then … because "x"  # why`) that is the last clause, not the header,
  /// which is printed first and also ends on that line.
  mutating func trailingComment(afterLineOf offset: Int) {
    guard nextComment < comments.count else { return }
    let c = comments[nextComment]
    let line = source.lineIndex(of: max(0, offset - 1))
    guard source.lineIndex(of: c.span.start) == line, c.span.start >= offset,
      source.bytes[offset..<c.span.start].allSatisfy({ Self.separatorBytes.contains($0) })
    else { return }
    nextComment += 1
    let trailing = "  #" + trimmedTrailing(c.text)
    if lastLineLength() + trailing.utf8.count <= Lexer.maxLineLength {
      if out.hasSuffix("\n") { out.removeLast() }
      out += trailing + "\n"
    } else {
      let at = out.utf8.index(out.utf8.startIndex, offsetBy: min(elementStart, out.utf8.count))
      out.insert(contentsOf: commentLine(c, indent: elementIndent), at: at)
    }
  }

  /// What may stand between a node and a comment that trails it: spaces, tabs, and the comma or
  /// semicolon that ends a list item or an example part.
  static let separatorBytes: Set<UInt8> = [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: ";")]

  /// Whether the source has at least one empty line just before `offset`'s line.
  func blankLineBefore(_ offset: Int) -> Bool {
    let line = source.lineIndex(of: offset)
    guard line > 0 else { return false }
    return source.lineBytes(line - 1).allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  func trimmedTrailing(_ s: String) -> String {
    var t = Substring(s)
    while let last = t.last, last == " " || last == "\t" || last == "\r" { t = t.dropLast() }
    return String(t)
  }

  mutating func line(_ text: String, indent: String, start: Int, end: Int) {
    leadingComments(before: start, indent: indent)
    beginElement(indent: indent)
    emit(text, indent: indent)
    trailingComment(afterLineOf: end)
  }

  // MARK: - Declarations

  mutating func file(_ tree: RuleFile) {
    if let v = tree.version {
      line("dialrules " + number(v.number), indent: "", start: v.span.start, end: v.span.end)
    }
    if let r = tree.ruleset {
      blankLine()
      rulesetDeclaration(r)
    }
    var previousWasRule = true
    for (i, d) in tree.declarations.enumerated() {
      let isRule: Bool
      switch d {
      case .rule, .property: isRule = true
      case .letBinding: isRule = false
      }
      // Rules always stand apart; lets keep the grouping the author chose.
      if i == 0 || isRule || previousWasRule || blankLineBefore(firstOffset(of: d)) { blankLine() }
      switch d {
      case .letBinding(let l): letDeclaration(l)
      case .rule(let r): ruleDeclaration(r)
      case .property(let p): propertyDeclaration(p)
      }
      previousWasRule = isRule
    }
    // Comments after the last declaration.
    if nextComment < comments.count {
      blankLine()
      leadingComments(before: Int.max, indent: "")
    }
  }

  /// Where a declaration's own text or its leading comments start, for blank-line decisions.
  func firstOffset(of d: Declaration) -> Int {
    if nextComment < comments.count, comments[nextComment].span.start < d.span.start {
      return comments[nextComment].span.start
    }
    return d.span.start
  }

  mutating func blankLine() {
    if !out.isEmpty && !out.hasSuffix("\n\n") { out += "\n" }
  }

  mutating func rulesetDeclaration(_ r: RulesetDeclaration) {
    var head = "ruleset " + string(r.name.value)
    if let d = r.description { head += " " + string(d.value) }
    line(head, indent: "", start: r.span.start, end: r.description?.span.end ?? r.name.span.end)
    for clause in r.clauses {
      switch clause {
      case .limit(let kind, let amount, let location):
        line("limit \(kind.name) \(quantity(amount))", indent: "  ", start: location.span.start, end: location.span.end)
      case .otherwise(let action, let location):
        actionLines("otherwise", action, indent: "  ", location: location)
      case .require(let what, let location):
        line("require \(what.name)", indent: "  ", start: location.span.start, end: location.span.end)
      case .languages(let codes, let location):
        line(
          (["languages"] + codes.map { $0.name }).joined(separator: " "), indent: "  ", start: location.span.start,
          end: location.span.end)
      }
    }
  }

  mutating func letDeclaration(_ l: LetDeclaration) {
    let text = "let \(l.name.name) = " + expression(l.value)
    line(text, indent: "", start: l.span.start, end: l.span.end)
  }

  mutating func ruleDeclaration(_ r: RuleDeclaration) {
    line("rule " + r.id.name, indent: "", start: r.span.start, end: r.id.span.end)
    let sorted = Self.canonicalOrder(r.clauses).enumerated()
    for (_, clause) in sorted {
      switch clause {
      case .when(let e, let location):
        condition(e, start: location.span.start, end: location.span.end)
      case .then(let a, let location):
        actionLines("then", a, indent: "  ", location: location)
      case .because(let s, let location):
        textLines("because " + string(s.value), s, indent: "  ", start: location.span.start)
      case .overrides(let ids, let location):
        line(
          "overrides " + ids.map { $0.name }.joined(separator: ", "), indent: "  ", start: location.span.start,
          end: location.span.end)
      case .example(let e):
        example(e)
      }
    }
  }

  /// A property, its clauses in the order written (their order carries no meaning).
  mutating func propertyDeclaration(_ p: PropertyDeclaration) {
    line("property " + p.id.name, indent: "", start: p.span.start, end: p.id.span.end)
    for clause in p.clauses {
      switch clause {
      case .when(let e, let location):
        condition(e, start: location.span.start, end: location.span.end)
      case .always(let patterns, let location), .never(let patterns, let location):
        let word: String
        if case .always = clause { word = "always" } else { word = "never" }
        line(
          word + " " + patterns.map(outcomePattern).joined(separator: " or "), indent: "  ",
          start: location.span.start, end: location.span.end)
      case .because(let s, let location):
        textLines("because " + string(s.value), s, indent: "  ", start: location.span.start)
      }
    }
  }

  /// `then …` or `otherwise …`: one line, and for `insufficient "…"` one more per translation.
  mutating func actionLines(_ keyword: String, _ a: ActionSyntax, indent: String, location: NodeSpan) {
    guard case .insufficient(let text) = a.kind else {
      line(keyword + " " + action(a), indent: indent, start: location.span.start, end: location.span.end)
      return
    }
    textLines(keyword + " " + action(a), text, indent: indent, start: location.span.start)
  }

  /// A clause ending in a text, then the text's translations (`de "…"`) in the order written. A
  /// translation stays where it was written: on the line of the text before it, or starting a line
  /// of its own two spaces deeper. Written on one line, translations move no later line, so the
  /// rules' places (`file:line:col` in explanations and goldens) stay what they were.
  mutating func textLines(_ head: String, _ text: TextSyntax, indent: String, start: Int) {
    var groups: [[TranslationSyntax]] = [[]]
    var previousEnd = text.english.span.end
    for t in text.translations {
      if source.lineIndex(of: t.span.start) != source.lineIndex(of: max(0, previousEnd - 1)) { groups.append([]) }
      groups[groups.count - 1].append(t)
      previousEnd = t.span.end
    }
    func joined(_ ts: [TranslationSyntax]) -> String {
      ts.map { $0.language.name + " " + string($0.text.value) }.joined(separator: " ")
    }
    let first = groups[0]
    line(
      first.isEmpty ? head : head + " " + joined(first), indent: indent, start: start,
      end: first.last?.span.end ?? text.english.span.end)
    for group in groups.dropFirst() {
      guard let a = group.first, let b = group.last else { continue }
      line(joined(group), indent: indent + "  ", start: a.span.start, end: b.span.end)
    }
  }

  /// Clauses in canonical order — when, then, because, overrides, then examples as written.
  /// Clause order carries no meaning, so the soundness check compares trees in this order too.
  static func canonicalOrder(_ clauses: [RuleClause]) -> [RuleClause] {
    let order = ["when", "then", "because", "overrides"]
    return clauses.enumerated().sorted { a, b in
      let ka = order.firstIndex(of: keyword(a.element)) ?? order.count
      let kb = order.firstIndex(of: keyword(b.element)) ?? order.count
      return (ka, a.offset) < (kb, b.offset)
    }.map { $0.element }
  }

  static func keyword(_ c: RuleClause) -> String {
    switch c {
    case .when: "when"
    case .then: "then"
    case .because: "because"
    case .overrides: "overrides"
    case .example: "example"
    }
  }

  /// `when …` on one line, or broken before each top-level `and`/`or` when too long.
  mutating func condition(_ e: ConditionExpression, start: Int, end: Int) {
    let flat = "when " + expression(e)
    if flat.count + 2 <= Self.lineWidth {
      line(flat, indent: "  ", start: start, end: end)
      return
    }
    let (parts, word) = topLevelParts(e)
    guard parts.count > 1 else {
      line(flat, indent: "  ", start: start, end: end)
      return
    }
    leadingComments(before: start, indent: "  ")
    beginElement(indent: "  ")
    emit("when " + expression(parts[0]), indent: "  ")
    for p in parts.dropFirst() { emit("\(word) " + expression(p), indent: "    ") }
    trailingComment(afterLineOf: end)
  }

  /// The operands of a top-level chain of one connective (`a and b and c`).
  func topLevelParts(_ e: ConditionExpression) -> ([ConditionExpression], String) {
    func collect(_ e: ConditionExpression, and: Bool) -> [ConditionExpression] {
      switch (e.kind, and) {
      case (.and(let l, let r), true), (.or(let l, let r), false): return collect(l, and: and) + collect(r, and: and)
      default: return [e]
      }
    }
    switch e.kind {
    case .and: return (collect(e, and: true), "and")
    case .or: return (collect(e, and: false), "or")
    default: return ([e], "")
    }
  }

  mutating func example(_ e: ExampleSyntax) {
    var head = "example"
    if let name = e.name { head += " " + string(name.value) }
    let headEnd = e.name?.span.end ?? (e.span.start + "example".utf8.count)
    line(head, indent: "  ", start: e.span.start, end: headEnd)
    for part in e.parts {
      let fields = part.fields.map(exampleField).joined(separator: ", ")
      line(part.target.name + " " + fields, indent: "    ", start: part.span.start, end: part.span.end)
    }
    if let x = e.expectation {
      let text: String
      switch x {
      case .action(let a): text = action(a)
      case .insufficient(let reason, _): text = "insufficient " + reason.name
      }
      line("expect " + text, indent: "    ", start: x.span.start, end: x.span.end)
    }
  }

  func exampleField(_ f: ExampleField) -> String {
    switch f.value {
    case .quantity(let q): return "\(f.name.name) \(quantity(q))"
    case .tags(let tags):
      return "\(f.name.name) " + (tags.isEmpty ? "none" : tags.map { $0.name }.joined(separator: " "))
    case .adjustment(let a): return "\(f.name.name) " + action(a)
    }
  }
}

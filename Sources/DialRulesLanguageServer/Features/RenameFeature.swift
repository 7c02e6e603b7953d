import DialRules

/// `textDocument/prepareRename` and `textDocument/rename` for `let` names and rule ids.
///
/// A rename changes the definition and every use in one edit. It is refused (an error response,
/// the file unchanged) when the new name is not a name, is a reserved word, or is already taken —
/// by another `let` or rule, or, for a `let`, by an observation or a tag word, which a `let` of
/// that name would silently replace in every condition.
enum RenameFeature {
  static func prepare(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard let o = renamable(try context.cursor(params), context) else { return .null }
    return ["range": context.range(o.span), "placeholder": .string(o.name)]
  }

  static func rename(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    let newName = try params["newName"].string()
    guard let o = renamable(try context.cursor(params), context) else {
      throw ResponseError.requestFailed("only a 'let' name or a rule id can be renamed")
    }
    if let problem = problem(renaming: o, to: newName, context.model.index) {
      throw ResponseError.requestFailed(problem)
    }
    let (definitions, uses) = context.model.index.related(to: o)
    return context.workspaceEdit((definitions + uses).sorted().map { context.edit($0, newName) })
  }

  static func renamable(_ offset: Int, _ context: FeatureContext) -> SymbolIndex.Occurrence? {
    guard let o = context.model.index.occurrence(at: offset) else { return nil }
    switch o.kind {
    case .letDefinition, .letReference, .ruleDefinition, .ruleReference: return o
    default: return nil
    }
  }

  /// Why `newName` cannot replace the name of `o`, or nil when it can.
  static func problem(renaming o: SymbolIndex.Occurrence, to newName: String, _ index: SymbolIndex) -> String? {
    let bytes = Array(newName.utf8)
    func isStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
    guard let first = bytes.first, isStart(first), bytes.allSatisfy({ isStart($0) || ($0 >= 0x30 && $0 <= 0x39) })
    else {
      return "'\(newName)' is not a valid name: use letters, digits and '_', starting with a letter or '_'"
    }
    if Parser.reservedWords.contains(newName) { return "'\(newName)' is a reserved word" }
    if newName == o.name { return nil }
    switch o.kind {
    case .ruleDefinition, .ruleReference:
      if index.rules[newName] != nil { return "a rule named '\(newName)' already exists" }
    default:
      if index.lets[newName] != nil { return "a 'let' named '\(newName)' already exists" }
      if HoverFeature.observationFacts(newName) != nil { return "'\(newName)' is an observation" }
      if TasteTag(rawValue: newName) != nil || FlowTag(rawValue: newName) != nil {
        return "'\(newName)' is a tag word; a 'let' of that name would replace it in every condition"
      }
    }
    return nil
  }
}

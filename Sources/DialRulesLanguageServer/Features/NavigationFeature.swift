import DialRules

/// `textDocument/definition`, `textDocument/references` and `textDocument/documentHighlight` for
/// `let` names and rule ids (the rule ids a rule lists after `overrides`).
enum NavigationFeature {
  /// Where the `let` or rule under the cursor is defined.
  static func definition(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard let o = context.model.index.occurrence(at: try context.cursor(params)),
      let first = context.model.index.related(to: o).definitions.first
    else { return .null }
    return context.location(first)
  }

  /// Every use of the `let` or rule under the cursor, and its definition when the client asks.
  static func references(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard let o = context.model.index.occurrence(at: try context.cursor(params)) else { return [] }
    let (definitions, uses) = context.model.index.related(to: o)
    let withDeclaration = try params["context"]["includeDeclaration"].optionalBool() ?? false
    let spans = (withDeclaration ? definitions : []) + uses
    return .array(spans.sorted().map(context.location))
  }

  /// The definition (written, kind 3) and uses (read, kind 2) of the name under the cursor.
  static func highlights(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard let o = context.model.index.occurrence(at: try context.cursor(params)) else { return [] }
    let (definitions, uses) = context.model.index.related(to: o)
    let marked = definitions.map { ($0, 3) } + uses.map { ($0, 2) }
    return .array(marked.sorted { $0.0 < $1.0 }.map { ["range": context.range($0.0), "kind": .int($0.1)] })
  }
}

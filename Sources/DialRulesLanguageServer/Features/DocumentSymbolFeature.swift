import DialRules

/// `textDocument/documentSymbol`: the outline — the ruleset, each `let`, each rule with its
/// examples inside it. Hierarchical when the client supports it, a flat list otherwise.
enum DocumentSymbolFeature {
  /// LSP `SymbolKind`s used here.
  enum Kind: Int {
    case module = 2, interface = 11, function = 12, variable = 13, event = 24
  }

  struct Symbol {
    var name: String
    var detail: String
    var kind: Kind
    var span: SourceSpan
    var selection: SourceSpan
    var children: [Symbol] = []
  }

  static func symbols(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    let tree = context.model.output.syntax
    var symbols: [Symbol] = []
    if let ruleset = tree.ruleset {
      symbols.append(
        Symbol(
          name: ruleset.name.value.isEmpty ? "ruleset" : ruleset.name.value,
          detail: ruleset.description?.value ?? "ruleset", kind: .module, span: ruleset.span,
          selection: ruleset.name.span))
    }
    for declaration in tree.declarations {
      switch declaration {
      case .letBinding(let l) where !l.name.name.isEmpty:
        symbols.append(
          Symbol(
            name: l.name.name, detail: context.source.text(of: l.value.span), kind: .variable, span: l.span,
            selection: l.name.span))
      case .rule(let r) where !r.id.name.isEmpty:
        var rule = Symbol(name: r.id.name, detail: "", kind: .function, span: r.span, selection: r.id.span)
        var number = 0
        for clause in r.clauses {
          switch clause {
          case .then(let action, _): rule.detail = context.source.text(of: action.span)
          case .example(let e):
            number += 1
            let expect = e.expectation.map { "expect " + context.source.text(of: $0.span) } ?? ""
            rule.children.append(
              Symbol(
                name: e.name?.value ?? "example \(number)", detail: expect, kind: .event, span: e.span,
                selection: e.name?.span ?? SourceSpan(start: e.span.start, end: min(e.span.end, e.span.start + 7))))
          default: break
          }
        }
        symbols.append(rule)
      case .property(let p) where !p.id.name.isEmpty:
        var detail = "property"
        for case .always(_, let l) in p.clauses { detail = context.source.text(of: l.span) }
        for case .never(_, let l) in p.clauses { detail = context.source.text(of: l.span) }
        symbols.append(Symbol(name: p.id.name, detail: detail, kind: .interface, span: p.span, selection: p.id.span))
      default: break
      }
    }
    if context.capabilities.hierarchicalSymbols { return .array(symbols.map { nested($0, context) }) }
    var flat: [JSONValue] = []
    for s in symbols {
      flat.append(information(s, container: nil, context))
      flat += s.children.map { information($0, container: s.name, context) }
    }
    return .array(flat)
  }

  static func nested(_ s: Symbol, _ context: FeatureContext) -> JSONValue {
    var out: JSONValue = [
      "name": .string(s.name), "kind": .int(s.kind.rawValue), "range": context.range(s.span),
      "selectionRange": context.range(s.selection),
    ]
    if !s.detail.isEmpty { out["detail"] = .string(s.detail) }
    if !s.children.isEmpty { out["children"] = .array(s.children.map { nested($0, context) }) }
    return out
  }

  static func information(_ s: Symbol, container: String?, _ context: FeatureContext) -> JSONValue {
    var out: JSONValue = [
      "name": .string(s.name), "kind": .int(s.kind.rawValue), "location": context.location(s.span),
    ]
    if let container { out["containerName"] = .string(container) }
    return out
  }
}

import DialRules

/// `textDocument/codeLens`: above each rule, how its inline examples fare against the whole table
/// (`ExampleRunner`, as `dialrules test` runs them) — "✓ 2 examples pass", "✗ 1 of 2 examples
/// fail", "no examples". Running the lens's command (`workspace/executeCommand`) shows the
/// failing examples with what they got. A file that does not check has no lenses: its examples
/// cannot run.
enum CodeLensFeature {
  static func lenses(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard let rules = context.model.compiled else { return [] }
    let results = Dictionary(grouping: ExampleRunner.run(rules), by: \.ruleID)
    // Above each property, once the analysis ran: "proved", "fails: witness …" or "not proved".
    let propertyLenses: [JSONValue] = (context.analysis?.properties ?? []).compactMap { verdict in
      guard verdict.index < rules.properties.count else { return nil }
      return [
        "range": context.range(rules.properties[verdict.index].idSpan),
        "command": ["title": .string(propertyTitle(verdict)), "command": .string("")],
      ]
    }
    return .array(
      propertyLenses
        + rules.rules.map { rule in
          let mine = results[rule.id] ?? []
          let failed = mine.filter { !$0.passed }.count
          let title: String
          if mine.isEmpty {
            title = "no examples"
          } else if failed == 0 {
            title = "✓ \(mine.count == 1 ? "1 example passes" : "\(mine.count) examples pass")"
          } else {
            title = "✗ \(failed) of \(mine.count) example\(mine.count == 1 ? "" : "s") fail\(failed == 1 ? "s" : "")"
          }
          return [
            "range": context.range(rule.idSpan),
            "command": [
              "title": .string(title), "command": .string(ServerCapabilities.showExamplesCommand),
              "arguments": [.string(context.uri), .string(rule.id)],
            ],
          ]
        })
  }

  /// The lens of a property: `✓ proved`, `✗ fails: witness {…}` (the shot JSON, which `explain`
  /// confirms), or `? not proved: why`.
  static func propertyTitle(_ verdict: PropertyVerdict) -> String {
    switch verdict.status {
    case .proved: return "✓ proved"
    case .fails: return "✗ fails: witness " + (verdict.witness?.jsonText ?? "")
    case .undecided: return "? not proved: " + (verdict.reason ?? "")
    }
  }

  /// `dialrules.showExamples URI RULE`: the rule's examples and their results, shown to the user
  /// and returned as text.
  static func execute(_ params: Params, server: LanguageServer) throws(ResponseError) -> JSONValue {
    let command = try params["command"].string()
    guard command == ServerCapabilities.showExamplesCommand else {
      throw ResponseError.invalidParams("params.command: unknown command '\(command)'")
    }
    let arguments = try params["arguments"].array()
    guard arguments.count == 2 else {
      throw ResponseError.invalidParams("params.arguments: expected a document URI and a rule id")
    }
    let uri = try arguments[0].string()
    let id = try arguments[1].string()
    guard let context = try server.context(for: uri) else {
      throw ResponseError.requestFailed("'\(uri)' is not open")
    }
    guard let rules = context.model.compiled else {
      throw ResponseError.requestFailed("the file has errors, so its examples cannot run")
    }
    guard rules.index(of: id) != nil else { throw ResponseError.requestFailed("there is no rule '\(id)'") }
    let text = "rule \(id): " + HoverFeature.examplesSummary(ExampleRunner.run(rules).filter { $0.ruleID == id })
    server.show(text)
    return .string(text)
  }
}

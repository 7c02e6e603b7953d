/// Canonical one-line text for pieces of syntax, as the formatter prints them: for reports such as
/// `diff` that quote conditions and actions.
enum SyntaxText {
  static func expression(_ e: ConditionExpression) -> String {
    RuleFormatter(source: SourceFile(path: "", bytes: []), comments: []).expression(e)
  }

  static func action(_ a: ActionSyntax) -> String {
    RuleFormatter(source: SourceFile(path: "", bytes: []), comments: []).action(a)
  }
}

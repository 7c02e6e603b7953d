/// Canonical one-line text for pieces of syntax, as the formatter prints them: for reports such as
/// `diff` that quote conditions and actions.
public enum SyntaxText {
  public static func expression(_ e: Expression) -> String {
    Formatter(source: SourceFile(path: "", bytes: []), comments: []).expression(e)
  }

  public static func action(_ a: ActionSyntax) -> String {
    Formatter(source: SourceFile(path: "", bytes: []), comments: []).action(a)
  }
}

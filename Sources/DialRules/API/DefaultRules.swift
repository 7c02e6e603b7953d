/// The default espresso rules, version 2 (docs/default-rules.md), built into the library so every
/// embedder (and `dialshot`) can decide without a rules file. `RuleSet.defaultEspresso` is the
/// compiled form.
///
/// The text is `rules/espresso.dialrules` itself: `Sources/DialRules/Resources/espresso.dialrules`
/// is a symbolic link to it, and the package embeds it in the code (`resources:
/// [.embedInCode(…)]`), so the build tracks every edit of the file and there is no copy to keep in
/// step.
package enum DefaultRules {
  /// The name shown in diagnostics and explanations.
  static let path = "<built-in>/espresso.dialrules"

  /// The text of `rules/espresso.dialrules`.
  package static let source = String(decoding: PackageResources.espresso_dialrules, as: UTF8.self)
}

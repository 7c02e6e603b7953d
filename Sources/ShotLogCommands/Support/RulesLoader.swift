import CommandLineSupport
import DialRules
import ShotLog

/// Finds the rules a command evaluates with: `--rules FILE`, else `$DIALSHOT_RULES`, else the
/// file set with `dialshot config rules`, else the default rules built into the binary.
enum RulesLoader {
  /// The configured rule file, or nil for the built-in rules.
  static func path(_ context: CommandContext, store: ShotLogStore) throws -> String? {
    if let path = context.arguments.value("--rules") { return path }
    if let path = context.environment.variables["DIALSHOT_RULES"], !path.isEmpty { return path }
    return try store.setting(.rulesFile)
  }

  /// The compiled rules. A rule file that cannot be read or does not compile is an input error
  /// (status 2) showing its diagnostics; nothing is logged with rules that do not work. The rules
  /// become the presentation's, so their translated texts word what they decided.
  static func rules(_ context: CommandContext, store: ShotLogStore) throws -> RuleSet {
    let rules = try load(context, store: store)
    context.presentation.rules = rules
    return rules
  }

  /// The configured rules for wording what they decided (their translated texts), without a word
  /// on standard error: nil when there is no rule file, or it cannot be read or does not compile
  /// (the review then shows the texts as stored). Only for a language other than English.
  static func forWording(_ context: CommandContext, store: ShotLogStore) {
    guard context.presentation.language != .english else { return }
    if let override = context.environment.rulesOverride {
      context.presentation.rules = override
      return
    }
    guard let path = try? path(context, store: store),
      case .success(let rules) = RuleFiles.load(path, io: context.io, shown: .nothing)
    else { return }
    context.presentation.rules = rules
  }

  private static func load(_ context: CommandContext, store: ShotLogStore) throws -> RuleSet {
    if let override = context.environment.rulesOverride { return override }
    guard let path = try path(context, store: store) else { return RuleSet.defaultEspresso }
    return try compile(path, context)
  }

  /// The rules of the file at `path`, loaded through `RuleFiles` as `dialrules` loads them. A
  /// file that cannot be read is its file error; one that does not compile shows its errors and
  /// is an input error (status 2).
  static func compile(_ path: String, _ context: CommandContext) throws -> RuleSet {
    switch RuleFiles.load(path, io: context.io) {
    case .success(let rules):
      return rules
    case .failure(.unreadable(let error)):
      throw error
    case .failure(.doesNotCompile):
      throw CommandError(
        .invalid, "\(path): the rules do not compile; fix the errors above",
        de: "\(path): die Regeln lassen sich nicht übersetzen; erst die Fehler oben beheben",
        es: "\(path): las reglas no compilan; corrige los errores de arriba")
    }
  }
}

import ShotLog

/// Finds the rules a command evaluates with: `--rules FILE`, else `$DIALSHOT_RULES`, else the
/// file set with `dialshot config rules`, else the default rules built into the binary.
enum RulesLoader {
  /// Where the rules come from, for messages.
  static func source(_ context: CommandContext, store: ShotLogStore) throws -> String? {
    if let path = context.arguments.value("--rules") { return path }
    if let path = context.environment.variables["DIALSHOT_RULES"], !path.isEmpty { return path }
    return try store.setting("rules_file")
  }

  /// The decider to use, or nil when this build cannot evaluate rules.
  static func decider(_ context: CommandContext, store: ShotLogStore) throws -> (any Decider)? {
    if let override = context.environment.rulesOverride { return override }
    if let path = try source(context, store: store) {
      throw ShotLogError(
        .invalid, "\(path): this build of dialshot cannot evaluate rule files yet (the rule evaluator is not built in)")
    }
    return nil
  }
}

import CommandLineSupport
import ShotLog

/// `dialshot config`: which rule file suggestions use when --rules is not given.
enum ConfigCommand: Command {
  static let name = "config"
  static let abstract = "Show or set the rules file used for suggestions"
  static let usage = ["dialshot config", "dialshot config rules FILE", "dialshot config rules --clear"]
  static let details = """
    Rules are looked up in this order: --rules FILE, $DIALSHOT_RULES, the file set here, and
    finally the default espresso rules built into dialshot (so it works from any directory).

    Options:
      --clear    forget the configured file and use the built-in rules again
    """
  static let spec = ArgumentSpec(flags: ["--clear"], minPositionals: 0, maxPositionals: 2)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard let key = arguments.positionals.first else {
      let store = try context.store(.readOnly)
      let p = context.presentation
      let builtIn = p.pick(
        "(built-in default rules)", de: "(eingebaute Standardregeln)", es: "(reglas integradas por defecto)")
      context.out.line(p.pick("rules: ", de: "Regeln: ", es: "reglas: ") + (try store.setting(.rulesFile) ?? builtIn))
      context.out.line(
        p.pick("machine note: ", de: "Maschinennotiz: ", es: "nota de la máquina: ")
          + (try store.setting(.machineNote) ?? p.pick("(none)", de: "(keine)", es: "(ninguna)")))
      return .success
    }
    guard key == "rules" else {
      throw UsageError(
        "unknown setting '\(key)'; expected 'rules'", de: "unbekannte Einstellung '\(key)'; erwartet 'rules'",
        es: "ajuste desconocido '\(key)'; se esperaba 'rules'")
    }
    let store = try context.store()
    if arguments.flag("--clear") {
      if arguments.positionals.count > 1 {
        throw UsageError(
          "give a FILE or --clear, not both", de: "FILE oder --clear angeben, nicht beides",
          es: "indica FILE o --clear, no los dos")
      }
      try store.setSetting(.rulesFile, nil)
      context.out.line(
        context.presentation.pick(
          "Using the built-in rules.", de: "Es gelten wieder die eingebauten Regeln.",
          es: "Se usan las reglas integradas."))
      return .success
    }
    guard arguments.positionals.count == 2 else {
      throw UsageError(
        "'config rules' needs a FILE or --clear", de: "'config rules' braucht FILE oder --clear",
        es: "'config rules' necesita FILE o --clear")
    }
    let path = arguments.positionals[1]
    guard InputFiles.exists(path, io: context.io) else {
      throw CommandError(
        .notFound, "\(path): no such file", de: "\(path): Datei nicht gefunden", es: "\(path): no existe el archivo")
    }
    guard path.hasPrefix("/") else {
      throw CommandError(
        .invalid, "\(path): give an absolute path, so the setting works from any directory",
        de: "\(path): einen absoluten Pfad angeben, damit die Einstellung in jedem Verzeichnis gilt",
        es: "\(path): usa una ruta absoluta, para que el ajuste sirva desde cualquier directorio")
    }
    // A file that does not compile is refused now, with its errors, rather than at the next shot.
    _ = try RulesLoader.compile(path, context)
    try store.setSetting(.rulesFile, path)
    context.out.line(
      context.presentation.pick(
        "Rules file set to \(path).", de: "Regeldatei ist jetzt \(path).", es: "Archivo de reglas: \(path)."))
    return .success
  }
}

import CommandLineSupport
import ShotLog

/// `dialshot use`: which bean (and grinder) commands mean when BEAN is left out. Logging a shot
/// makes its bean and grinder the current ones too, so `use` is only needed to switch.
enum UseCommand: Command {
  static let name = "use"
  static let abstract = "Choose the current bean (and grinder) for commands that leave them out"
  static let usage = ["dialshot use", "dialshot use BEAN [--grinder NAME]", "dialshot use --grinder NAME"]
  static let details = """
    Without arguments, shows the current bean and grinder. 'log', 'pull', 'recipe', 'trends' and
    'amend' use the current bean when BEAN is not given; 'recipe set' uses the current grinder for a
    bean's first recipe. Logging a shot makes its bean and grinder current.

    Options:
      --grinder NAME    the current grinder
    """
  static let spec = ArgumentSpec(options: ["--grinder"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard arguments.positionals.first != nil || arguments.given("--grinder") else {
      let store = try context.store(.readOnly)
      let bean = try? context.bean(nil, in: store)
      let grinder = try context.defaultGrinder(in: store)
      let p = context.presentation
      let none = p.pick("(none chosen)", de: "(nicht gewählt)", es: "(sin elegir)")
      context.out.line(
        p.pick("bean: ", de: "Kaffee: ", es: "café: ") + (bean.map { Formatting.visible($0.name) } ?? none))
      context.out.line(
        p.pick("grinder: ", de: "Mühle: ", es: "molino: ") + (grinder.map { Formatting.visible($0.name) } ?? none))
      return .success
    }
    let store = try context.store()
    let bean = try arguments.positionals.first.map { try store.profiles.findBean($0) }
    var grinder = try arguments.value("--grinder").map { try store.profiles.findGrinder($0) }
    if let bean, grinder == nil, let recipe = try store.profiles.activeSnapshot(beanID: bean.id) {
      grinder = try store.profiles.grinder(id: recipe.grinderID)
    }
    try context.remember(bean: bean, grinder: grinder, in: store)
    let p = context.presentation
    if let bean {
      let shown = Formatting.visible(bean.name)
      context.out.line(
        p.pick("Using bean '\(shown)'.", de: "Kaffee ist jetzt '\(shown)'.", es: "Café en uso: '\(shown)'."))
    }
    if let grinder {
      let shown = Formatting.visible(grinder.name)
      context.out.line(
        p.pick("Using grinder '\(shown)'.", de: "Mühle ist jetzt '\(shown)'.", es: "Molino en uso: '\(shown)'."))
    }
    return .success
  }
}

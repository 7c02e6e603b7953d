import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot recipe`: a bean's active recipe, and new versions of it. A recipe is never edited in
/// place: `set` and `scale` create a new immutable snapshot, and shots keep their own.
enum RecipeCommand: Command {
  static let name = "recipe"
  static let abstract = "Show a bean's recipe, set a new one, or scale it to another dose"
  static let usage = [
    "dialshot recipe show [BEAN] [--history]",
    "dialshot recipe set [BEAN] [--grinder NAME] [--basket NAME] [--dose G] [--yield G] [--time S] [--grind SETTING] [--temperature C] [--temperature-note TEXT] [--why TEXT]",
    "dialshot recipe scale [BEAN] --dose G",
  ]
  static let details = """
    BEAN may be left out when there is only one (unarchived) bean.

    The first recipe of a bean needs --grinder, --dose, --yield, --time and --grind; later ones take
    only what changes. 'scale' changes the dose and keeps the ratio (the yield is rounded to 0.1 g).
    Pass an empty value to remove the basket, temperature or temperature note (--basket "").

    Options:
      --grinder NAME          the grinder this recipe is for
      --basket NAME           the basket
      --dose G, --yield G     target dose and yield in grams
      --time S                target shot time in seconds
      --grind SETTING         the grinder setting (a number on a numeric scale, else free text)
      --temperature C         brew temperature in °C
      --temperature-note TEXT for machines without a temperature readout
      --why TEXT              why the recipe changed, kept with the snapshot
      --history               list every snapshot of the bean, oldest first (show)
    """
  static let spec = ArgumentSpec(
    options: [
      "--grinder", "--basket", "--dose", "--yield", "--time", "--grind", "--temperature", "--temperature-note", "--why",
    ], flags: ["--history"], minPositionals: 1, maxPositionals: 2)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let action = arguments.positionals[0]
    let beanReference = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
    switch action {
    case "show":
      for option in arguments.options where option != "--db" {
        throw UsageError("option '\(option)' does not apply to 'recipe show'")
      }
      let store = try context.store(.readOnly)
      let bean = try context.bean(beanReference, in: store)
      return try show(bean, history: arguments.flag("--history"), store, context)
    case "set":
      if arguments.flag("--history") { throw UsageError("'--history' applies to 'recipe show' only") }
      let store = try context.store()
      let bean = try context.bean(beanReference, in: store)
      let change = try self.change(arguments, store)
      let snapshot = try store.setRecipe(for: bean, change)
      context.out.line("New recipe for '\(bean.name)':")
      context.out.write(try describe(snapshot, store))
      return .success
    case "scale":
      for option in arguments.options where option != "--dose" && option != "--db" {
        throw UsageError("option '\(option)' does not apply to 'recipe scale'")
      }
      guard let doseText = arguments.value("--dose") else { throw UsageError("'recipe scale' needs --dose G") }
      let store = try context.store()
      let bean = try context.bean(beanReference, in: store)
      let snapshot = try store.scaleRecipe(for: bean, toDose: try Quantity.dose.parse(doseText, option: "--dose"))
      context.out.line("New recipe for '\(bean.name)' (\(snapshot.reasonDetail ?? "scaled")):")
      context.out.write(try describe(snapshot, store))
      return .success
    default:
      throw UsageError("unknown action '\(action)'; expected show, set or scale")
    }
  }

  /// The `set` options as a change; values are validated here so the message names the option.
  static func change(_ arguments: ParsedArguments, _ store: ShotLogStore) throws -> RecipeChange {
    var change = RecipeChange()
    if let name = arguments.value("--grinder") { change.grinderID = try store.findGrinder(name).id }
    if let name = arguments.value("--basket") {
      change.basketID = name.isEmpty ? .some(nil) : try store.findBasket(name).id
    }
    if let text = arguments.value("--dose") { change.doseG = try Quantity.dose.parse(text, option: "--dose") }
    if let text = arguments.value("--yield") { change.yieldG = try Quantity.yield.parse(text, option: "--yield") }
    if let text = arguments.value("--time") { change.timeS = try Quantity.time.parse(text, option: "--time") }
    if let text = arguments.value("--temperature") {
      change.temperatureC = text.isEmpty ? .some(nil) : try Quantity.temperature.parse(text, option: "--temperature")
    }
    if let text = arguments.value("--temperature-note") { change.temperatureNote = .some(text.isEmpty ? nil : text) }
    if let text = arguments.value("--grind") {
      if let problem = Validation.problem(withText: text) { throw ShotLogError.invalidGrindSetting(problem) }
      change.grind = text
    }
    change.detail = arguments.value("--why")
    if change.grinderID == nil, change.basketID == nil, change.doseG == nil, change.yieldG == nil,
      change.timeS == nil, change.temperatureC == nil, change.temperatureNote == nil, change.grind == nil
    {
      throw UsageError("nothing to set; give at least one of --grinder, --dose, --yield, --time, --grind, …")
    }
    return change
  }

  private static func show(_ bean: Bean, history: Bool, _ store: ShotLogStore, _ context: CommandContext) throws
    -> ExitCode
  {
    let snapshots = try store.snapshots(beanID: bean.id)
    guard let active = try store.activeSnapshot(beanID: bean.id) else { throw ShotLogError.noRecipe(bean: bean.name) }
    if history {
      context.out.line("Recipe snapshots for '\(bean.name)', oldest first:")
      var table = TextTable(rightAligned: [false, false, false, true, true, true, false, false])
      table.add(["created (UTC)", "why", "grinder", "dose", "yield", "time", "grind", "detail"])
      for s in snapshots {
        let grinder = try store.grinder(id: s.grinderID)?.name ?? "?"
        table.add([
          s.createdAt.shortText, s.reason.rawValue + (s.id == active.id ? " *" : ""), grinder,
          Formatting.grams(s.doseG), Formatting.grams(s.yieldG), Formatting.seconds(s.timeS), s.grind.text,
          s.reasonDetail ?? "",
        ])
      }
      context.out.write(table.render(indent: "  "))
      context.out.line("  (* active)")
    } else {
      context.out.line("Recipe for '\(bean.name)'\(bean.roaster.map { " (\($0))" } ?? ""):")
      context.out.write(try describe(active, store))
    }
    return .success
  }

  /// The snapshot as indented `key value` lines.
  static func describe(_ s: RecipeSnapshot, _ store: ShotLogStore) throws -> String {
    var table = TextTable(rightAligned: [false, false])
    let grinder = try store.grinder(id: s.grinderID)
    table.add(["grinder", grinder.map { "\($0.name) (\(ProfilesCommand.describe($0)))" } ?? "?"])
    table.add(["grind", s.grind.text])
    if let basketID = s.basketID { table.add(["basket", try store.basket(id: basketID)?.name ?? "?"]) }
    table.add(["dose", Formatting.grams(s.doseG)])
    table.add(["yield", Formatting.grams(s.yieldG) + "  (ratio \(Formatting.ratio(s.ratio)))"])
    table.add(["time", Formatting.seconds(s.timeS)])
    if let t = s.temperatureC { table.add(["temperature", Formatting.celsius(t)]) }
    if let note = s.temperatureNote { table.add(["temperature note", note]) }
    var since = "\(s.reason.rawValue), \(s.createdAt.shortText) UTC"
    if let detail = s.reasonDetail { since += " — \(detail)" }
    table.add(["snapshot", "\(s.uuid.prefix(8)) (\(since))"])
    return table.render(indent: "  ")
  }
}

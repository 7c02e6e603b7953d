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
    BEAN defaults to the current bean ('dialshot use'; the last one logged).

    The first recipe of a bean needs --dose, --yield, --time and --grind, and a grinder (the current
    one when --grinder is left out); later ones take only what changes. On a grinder with a numeric
    scale the grind must be a number on it. 'scale' changes the dose and keeps the ratio (the yield is rounded to 0.1 g).
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
        throw UsageError(
          "option '\(option)' does not apply to 'recipe show'",
          de: "die Option '\(option)' gilt nicht für 'recipe show'",
          es: "la opción '\(option)' no vale para 'recipe show'")
      }
      let store = try context.store(.readOnly)
      let bean = try context.bean(beanReference, in: store)
      return try show(bean, history: arguments.flag("--history"), store, context)
    case "set":
      if arguments.flag("--history") {
        throw UsageError(
          "'--history' applies to 'recipe show' only", de: "'--history' gilt nur für 'recipe show'",
          es: "'--history' vale solo para 'recipe show'")
      }
      let store = try context.store()
      let bean = try context.bean(beanReference, in: store)
      var change = try self.change(arguments, store)
      if change.grinderID == nil, try store.activeSnapshot(beanID: bean.id) == nil,
        let grinder = try context.defaultGrinder(in: store)
      {
        change.grinderID = grinder.id
      }
      let snapshot = try store.setRecipe(for: bean, change)
      try context.remember(bean: bean, grinder: try store.grinder(id: snapshot.grinderID), in: store)
      context.out.line("New recipe for '\(Formatting.visible(bean.name))':")
      context.out.write(try describe(snapshot, store, context.presentation))
      return .success
    case "scale":
      for option in arguments.options where option != "--dose" && option != "--db" {
        throw UsageError(
          "option '\(option)' does not apply to 'recipe scale'",
          de: "die Option '\(option)' gilt nicht für 'recipe scale'",
          es: "la opción '\(option)' no vale para 'recipe scale'")
      }
      guard let doseText = arguments.value("--dose") else {
        throw UsageError(
          "'recipe scale' needs --dose G", de: "'recipe scale' braucht --dose G", es: "'recipe scale' necesita --dose G"
        )
      }
      let store = try context.store()
      let bean = try context.bean(beanReference, in: store)
      let snapshot = try store.scaleRecipe(for: bean, toDose: try Quantity.dose.parse(doseText, option: "--dose"))
      context.out.line("New recipe for '\(Formatting.visible(bean.name))' (\(snapshot.reasonDetail ?? "scaled")):")
      context.out.write(try describe(snapshot, store, context.presentation))
      return .success
    default:
      throw UsageError(
        "unknown action '\(action)'; expected show, set or scale",
        de: "unbekannte Aktion '\(action)'; erwartet show, set oder scale",
        es: "acción desconocida '\(action)'; se esperaba show, set o scale")
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
      throw UsageError(
        "nothing to set; give at least one of --grinder, --dose, --yield, --time, --grind, …",
        de: "nichts festzulegen; mindestens eines von --grinder, --dose, --yield, --time, --grind, … angeben",
        es: "nada que fijar; indica al menos uno de --grinder, --dose, --yield, --time, --grind, …")
    }
    return change
  }

  private static func show(_ bean: Bean, history: Bool, _ store: ShotLogStore, _ context: CommandContext) throws
    -> ExitCode
  {
    let snapshots = try store.snapshots(beanID: bean.id)
    guard let active = try store.activeSnapshot(beanID: bean.id) else { throw ShotLogError.noRecipe(bean: bean.name) }
    let p = context.presentation
    if history {
      context.out.line("Recipe snapshots for '\(Formatting.visible(bean.name))', oldest first:")
      var table = TextTable(rightAligned: [false, false, false, true, true, true, false, false])
      table.add(["created (\(p.clock.label))", "why", "grinder", "dose", "yield", "time", "grind", "detail"])
      let origins = try store.snapshotOrigins(beanID: bean.id)
      for s in snapshots {
        let grinder = try store.grinder(id: s.grinderID)?.name ?? "?"
        table.add([
          p.clock.short(s.createdAt), s.reason.rawValue + (s.id == active.id ? " *" : ""), Formatting.visible(grinder),
          Formatting.grams(s.doseG), Formatting.grams(s.yieldG), Formatting.seconds(s.timeS),
          Formatting.visible(s.grind.text), try detail(s, origin: origins[s.id], store),
        ])
      }
      context.out.write(table.render(indent: "  "))
      context.out.line("  (* active)")
    } else {
      context.out.line(
        "Recipe for '\(Formatting.visible(bean.name))'\(bean.roaster.map { " (\(Formatting.visible($0)))" } ?? ""):")
      context.out.write(try describe(active, store, p))
    }
    return .success
  }

  /// Why a snapshot was made, in a barista's words: the shot by its number and the suggestion by
  /// what it said (`accepted for shot #9: Grind finer by 1 step`, `undid the accept for shot #9`),
  /// never a shot's UUID or a rule id; else the detail stored with it (`scaled from 18 g to 20 g`).
  static func detail(_ s: RecipeSnapshot, origin: ShotLogStore.SnapshotOrigin?, _ store: ShotLogStore) throws
    -> String
  {
    switch origin {
    case .accepted(let shot)?:
      let text = try store.attempt(id: shot)?.suggestion?.decision.text
      return "accepted for shot #\(shot)" + (text.map { ": " + Formatting.visible($0) } ?? "")
    case .undone(let shot)?:
      return "undid the accept for shot #\(shot)"
    case nil:
      return Formatting.visible(s.reasonDetail ?? "")
    }
  }

  /// The snapshot as indented `key value` lines (the grinder with the scale the snapshot was made
  /// on).
  static func describe(_ s: RecipeSnapshot, _ store: ShotLogStore, _ p: Presentation) throws -> String {
    var table = TextTable(rightAligned: [false, false])
    let grinder = try store.grinder(id: s.grinderID)
    table.add([
      "grinder",
      "\(Formatting.visible(grinder?.name ?? "?")) (\(ProfilesCommand.describe(s.grinderScale, note: grinder?.settingsNote)))",
    ])
    table.add(["grind", Formatting.visible(s.grind.text)])
    if let basketID = s.basketID {
      table.add(["basket", Formatting.visible(try store.basket(id: basketID)?.name ?? "?")])
    }
    table.add(["dose", Formatting.grams(s.doseG)])
    table.add(["yield", Formatting.grams(s.yieldG) + "  (ratio \(Formatting.ratio(s.ratio)))"])
    table.add(["time", Formatting.seconds(s.timeS)])
    if let t = s.temperatureC { table.add(["temperature", Formatting.celsius(t)]) }
    if let note = s.temperatureNote { table.add(["temperature note", Formatting.visible(note)]) }
    var since = "\(s.reason.rawValue), \(p.clock.long(s.createdAt))"
    if let detail = s.reasonDetail { since += " — \(Formatting.visible(detail))" }
    table.add(["snapshot", "\(s.uuid.prefix(8)) (\(since))"])
    return table.render(indent: "  ")
  }
}

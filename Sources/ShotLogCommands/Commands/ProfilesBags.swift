import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot profiles bean new-bag | bags | edit-bag`: the bags of a bean. A new bag becomes the
/// bean's current bag and keeps its recipe; each shot keeps the bag it was pulled from, so its age
/// and roast facts never change when a later bag is opened or an earlier one corrected.
extension ProfilesCommand {
  /// The bag actions of `profiles bean`.
  static let bagActions = ["new-bag", "bags", "edit-bag"]

  /// The options a bag action takes.
  static let bagOptions: Set<String> = ["--roasted", "--roast-date", "--weight", "--opened", "--roaster", "--db"]

  /// Runs `bean new-bag NAME`, `bean bags NAME` or `bean edit-bag NAME BAG`.
  static func bag(_ action: String, _ positionals: [String], _ arguments: ParsedArguments, _ context: CommandContext)
    throws -> ExitCode
  {
    for option in arguments.options where !bagOptions.contains(option) || (action == "bags" && option != "--db") {
      throw UsageError(
        "option '\(option)' does not apply to 'bean \(action)'",
        de: "die Option '\(option)' gilt nicht für 'bean \(action)'",
        es: "la opción '\(option)' no vale para 'bean \(action)'")
    }
    if arguments.flag("--all") || arguments.flag("--restore") {
      throw UsageError(
        "'bean \(action)' takes no --all or --restore", de: "'bean \(action)' nimmt kein --all oder --restore",
        es: "'bean \(action)' no lleva --all ni --restore")
    }
    if arguments.given("--roasted") && arguments.given("--roast-date") {
      throw UsageError(
        "give the roast date once: --roasted (or its other name --roast-date)",
        de: "das Röstdatum nur einmal angeben: --roasted (oder mit dem anderen Namen --roast-date)",
        es: "da la fecha de tueste una sola vez: --roasted (o su otro nombre, --roast-date)")
    }
    let wanted = action == "edit-bag" ? 2 : 1
    guard positionals.count == wanted else {
      throw action == "edit-bag"
        ? UsageError(
          "'bean edit-bag' needs a NAME and a BAG", de: "'bean edit-bag' braucht einen NAME und eine BAG",
          es: "'bean edit-bag' necesita un NAME y una BAG")
        : UsageError(
          "'bean \(action)' needs a NAME", de: "'bean \(action)' braucht einen NAME",
          es: "'bean \(action)' necesita un NAME")
    }
    switch action {
    case "bags": return try listBags(positionals[0], context)
    case "new-bag": return try newBag(positionals[0], arguments, context)
    default: return try editBag(positionals[0], positionals[1], arguments, context)
    }
  }

  /// `--roasted`/`--roast-date` or `--opened` as a date; `.some(nil)` when given empty (clear).
  private static func date(_ arguments: ParsedArguments, _ options: [String]) throws -> CalendarDate?? {
    guard let option = options.first(where: arguments.given), let value = arguments.value(option) else { return nil }
    if value.isEmpty { return .some(nil) }
    guard let date = CalendarDate.parse(value.trimmed) else {
      throw CommandError(
        .invalid, "\(option): expected a date as YYYY-MM-DD, found '\(Formatting.visible(value))'",
        de: "\(option): erwartet ein Datum als YYYY-MM-DD, gefunden '\(Formatting.visible(value))'",
        es: "\(option): se esperaba una fecha YYYY-MM-DD, se encontró '\(Formatting.visible(value))'",
        help: Phrase(
          "dates like 11.09.2021 are ambiguous (day or month first?), so only ISO dates are accepted",
          de: "Angaben wie 11.09.2021 sind mehrdeutig (Tag oder Monat zuerst?), daher nur ISO-Daten",
          es: "fechas como 11.09.2021 son ambiguas (¿día o mes primero?), así que solo se aceptan fechas ISO"))
    }
    return .some(date)
  }

  private static func weight(_ arguments: ParsedArguments) throws -> ExactNumber?? {
    guard let text = arguments.value("--weight") else { return nil }
    if text.isEmpty { return .some(nil) }
    return .some(try Quantity.bagWeight.parse(text, option: "--weight"))
  }

  private static func roaster(_ arguments: ParsedArguments) -> String?? {
    guard let value = arguments.value("--roaster") else { return nil }
    return .some(value.isEmpty ? nil : value)
  }

  private static func newBag(_ name: String, _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    // Values first: a typo is reported before the database is opened.
    let roasted = try date(arguments, ["--roasted", "--roast-date"])
    let opened = try date(arguments, ["--opened"])
    let weight = try weight(arguments)
    let store = try context.store()
    let bean = try store.profiles.findBean(name)
    let today = context.presentation.clock.day(context.environment.now())
    let bag = try store.profiles.openBag(
      of: bean, roaster: roaster(arguments) ?? nil, roastDate: roasted ?? nil, weightG: weight ?? nil,
      openedOn: opened ?? today)
    let number = try store.profiles.bags(beanID: bean.id).count
    let p = context.presentation
    let (shown, facts) = (Formatting.visible(bean.name), describe(bag, p.words).map { " (\($0))" } ?? "")
    context.out.write(
      p.wrap(
        p.pick(
          "Opened bag \(number) of '\(shown)'\(facts): shots from now on are pulled from it; the recipe stays as it is.",
          de:
            "Packung \(number) von '\(shown)' geöffnet\(facts): die Bezüge kommen ab jetzt aus ihr; das Rezept bleibt, wie es ist.",
          es:
            "Abierta la bolsa \(number) de '\(shown)'\(facts): las extracciones salen de ella a partir de ahora; la receta se queda como está."
        )))
    return .success
  }

  private static func editBag(
    _ name: String, _ reference: String, _ arguments: ParsedArguments, _ context: CommandContext
  ) throws -> ExitCode {
    guard arguments.options.contains(where: { $0 != "--db" }) else {
      throw UsageError(
        "nothing to change; give --roasted, --weight, --opened or --roaster",
        de: "nichts zu ändern; --roasted, --weight, --opened oder --roaster angeben",
        es: "nada que cambiar; indica --roasted, --weight, --opened o --roaster")
    }
    let roasted = try date(arguments, ["--roasted", "--roast-date"])
    let opened = try date(arguments, ["--opened"])
    let weight = try weight(arguments)
    let store = try context.store()
    let bean = try store.profiles.findBean(name)
    var bag = try store.profiles.findBag(reference, of: bean)
    if let roasted { bag.roastDate = roasted }
    if let opened { bag.openedOn = opened }
    if let weight { bag.weightG = weight }
    if let roaster = roaster(arguments) { bag.roaster = roaster }
    try store.profiles.updateBag(bag)
    let number = (try store.profiles.bags(beanID: bean.id).firstIndex { $0.id == bag.id } ?? 0) + 1
    let p = context.presentation
    let (shown, facts) = (Formatting.visible(bean.name), describe(bag, p.words).map { " (\($0))" } ?? "")
    context.out.write(
      p.wrap(
        p.pick(
          "Updated bag \(number) of '\(shown)'\(facts); only the shots pulled from it read the change.",
          de: "Packung \(number) von '\(shown)' geändert\(facts); nur die Bezüge aus ihr sehen die Änderung.",
          es: "Bolsa \(number) de '\(shown)' modificada\(facts); solo las extracciones de esa bolsa ven el cambio."
        )))
    return .success
  }

  private static func listBags(_ name: String, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    let bean = try store.profiles.findBean(name)
    let usage = try store.profiles.bagUsage(beanID: bean.id)
    var table = TextTable(rightAligned: [false, false, false, false, true, true, true, false])
    let p = context.presentation
    let w = p.words
    table.add(
      p.language == .english
        ? ["bag", "roaster", "roasted", "opened", "weight", "shots", "left", "id"]
        : p.language == .german
          ? ["Packung", "Rösterei", "geröstet", "geöffnet", "Gewicht", "Bezüge", "übrig", "id"]
          : ["bolsa", "tostador", "tostado", "abierta", "peso", "extracciones", "quedan", "id"])
    for (index, item) in usage.enumerated() {
      let bag = item.bag
      table.add(
        [
          String(item.number)
            + (index == usage.count - 1 ? p.pick(" (current)", de: " (aktuell)", es: " (actual)") : ""),
          bag.roaster ?? "", bag.roastDate?.text ?? "", bag.openedOn?.text ?? "",
          bag.weightG.map { Formatting.grams($0, w) } ?? "", String(item.shots),
          item.leftG.map { Formatting.grams($0, w) } ?? "", String(bag.uuid.prefix(8)),
        ].map { Formatting.visible($0) })
    }
    let shown = Formatting.visible(bean.name)
    context.out.line(
      p.pick("Bags of '\(shown)':", de: "Packungen von '\(shown)':", es: "Bolsas de '\(shown)':"))
    context.out.write(table.render(indent: "  "))
    return .success
  }

  /// `Tim Wendelboe, roasted 2026-11-20, 250 g, opened 2026-11-24`, or nil when the bag has none.
  static func describe(_ bag: Bag, _ w: Wording = Wording(.english)) -> String? {
    var parts: [String] = []
    if let roaster = bag.roaster { parts.append(Formatting.visible(roaster)) }
    if let date = bag.roastDate { parts.append(w.pick("roasted ", de: "geröstet am ", es: "tostado el ") + date.text) }
    if let weight = bag.weightG { parts.append(Formatting.grams(weight, w)) }
    if let opened = bag.openedOn {
      parts.append(w.pick("opened ", de: "geöffnet am ", es: "abierta el ") + opened.text)
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}

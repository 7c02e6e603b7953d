import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot profiles`: the beans, grinders and baskets shots are logged against, and the machine
/// note. Profiles can be edited and archived; history keeps pointing at them.
enum ProfilesCommand: Command {
  static let name = "profiles"
  static let abstract = "Add, list, edit and archive beans, grinders and baskets; set the machine note"
  static let usage = [
    "dialshot profiles bean add NAME [--roaster TEXT] [--roast-date YYYY-MM-DD] [--origin TEXT] [--process TEXT] [--roast-level LEVEL] [--notes TEXT]",
    "dialshot profiles grinder add NAME (--step N --min N --max N --finer lower|higher | --settings TEXT) [--notes TEXT]",
    "dialshot profiles basket add NAME [--capacity G] [--notes TEXT]",
    "dialshot profiles (bean|grinder|basket) list [--all]",
    "dialshot profiles (bean|grinder|basket) edit NAME [--name NEW] [the add options]",
    "dialshot profiles (bean|grinder|basket) archive NAME [--restore]",
    "dialshot profiles bean new-bag NAME [--roasted YYYY-MM-DD] [--weight G] [--opened YYYY-MM-DD] [--roaster TEXT]",
    "dialshot profiles bean bags NAME",
    "dialshot profiles bean edit-bag NAME BAG [--roasted YYYY-MM-DD] [--weight G] [--opened YYYY-MM-DD] [--roaster TEXT]",
    "dialshot profiles machine [--note TEXT]",
  ]
  static let details = """
    A grinder either has a numeric scale — its step size, lowest and highest setting, and whether
    lower or higher numbers grind finer — so that "grind finer 1 step" can be previewed and applied,
    or free-text settings ("3 clicks") described with --settings, in which case grind changes are
    suggested but must be set by hand.

    The step is one dial-in step: the smallest grind change worth tasting, which the rules move by
    ("grind finer 1 step"), not the finest mark the dial has. On a stepless grinder whose dial reads
    0.1, one dial-in step is more like 0.5 or 1. A step under 1 % of the range (0.1 on a 0-50
    dial) gets a note on add and edit: it is likely the dial's resolution.

    Editing a grinder's scale makes a new version of every recipe on it (a new recipe snapshot with
    the new scale); shots already logged keep the scale they were pulled with. A scale on which a
    bean's current grind does not fit is refused.

    A bean has bags: each with its roaster, roast date, weight and the day it was opened. Every
    shot records the bag it was pulled from, and its age ("9 days after roasting") and roast facts
    are that bag's. 'new-bag' opens the next bag of the bean (opened today unless --opened says
    otherwise; the roaster is the last bag's unless given); it becomes the current bag and the
    recipe stays as it is. 'bags' lists them with their shots and the grams left (the weight less
    the doses of the shots that count). 'edit-bag' corrects one (BAG is its number from 'bags',
    'current', or the start of its id); only the shots pulled from it change. 'bean edit
    --roast-date' or '--roaster' on a bag that shots were already pulled from opens a new bag
    rather than change those shots; on a bag without shots it corrects it.

    NAME may also be the start of a profile's name or id (at least 4 characters). Names are compared
    without regard to case or Unicode form ("CAFÉ" is "café"), and are one line of plain text. An
    empty value clears an optional field when editing (--notes ""). Archived profiles are hidden from
    lists (show them with --all) and keep their history.

    Options:
      --roaster TEXT, --roast-date YYYY-MM-DD, --notes TEXT    bean fields
      --origin TEXT, --process TEXT                             where it grew, how it was processed
      --roast-level LEVEL                                       light, medium-light, medium,
                                                                medium-dark or dark
      --step N, --min N, --max N, --finer lower|higher          a grinder's numeric scale; the
                                                                step is one dial-in step (the
                                                                smallest change worth tasting),
                                                                not the dial's resolution
      --settings TEXT                                           a grinder's free-text settings
      --capacity G                                              a basket's nominal dose
      --roasted YYYY-MM-DD, --weight G, --opened YYYY-MM-DD      a bag's roast date, its weight
                                                                when full, the day it was opened
                                                                (new-bag, edit-bag)
      --name NEW                                                rename (edit)
      --all                                                     include archived profiles (list)
      --restore                                                 un-archive (archive)
      --note TEXT                                               the machine note (machine)
    """
  static let spec = ArgumentSpec(
    options: [
      "--roaster", "--roast-date", "--notes", "--step", "--min", "--max", "--finer", "--settings", "--capacity",
      "--name", "--note", "--origin", "--process", "--roast-level", "--roasted", "--weight", "--opened",
    ], flags: ["--all", "--restore"], minPositionals: 1, maxPositionals: 4)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let kindWord = arguments.positionals[0]
    if kindWord == "machine" { return try machine(arguments, context) }
    guard let kind = ProfileKind(rawValue: kindWord) else {
      throw UsageError(
        "unknown profile kind '\(kindWord)'; expected bean, grinder, basket or machine",
        de: "unbekannte Profilart '\(kindWord)'; erwartet bean, grinder, basket oder machine",
        es: "tipo de perfil desconocido '\(kindWord)'; se esperaba bean, grinder, basket o machine")
    }
    guard arguments.positionals.count >= 2 else {
      throw UsageError(
        "missing action: add, list, edit or archive", de: "die Aktion fehlt: add, list, edit oder archive",
        es: "falta la acción: add, list, edit o archive")
    }
    let action = arguments.positionals[1]
    if kind == .bean, bagActions.contains(action) {
      return try bag(action, Array(arguments.positionals.dropFirst(2)), arguments, context)
    }
    guard arguments.positionals.count <= 3 else {
      throw UsageError(
        "too many arguments for '\(kindWord) \(action)'", de: "zu viele Argumente für '\(kindWord) \(action)'",
        es: "demasiados argumentos para '\(kindWord) \(action)'")
    }
    let name = arguments.positionals.count > 2 ? arguments.positionals[2] : nil
    try checkOptions(kind: kind, action: action, arguments)
    switch action {
    case "list":
      if name != nil {
        throw UsageError("'list' takes no name", de: "'list' nimmt keinen Namen", es: "'list' no lleva nombre")
      }
      return try list(kind, arguments, context)
    case "add", "edit", "archive":
      guard let name else {
        throw UsageError(
          "'\(action)' needs a NAME", de: "'\(action)' braucht einen NAME", es: "'\(action)' necesita un NAME")
      }
      let store = try context.store()
      switch action {
      case "add": try add(kind, name, arguments, store, context)
      case "edit": try edit(kind, name, arguments, store, context)
      default: try archive(kind, name, arguments, store, context)
      }
      return .success
    default:
      let bags = kind == .bean
      throw UsageError(
        "unknown action '\(action)'; expected add, list, edit or archive"
          + (bags ? ", or new-bag, bags or edit-bag" : ""),
        de: "unbekannte Aktion '\(action)'; erwartet add, list, edit oder archive"
          + (bags ? ", oder new-bag, bags oder edit-bag" : ""),
        es: "acción desconocida '\(action)'; se esperaba add, list, edit o archive"
          + (bags ? ", o new-bag, bags o edit-bag" : ""))
    }
  }

  /// Refuses options that do not belong to this kind and action, so a typo is never ignored.
  private static func checkOptions(kind: ProfileKind, action: String, _ arguments: ParsedArguments) throws {
    var allowed: Set<String> = ["--db"]
    let fields: [String] =
      switch kind {
      case .bean: ["--roaster", "--roast-date", "--notes", "--origin", "--process", "--roast-level"]
      case .grinder: ["--step", "--min", "--max", "--finer", "--settings", "--notes"]
      case .basket: ["--capacity", "--notes"]
      }
    switch action {
    case "add": allowed.formUnion(fields)
    case "edit": allowed.formUnion(fields + ["--name"])
    default: break
    }
    for option in arguments.options where !allowed.contains(option) {
      throw UsageError(
        "option '\(option)' does not apply to '\(kind.rawValue) \(action)'",
        de: "die Option '\(option)' gilt nicht für '\(kind.rawValue) \(action)'",
        es: "la opción '\(option)' no vale para '\(kind.rawValue) \(action)'")
    }
    if arguments.flag("--all"), action != "list" {
      throw UsageError(
        "'--all' applies to 'list' only", de: "'--all' gilt nur für 'list'", es: "'--all' vale solo para 'list'")
    }
    if arguments.flag("--restore"), action != "archive" {
      throw UsageError(
        "'--restore' applies to 'archive' only", de: "'--restore' gilt nur für 'archive'",
        es: "'--restore' vale solo para 'archive'")
    }
  }

  /// An optional text option: nil when not given, `.some(nil)` when given empty (clear).
  private static func text(_ arguments: ParsedArguments, _ option: String) -> String?? {
    guard let value = arguments.value(option) else { return nil }
    return .some(value.isEmpty ? nil : value)
  }

  /// A numeric scale given in part (`--step` without `--finer`, say) on a grinder that has none.
  private static let incompleteScale = UsageError(
    "a numeric grinder scale needs --step, --min, --max and --finer",
    de: "eine Zahlenskala der Mühle braucht --step, --min, --max und --finer",
    es: "una escala numérica del molino necesita --step, --min, --max y --finer")

  private static func roastLevel(_ arguments: ParsedArguments) throws -> RoastLevel?? {
    guard let value = arguments.value("--roast-level") else { return nil }
    if value.isEmpty { return .some(nil) }
    guard let level = RoastLevel(rawValue: value.trimmed.lowercased()) else {
      let levels = RoastLevel.allCases.map(\.rawValue)
      let (list, shown) = (levels.joined(separator: ", "), Formatting.visible(value))
      throw CommandError(
        .invalid,
        "--roast-level: expected one of \(list), found '\(shown)'",
        de: "--roast-level: erwartet eines von \(list), gefunden '\(shown)'",
        es: "--roast-level: se esperaba uno de \(list), se encontró '\(shown)'",
        help: closest(value, among: levels).map(Phrase.didYouMean))
    }
    return .some(level)
  }

  private static func roastDate(_ arguments: ParsedArguments) throws -> CalendarDate?? {
    guard let value = arguments.value("--roast-date") else { return nil }
    if value.isEmpty { return .some(nil) }
    guard let date = CalendarDate.parse(value) else {
      throw CommandError(
        .invalid, "--roast-date: expected a date as YYYY-MM-DD, found '\(value)'",
        de: "--roast-date: erwartet ein Datum als YYYY-MM-DD, gefunden '\(value)'",
        es: "--roast-date: se esperaba una fecha YYYY-MM-DD, se encontró '\(value)'",
        help: Phrase(
          "dates like 11.09.2021 are ambiguous (day or month first?), so only ISO dates are accepted",
          de: "Angaben wie 11.09.2021 sind mehrdeutig (Tag oder Monat zuerst?), daher nur ISO-Daten",
          es: "fechas como 11.09.2021 son ambiguas (¿día o mes primero?), así que solo se aceptan fechas ISO"))
    }
    return .some(date)
  }

  /// Reads the scale options; all four or none.
  private static func scale(_ arguments: ParsedArguments, current: GrinderScale?) throws -> GrinderScale?? {
    let names = ["--step", "--min", "--max", "--finer"]
    let given = names.filter { arguments.given($0) }
    if given.isEmpty { return nil }
    func number(_ option: String, _ existing: ExactNumber?) throws -> ExactNumber {
      guard let text = arguments.value(option) else {
        guard let existing else { throw Self.incompleteScale }
        return existing
      }
      guard let value = ExactNumber(text) else {
        throw CommandError(
          .invalid, "\(option): expected a number, found '\(text)'",
          de: "\(option): erwartet eine Zahl, gefunden '\(text)'",
          es: "\(option): se esperaba un número, se encontró '\(text)'")
      }
      return value
    }
    var finer = current?.finer
    if let text = arguments.value("--finer") {
      guard let direction = ShotRecord.FinerDirection(rawValue: text) else {
        throw CommandError(
          .invalid, "--finer: expected 'lower' or 'higher', found '\(text)'",
          de: "--finer: erwartet 'lower' oder 'higher', gefunden '\(text)'",
          es: "--finer: se esperaba 'lower' o 'higher', se encontró '\(text)'")
      }
      finer = direction
    }
    guard let finer else { throw Self.incompleteScale }
    let scale = GrinderScale(
      step: try number("--step", current?.step), min: try number("--min", current?.min),
      max: try number("--max", current?.max), finer: finer)
    if let problem = scale.problem { throw ShotLogError.invalidGrinderScale(problem) }
    return .some(scale)
  }

  private static func capacity(_ arguments: ParsedArguments) throws -> ExactNumber?? {
    guard let text = arguments.value("--capacity") else { return nil }
    if text.isEmpty { return .some(nil) }
    return .some(try Quantity.capacity.parse(text, option: "--capacity"))
  }

  private static func add(
    _ kind: ProfileKind, _ name: String, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    switch kind {
    case .bean:
      let bean = try store.profiles.addBean(
        name: name, roaster: text(arguments, "--roaster") ?? nil, roastDate: try roastDate(arguments) ?? nil,
        origin: text(arguments, "--origin") ?? nil, process: text(arguments, "--process") ?? nil,
        roastLevel: try roastLevel(arguments) ?? nil, notes: text(arguments, "--notes") ?? nil)
      let (shown, id) = (Formatting.visible(bean.name), bean.uuid.prefix(8))
      context.out.line(
        context.presentation.pick(
          "Added bean '\(shown)' (\(id)).", de: "Kaffee '\(shown)' angelegt (\(id)).",
          es: "Café '\(shown)' añadido (\(id))."))
    case .grinder:
      let scale = try scale(arguments, current: nil) ?? nil
      let settings = text(arguments, "--settings") ?? nil
      if scale != nil, settings != nil {
        throw UsageError(
          "give either a numeric scale (--step, --min, --max, --finer) or --settings, not both",
          de: "entweder eine Zahlenskala (--step, --min, --max, --finer) oder --settings angeben, nicht beides",
          es: "indica una escala numérica (--step, --min, --max, --finer) o --settings, no las dos")
      }
      let grinder = try store.profiles.addGrinder(
        name: name, scale: scale, settingsNote: settings, notes: text(arguments, "--notes") ?? nil)
      let (shown, id) = (Formatting.visible(grinder.name), grinder.uuid.prefix(8))
      let scaleWords = describe(grinder, context.presentation.words)
      context.out.line(
        context.presentation.pick(
          "Added grinder '\(shown)' (\(id)): \(scaleWords).", de: "Mühle '\(shown)' angelegt (\(id)): \(scaleWords).",
          es: "Molino '\(shown)' añadido (\(id)): \(scaleWords)."))
      noteFineStep(grinder.scale, name: grinder.name, context)
    case .basket:
      let basket = try store.profiles.addBasket(
        name: name, capacityG: try capacity(arguments) ?? nil, notes: text(arguments, "--notes") ?? nil)
      let (shown, id) = (Formatting.visible(basket.name), basket.uuid.prefix(8))
      context.out.line(
        context.presentation.pick(
          "Added basket '\(shown)' (\(id)).", de: "Sieb '\(shown)' angelegt (\(id)).",
          es: "Filtro '\(shown)' añadido (\(id))."))
    }
  }

  private static func edit(
    _ kind: ProfileKind, _ name: String, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    guard arguments.options.contains(where: { $0 != "--db" }) else {
      throw UsageError(
        "nothing to change; give at least one field option", de: "nichts zu ändern; mindestens eine Feldoption angeben",
        es: "nada que cambiar; indica al menos una opción de campo")
    }
    let newName = arguments.value("--name")
    if let newName, newName.isEmpty {
      throw UsageError(
        "'--name' cannot be empty", de: "'--name' darf nicht leer sein", es: "'--name' no puede estar vacío")
    }
    switch kind {
    case .bean: try editBean(name, newName: newName, arguments, store, context)
    case .grinder: try editGrinder(name, newName: newName, arguments, store, context)
    case .basket: try editBasket(name, newName: newName, arguments, store, context)
    }
  }

  /// `profiles bean edit`; says when the change opened a new bag (its last one has shots).
  private static func editBean(
    _ name: String, newName: String?, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    var bean = try store.profiles.findBean(name)
    if let newName { bean.name = newName }
    if let roaster = text(arguments, "--roaster") { bean.roaster = roaster }
    if let date = try roastDate(arguments) { bean.roastDate = date }
    if let notes = text(arguments, "--notes") { bean.notes = notes }
    if let origin = text(arguments, "--origin") { bean.origin = origin }
    if let process = text(arguments, "--process") { bean.process = process }
    if let level = try roastLevel(arguments) { bean.roastLevel = level }
    let opened = try store.profiles.updateBean(bean)
    let p = context.presentation
    let shown = Formatting.visible(bean.name)
    context.out.line(
      p.pick("Updated bean '\(shown)'.", de: "Kaffee '\(shown)' geändert.", es: "Café '\(shown)' modificado."))
    if let opened {
      let number = try store.profiles.bags(beanID: bean.id).count
      let facts = describe(opened, p.words).map { " (\($0))" } ?? ""
      let command = "dialshot profiles bean edit-bag \(ShellWords.quoted(shown)) \(number - 1) --roasted YYYY-MM-DD"
      context.out.write(
        p.wrap(
          p.pick(
            "Shots were pulled from its last bag, so this opened bag \(number)\(facts); the shots of bag \(number - 1) keep its roast facts. To correct bag \(number - 1) instead: \(command)",
            de:
              "Aus der letzten Packung wurden schon Bezüge gezogen, daher wurde damit Packung \(number) geöffnet\(facts); die Bezüge aus Packung \(number - 1) behalten ihre Röstangaben. Um stattdessen Packung \(number - 1) zu berichtigen: \(command)",
            es:
              "Ya se hicieron extracciones de su última bolsa, así que esto abre la bolsa \(number)\(facts); las extracciones de la bolsa \(number - 1) conservan sus datos de tueste. Para corregir la bolsa \(number - 1): \(command)"
          ), indent: "  ", continuation: "    "))
    }
  }

  /// `profiles grinder edit`; names the recipe snapshots a new scale made.
  private static func editGrinder(
    _ name: String, newName: String?, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    var grinder = try store.profiles.findGrinder(name)
    if let newName { grinder.name = newName }
    if let scale = try scale(arguments, current: grinder.scale) {
      grinder.scale = scale
      if scale != nil { grinder.settingsNote = nil }
    }
    if let settings = text(arguments, "--settings") {
      grinder.settingsNote = settings
      if settings != nil { grinder.scale = nil }
    }
    if let notes = text(arguments, "--notes") { grinder.notes = notes }
    let versions = try store.profiles.updateGrinder(grinder)
    let p = context.presentation
    let (shown, scaleWords) = (Formatting.visible(grinder.name), describe(grinder, p.words))
    context.out.line(
      p.pick(
        "Updated grinder '\(shown)': \(scaleWords).", de: "Mühle '\(shown)' geändert: \(scaleWords).",
        es: "Molino '\(shown)' modificado: \(scaleWords)."))
    if arguments.given("--step") || arguments.given("--min") || arguments.given("--max") {
      noteFineStep(grinder.scale, name: grinder.name, context)
    }
    for snapshot in versions {
      let bean = Formatting.visible(try store.profiles.bean(id: snapshot.beanID)?.name ?? "?")
      let id = snapshot.uuid.prefix(8)
      context.out.write(
        p.wrap(
          p.pick(
            "New recipe snapshot \(id) for '\(bean)' on the new scale; shots already logged keep the old one.",
            de: "Neuer Rezeptstand \(id) für '\(bean)' auf der neuen Skala; erfasste Bezüge behalten die alte.",
            es:
              "Nueva versión de la receta \(id) para '\(bean)' con la escala nueva; las extracciones ya registradas conservan la anterior."
          ), indent: "  ", continuation: "    "))
    }
  }

  /// `profiles basket edit`.
  private static func editBasket(
    _ name: String, newName: String?, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    var basket = try store.profiles.findBasket(name)
    if let newName { basket.name = newName }
    if let capacity = try capacity(arguments) { basket.capacityG = capacity }
    if let notes = text(arguments, "--notes") { basket.notes = notes }
    try store.profiles.updateBasket(basket)
    let shown = Formatting.visible(basket.name)
    context.out.line(
      context.presentation.pick(
        "Updated basket '\(shown)'.", de: "Sieb '\(shown)' geändert.", es: "Filtro '\(shown)' modificado."))
  }

  /// A note when a scale's step is under 1 % of its range: most likely the dial's resolution, not
  /// one dial-in step, so "grind finer 1 step" would be a change nobody can taste (issue 20).
  static func noteFineStep(_ scale: GrinderScale?, name: String, _ context: CommandContext) {
    guard let scale, let range = scale.max.subtracting(scale.min),
      let hundred = scale.step.multiplied(by: ExactNumber(100)),
      hundred < range
    else { return }
    let p = context.presentation
    let (step, low, high) = (p.number(scale.step), p.number(scale.min), p.number(scale.max))
    let command = "'dialshot profiles grinder edit \(ShellWords.quoted(Formatting.visible(name))) --step N'"
    context.err.write(
      p.wrap(
        p.pick(
          "dialshot: note: a step of \(step) is under 1 % of the range \(low) to \(high), so it looks like the dial's resolution; the step is one dial-in step, the smallest change worth tasting, which 'grind finer 1 step' moves by (often 0.5 or 1 on a stepless grinder): set it with \(command)",
          de:
            "dialshot: Hinweis: ein Schritt von \(step) ist weniger als 1 % des Bereichs \(low) bis \(high) und sieht nach der Auflösung der Skala aus; gemeint ist aber eine Einstellstufe, die kleinste Änderung, die man schmeckt, um die „1 Stufe feiner mahlen“ verstellt (bei einer stufenlosen Mühle oft 0,5 oder 1): setzen mit \(command)",
          es:
            "dialshot: nota: un paso de \(step) es menos del 1 % del rango de \(low) a \(high), así que parece la resolución del dial; el paso es un paso de ajuste, el cambio más pequeño que se nota al probar, el que mueve «moler 1 punto más fino» (a menudo 0,5 o 1 en un molino sin pasos): ajústalo con \(command)"
        )))
  }

  private static func archive(
    _ kind: ProfileKind, _ name: String, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    let restore = arguments.flag("--restore")
    let id: Int64
    let display: String
    switch kind {
    case .bean:
      let bean = try store.profiles.findBean(name)
      (id, display) = (bean.id, bean.name)
    case .grinder:
      let grinder = try store.profiles.findGrinder(name)
      (id, display) = (grinder.id, grinder.name)
    case .basket:
      let basket = try store.profiles.findBasket(name)
      (id, display) = (basket.id, basket.name)
    }
    try store.profiles.setArchived(kind, id: id, archived: !restore)
    let shown = Formatting.visible(display)
    let (de, es) = kindWords(kind)
    context.out.line(
      context.presentation.pick(
        "\(restore ? "Restored" : "Archived") \(kind.rawValue) '\(shown)'.",
        de: "\(de.one) '\(shown)' \(restore ? "wiederhergestellt" : "archiviert").",
        es: "\(es.one) '\(shown)' \(restore ? "restaurado" : "archivado")."))
  }

  private static func list(_ kind: ProfileKind, _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    let store = try context.store(.readOnly)
    let all = arguments.flag("--all")
    let p = context.presentation
    let (w, archived) = (p.words, p.pick(" (archived)", de: " (archiviert)", es: " (archivado)"))
    let (name, notes) = (p.pick("name", de: "Name", es: "nombre"), p.pick("notes", de: "Notizen", es: "notas"))
    var table: TextTable
    switch kind {
    case .bean:
      table = TextTable(rightAligned: [false, false, false, false, false, false, false])
      table.add(
        [name]
          + (p.language == .english
            ? ["roaster", "origin", "process", "roast", "roasted"]
            : p.language == .german
              ? ["Rösterei", "Herkunft", "Aufbereitung", "Röstung", "geröstet"]
              : ["tostador", "origen", "proceso", "tueste", "tostado"]) + ["id"])
      for bean in try store.profiles.beans(includeArchived: all) {
        table.add(
          [
            bean.name + (bean.archivedAt == nil ? "" : archived), bean.roaster ?? "", bean.origin ?? "",
            bean.process ?? "", bean.roastLevel.map { roastWord($0, w) } ?? "", bean.roastDate?.text ?? "",
            String(bean.uuid.prefix(8)),
          ].map { Formatting.visible($0) })
      }
    case .grinder:
      table = TextTable(rightAligned: [false, false, false, false])
      table.add([name, p.pick("settings", de: "Einstellungen", es: "ajustes"), "id", notes])
      for grinder in try store.profiles.grinders(includeArchived: all) {
        table.add(
          [
            grinder.name + (grinder.archivedAt == nil ? "" : archived), describe(grinder, w),
            String(grinder.uuid.prefix(8)), grinder.notes ?? "",
          ].map { Formatting.visible($0) })
      }
    case .basket:
      table = TextTable(rightAligned: [false, false, false, false])
      table.add([name, p.pick("capacity", de: "Füllmenge", es: "capacidad"), "id", notes])
      for basket in try store.profiles.baskets(includeArchived: all) {
        table.add(
          [
            basket.name + (basket.archivedAt == nil ? "" : archived),
            basket.capacityG.map { Formatting.grams($0, w) } ?? "", String(basket.uuid.prefix(8)), basket.notes ?? "",
          ].map { Formatting.visible($0) })
      }
    }
    if table.rows.count == 1 {
      let (de, es) = kindWords(kind)
      let command = "'dialshot profiles \(kind.rawValue) add NAME'"
      context.out.line(
        p.pick(
          "No \(kind.rawValue)s yet. Add one with \(command).",
          de: "Noch keine \(de.many). \(de.anOne) anlegen mit \(command).",
          es: "Todavía no hay \(es.many). Añade uno con \(command)."))
    } else {
      context.out.write(table.render())
    }
    return .success
  }

  private static func machine(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        "'machine' takes no further arguments", de: "'machine' nimmt keine weiteren Argumente",
        es: "'machine' no lleva más argumentos")
    }
    for option in arguments.options where option != "--note" && option != "--db" {
      throw UsageError(
        "option '\(option)' does not apply to 'machine'", de: "die Option '\(option)' gilt nicht für 'machine'",
        es: "la opción '\(option)' no vale para 'machine'")
    }
    if let note = arguments.value("--note") {
      let store = try context.store()
      try store.setSetting(.machineNote, note.isEmpty ? nil : note)
      let p = context.presentation
      context.out.line(
        note.isEmpty
          ? p.pick("Cleared the machine note.", de: "Maschinennotiz gelöscht.", es: "Nota de la máquina borrada.")
          : p.pick("Machine note set.", de: "Maschinennotiz gesetzt.", es: "Nota de la máquina guardada."))
    } else {
      let store = try context.store(.readOnly)
      context.out.line(
        try store.setting(.machineNote)
          ?? context.presentation.pick(
            "No machine note. Set one with --note TEXT.", de: "Keine Maschinennotiz. Eine setzen mit --note TEXT.",
            es: "No hay nota de la máquina. Añade una con --note TEXT."))
    }
    return .success
  }

  /// `step 0.5 from 0 to 50, lower is finer` or the free-text note, in `w`'s language.
  static func describe(_ grinder: Grinder, _ w: Wording = Wording(.english)) -> String {
    describe(grinder.scale, note: grinder.settingsNote, w)
  }

  /// A scale as `describe(_:)` words it; without one, free-text settings with their note.
  static func describe(_ scale: GrinderScale?, note: String?, _ w: Wording = Wording(.english)) -> String {
    if scale != nil { return Formatting.scaleText(scale, w) }
    return Formatting.scaleText(nil, w) + (note.map { ": \(Formatting.visible($0))" } ?? "")
  }

  /// A profile kind's German and Spanish nouns: one (`Mühle`), many (`Mühlen`) and "one of them"
  /// (`Eine`) for "add one".
  static func kindWords(_ kind: ProfileKind) -> (
    de: (one: String, many: String, anOne: String),
    es: (
      one: String, many: String
    )
  ) {
    switch kind {
    case .bean: (("Kaffee", "Kaffees", "Einen"), ("Café", "cafés"))
    case .grinder: (("Mühle", "Mühlen", "Eine"), ("Molino", "molinos"))
    case .basket: (("Sieb", "Siebe", "Eines"), ("Filtro", "filtros"))
    }
  }

  /// A roast level as the bean list shows it: `light`, `hell`, `claro`.
  static func roastWord(_ level: RoastLevel, _ w: Wording) -> String {
    let words: [String: (de: String, es: String)] = [
      "light": ("hell", "claro"), "medium-light": ("mittelhell", "medio-claro"), "medium": ("mittel", "medio"),
      "medium-dark": ("mitteldunkel", "medio-oscuro"), "dark": ("dunkel", "oscuro"),
    ]
    guard let word = words[level.rawValue] else { return level.rawValue }
    return w.pick(level.rawValue, de: word.de, es: word.es)
  }
}

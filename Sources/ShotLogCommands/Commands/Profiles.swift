import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot profiles`: the beans, grinders and baskets shots are logged against, and the machine
/// note. Profiles can be edited and archived; history keeps pointing at them.
enum ProfilesCommand: Command {
  static let name = "profiles"
  static let abstract = "Add, list, edit and archive beans, grinders and baskets; set the machine note"
  static let usage = [
    "dialshot profiles bean add NAME [--roaster TEXT] [--roast-date YYYY-MM-DD] [--notes TEXT]",
    "dialshot profiles grinder add NAME (--step N --min N --max N --finer lower|higher | --settings TEXT) [--notes TEXT]",
    "dialshot profiles basket add NAME [--capacity G] [--notes TEXT]",
    "dialshot profiles (bean|grinder|basket) list [--all]",
    "dialshot profiles (bean|grinder|basket) edit NAME [--name NEW] [the add options]",
    "dialshot profiles (bean|grinder|basket) archive NAME [--restore]",
    "dialshot profiles machine [--note TEXT]",
  ]
  static let details = """
    A grinder either has a numeric scale — its step size, lowest and highest setting, and whether
    lower or higher numbers grind finer — so that "grind finer 1 step" can be previewed and applied,
    or free-text settings ("3 clicks") described with --settings, in which case grind changes are
    suggested but must be set by hand.

    NAME may also be the start of a profile's id (at least 4 characters). An empty value clears an
    optional field when editing (--notes ""). Archived profiles are hidden from lists (show them with
    --all) and keep their history.

    Options:
      --roaster TEXT, --roast-date YYYY-MM-DD, --notes TEXT    bean fields
      --step N, --min N, --max N, --finer lower|higher          a grinder's numeric scale
      --settings TEXT                                           a grinder's free-text settings
      --capacity G                                              a basket's nominal dose
      --name NEW                                                rename (edit)
      --all                                                     include archived profiles (list)
      --restore                                                 un-archive (archive)
      --note TEXT                                               the machine note (machine)
    """
  static let spec = ArgumentSpec(
    options: [
      "--roaster", "--roast-date", "--notes", "--step", "--min", "--max", "--finer", "--settings", "--capacity",
      "--name", "--note",
    ], flags: ["--all", "--restore"], minPositionals: 1, maxPositionals: 3)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let kindWord = arguments.positionals[0]
    if kindWord == "machine" { return try machine(arguments, context) }
    guard let kind = ProfileKind(rawValue: kindWord) else {
      throw UsageError("unknown profile kind '\(kindWord)'; expected bean, grinder, basket or machine")
    }
    guard arguments.positionals.count >= 2 else { throw UsageError("missing action: add, list, edit or archive") }
    let action = arguments.positionals[1]
    let name = arguments.positionals.count > 2 ? arguments.positionals[2] : nil
    try checkOptions(kind: kind, action: action, arguments)
    switch action {
    case "list":
      if name != nil { throw UsageError("'list' takes no name") }
      return try list(kind, arguments, context)
    case "add", "edit", "archive":
      guard let name else { throw UsageError("'\(action)' needs a NAME") }
      let store = try context.store()
      switch action {
      case "add": try add(kind, name, arguments, store, context)
      case "edit": try edit(kind, name, arguments, store, context)
      default: try archive(kind, name, arguments, store, context)
      }
      return .success
    default:
      throw UsageError("unknown action '\(action)'; expected add, list, edit or archive")
    }
  }

  /// Refuses options that do not belong to this kind and action, so a typo is never ignored.
  private static func checkOptions(kind: ProfileKind, action: String, _ arguments: ParsedArguments) throws {
    var allowed: Set<String> = ["--db"]
    let fields: [String] =
      switch kind {
      case .bean: ["--roaster", "--roast-date", "--notes"]
      case .grinder: ["--step", "--min", "--max", "--finer", "--settings", "--notes"]
      case .basket: ["--capacity", "--notes"]
      }
    switch action {
    case "add": allowed.formUnion(fields)
    case "edit": allowed.formUnion(fields + ["--name"])
    default: break
    }
    for option in arguments.options where !allowed.contains(option) {
      throw UsageError("option '\(option)' does not apply to '\(kind.rawValue) \(action)'")
    }
    if arguments.flag("--all"), action != "list" { throw UsageError("'--all' applies to 'list' only") }
    if arguments.flag("--restore"), action != "archive" { throw UsageError("'--restore' applies to 'archive' only") }
  }

  /// An optional text option: nil when not given, `.some(nil)` when given empty (clear).
  private static func text(_ arguments: ParsedArguments, _ option: String) -> String?? {
    guard let value = arguments.value(option) else { return nil }
    return .some(value.isEmpty ? nil : value)
  }

  private static func roastDate(_ arguments: ParsedArguments) throws -> CalendarDate?? {
    guard let value = arguments.value("--roast-date") else { return nil }
    if value.isEmpty { return .some(nil) }
    guard let date = CalendarDate.parse(value) else {
      throw CommandError(
        .invalid, "--roast-date: expected a date as YYYY-MM-DD, found '\(value)'",
        help: "dates like 11.09.2021 are ambiguous (day or month first?), so only ISO dates are accepted")
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
        guard let existing else { throw UsageError("a numeric grinder scale needs --step, --min, --max and --finer") }
        return existing
      }
      guard let value = ExactNumber(text) else {
        throw CommandError(.invalid, "\(option): expected a number, found '\(text)'")
      }
      return value
    }
    var finer = current?.finer
    if let text = arguments.value("--finer") {
      guard let direction = ShotRecord.FinerDirection(rawValue: text) else {
        throw CommandError(.invalid, "--finer: expected 'lower' or 'higher', found '\(text)'")
      }
      finer = direction
    }
    guard let finer else { throw UsageError("a numeric grinder scale needs --step, --min, --max and --finer") }
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
      let bean = try store.addBean(
        name: name, roaster: text(arguments, "--roaster") ?? nil, roastDate: try roastDate(arguments) ?? nil,
        notes: text(arguments, "--notes") ?? nil)
      context.out.line("Added bean '\(bean.name)' (\(bean.uuid.prefix(8))).")
    case .grinder:
      let scale = try scale(arguments, current: nil) ?? nil
      let settings = text(arguments, "--settings") ?? nil
      if scale != nil, settings != nil {
        throw UsageError("give either a numeric scale (--step, --min, --max, --finer) or --settings, not both")
      }
      let grinder = try store.addGrinder(
        name: name, scale: scale, settingsNote: settings, notes: text(arguments, "--notes") ?? nil)
      context.out.line("Added grinder '\(grinder.name)' (\(grinder.uuid.prefix(8))): \(describe(grinder)).")
    case .basket:
      let basket = try store.addBasket(
        name: name, capacityG: try capacity(arguments) ?? nil, notes: text(arguments, "--notes") ?? nil)
      context.out.line("Added basket '\(basket.name)' (\(basket.uuid.prefix(8))).")
    }
  }

  private static func edit(
    _ kind: ProfileKind, _ name: String, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    guard arguments.options.contains(where: { $0 != "--db" }) else {
      throw UsageError("nothing to change; give at least one field option")
    }
    let newName = arguments.value("--name")
    if let newName, newName.isEmpty { throw UsageError("'--name' cannot be empty") }
    switch kind {
    case .bean:
      var bean = try store.findBean(name)
      if let newName { bean.name = newName }
      if let roaster = text(arguments, "--roaster") { bean.roaster = roaster }
      if let date = try roastDate(arguments) { bean.roastDate = date }
      if let notes = text(arguments, "--notes") { bean.notes = notes }
      try store.updateBean(bean)
      context.out.line("Updated bean '\(bean.name)'.")
    case .grinder:
      var grinder = try store.findGrinder(name)
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
      try store.updateGrinder(grinder)
      context.out.line("Updated grinder '\(grinder.name)': \(describe(grinder)).")
    case .basket:
      var basket = try store.findBasket(name)
      if let newName { basket.name = newName }
      if let capacity = try capacity(arguments) { basket.capacityG = capacity }
      if let notes = text(arguments, "--notes") { basket.notes = notes }
      try store.updateBasket(basket)
      context.out.line("Updated basket '\(basket.name)'.")
    }
  }

  private static func archive(
    _ kind: ProfileKind, _ name: String, _ arguments: ParsedArguments, _ store: ShotLogStore, _ context: CommandContext
  ) throws {
    let restore = arguments.flag("--restore")
    let id: Int64
    let display: String
    switch kind {
    case .bean:
      let bean = try store.findBean(name)
      (id, display) = (bean.id, bean.name)
    case .grinder:
      let grinder = try store.findGrinder(name)
      (id, display) = (grinder.id, grinder.name)
    case .basket:
      let basket = try store.findBasket(name)
      (id, display) = (basket.id, basket.name)
    }
    try store.setArchived(kind, id: id, archived: !restore)
    context.out.line("\(restore ? "Restored" : "Archived") \(kind.rawValue) '\(display)'.")
  }

  private static func list(_ kind: ProfileKind, _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    let store = try context.store(.readOnly)
    let all = arguments.flag("--all")
    var table: TextTable
    switch kind {
    case .bean:
      table = TextTable(rightAligned: [false, false, false, false, false])
      table.add(["name", "roaster", "roasted", "id", "notes"])
      for bean in try store.beans(includeArchived: all) {
        table.add([
          bean.name + (bean.archivedAt == nil ? "" : " (archived)"), bean.roaster ?? "", bean.roastDate?.text ?? "",
          String(bean.uuid.prefix(8)), bean.notes ?? "",
        ])
      }
    case .grinder:
      table = TextTable(rightAligned: [false, false, false, false])
      table.add(["name", "settings", "id", "notes"])
      for grinder in try store.grinders(includeArchived: all) {
        table.add([
          grinder.name + (grinder.archivedAt == nil ? "" : " (archived)"), describe(grinder),
          String(grinder.uuid.prefix(8)), grinder.notes ?? "",
        ])
      }
    case .basket:
      table = TextTable(rightAligned: [false, false, false, false])
      table.add(["name", "capacity", "id", "notes"])
      for basket in try store.baskets(includeArchived: all) {
        table.add([
          basket.name + (basket.archivedAt == nil ? "" : " (archived)"),
          basket.capacityG.map { Formatting.grams($0) } ?? "", String(basket.uuid.prefix(8)), basket.notes ?? "",
        ])
      }
    }
    if table.rows.count == 1 {
      context.out.line("No \(kind.rawValue)s yet. Add one with 'dialshot profiles \(kind.rawValue) add NAME'.")
    } else {
      context.out.write(table.render())
    }
    return .success
  }

  private static func machine(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard arguments.positionals.count == 1 else { throw UsageError("'machine' takes no further arguments") }
    for option in arguments.options where option != "--note" && option != "--db" {
      throw UsageError("option '\(option)' does not apply to 'machine'")
    }
    if let note = arguments.value("--note") {
      let store = try context.store()
      try store.setSetting("machine_note", note.isEmpty ? nil : note)
      context.out.line(note.isEmpty ? "Cleared the machine note." : "Machine note set.")
    } else {
      let store = try context.store(.readOnly)
      context.out.line(try store.setting("machine_note") ?? "No machine note. Set one with --note TEXT.")
    }
    return .success
  }

  /// `step 0.5 from 0 to 50, lower is finer` or the free-text note.
  static func describe(_ grinder: Grinder) -> String {
    if let scale = grinder.scale {
      return
        "step \(scale.step.decimalText) from \(scale.min.decimalText) to \(scale.max.decimalText), \(scale.finer.rawValue) is finer"
    }
    return "free-text settings" + (grinder.settingsNote.map { ": \($0)" } ?? "")
  }
}

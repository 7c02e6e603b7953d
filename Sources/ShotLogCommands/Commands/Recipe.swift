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
      if change.grinderID == nil, try store.profiles.activeSnapshot(beanID: bean.id) == nil,
        let grinder = try context.defaultGrinder(in: store)
      {
        change.grinderID = grinder.id
      }
      let snapshot = try store.profiles.setRecipe(for: bean, change)
      try context.remember(bean: bean, grinder: try store.profiles.grinder(id: snapshot.grinderID), in: store)
      let shown = Formatting.visible(bean.name)
      context.out.line(
        context.presentation.pick(
          "New recipe for '\(shown)':", de: "Neues Rezept für '\(shown)':", es: "Nueva receta para '\(shown)':"))
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
      let snapshot = try store.profiles.scaleRecipe(
        for: bean, toDose: try Quantity.dose.parse(doseText, option: "--dose"))
      let p = context.presentation
      let shown = Formatting.visible(bean.name)
      let why =
        snapshot.reasonDetail.map { detailText($0, p.words) } ?? p.pick("scaled", de: "skaliert", es: "escalada")
      context.out.line(
        p.pick(
          "New recipe for '\(shown)' (\(why)):", de: "Neues Rezept für '\(shown)' (\(why)):",
          es: "Nueva receta para '\(shown)' (\(why)):"))
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
    if let name = arguments.value("--grinder") { change.grinderID = try store.profiles.findGrinder(name).id }
    if let name = arguments.value("--basket") {
      change.basketID = name.isEmpty ? .some(nil) : try store.profiles.findBasket(name).id
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
    let snapshots = try store.profiles.snapshots(beanID: bean.id)
    guard let active = try store.profiles.activeSnapshot(beanID: bean.id) else {
      throw ShotLogError.noRecipe(bean: bean.name)
    }
    let p = context.presentation
    if history {
      let shown = Formatting.visible(bean.name)
      context.out.line(
        p.pick(
          "Recipe snapshots for '\(shown)', oldest first:", de: "Rezeptstände für '\(shown)', älteste zuerst:",
          es: "Versiones de la receta de '\(shown)', de la más antigua a la más reciente:"))
      var table = TextTable(rightAligned: [false, false, false, true, true, true, false, false])
      let clock = Formatting.clockLabel(p)
      table.add(
        p.language == .english
          ? ["created (\(clock))", "why", "grinder", "dose", "yield", "time", "grind", "detail"]
          : p.language == .german
            ? ["erstellt (\(clock))", "warum", "Mühle", "Dosis", "Ausbeute", "Durchlaufzeit", "Mahlgrad", "Details"]
            : ["creada (\(clock))", "motivo", "molino", "dosis", "rendimiento", "tiempo", "molienda", "detalle"])
      let origins = try store.profiles.snapshotOrigins(beanID: bean.id)
      let w = p.words
      for s in snapshots {
        let grinder = try store.profiles.grinder(id: s.grinderID)?.name ?? "?"
        table.add([
          p.clock.short(s.createdAt), reasonWord(s.reason, w) + (s.id == active.id ? " *" : ""),
          Formatting.visible(grinder), Formatting.grams(s.doseG, w), Formatting.grams(s.yieldG, w),
          Formatting.seconds(s.timeS, w), Formatting.grindText(s.grind.text, w),
          try detail(s, origin: origins[s.id], store, p),
        ])
      }
      context.out.write(table.render(indent: "  "))
      context.out.line(p.pick("  (* active)", de: "  (* aktiv)", es: "  (* activa)"))
    } else {
      let shown = Formatting.visible(bean.name)
      let roaster = bean.roaster.map { " (\(Formatting.visible($0)))" } ?? ""
      context.out.line(
        p.pick(
          "Recipe for '\(shown)'\(roaster):", de: "Rezept für '\(shown)'\(roaster):",
          es: "Receta de '\(shown)'\(roaster):"))
      context.out.write(try describe(active, store, p))
    }
    return .success
  }

  /// Why a snapshot was made, in a barista's words: the shot by its number and the suggestion by
  /// what it said (`accepted for shot #9: Grind finer by 1 step`, `undid the accept for shot #9`),
  /// never a shot's UUID or a rule id; else the detail stored with it (`scaled from 18 g to 20 g`).
  static func detail(
    _ s: RecipeSnapshot, origin: ShotLogStore.SnapshotOrigin?, _ store: ShotLogStore, _ p: Presentation = .plain
  ) throws -> String {
    switch origin {
    case .accepted(let shot)?:
      let text = try store.shots.attempt(id: shot)?.suggestion.map { SuggestionWords.decisionText($0, p) }
      return p.pick(
        "accepted for shot #\(shot)", de: "angenommen für Bezug #\(shot)", es: "aceptada para la extracción #\(shot)")
        + (text.map { ": " + Formatting.visible($0) } ?? "")
    case .undone(let shot)?:
      return p.pick(
        "undid the accept for shot #\(shot)", de: "Annahme für Bezug #\(shot) rückgängig gemacht",
        es: "deshecha la aceptación de la extracción #\(shot)")
    case nil:
      return detailText(s.reasonDetail ?? "", p.words)
    }
  }

  /// A snapshot's reason: `new`, `set`, `scale`, `accept` (the stored words) in `w`'s language.
  static func reasonWord(_ reason: RecipeSnapshot.Reason, _ w: Wording) -> String {
    switch reason {
    case .new: w.pick("new", de: "neu", es: "nueva")
    case .set: w.pick("set", de: "gesetzt", es: "fijada")
    case .scale: w.pick("scale", de: "skaliert", es: "escalada")
    case .accept: w.pick("accept", de: "angenommen", es: "aceptada")
    }
  }

  /// A snapshot's stored detail in `w`'s language: the log's own English sentences (`scaled from
  /// 18 g to 20 g, ratio 1:2.03`, `grinder 'Niche' has a new scale: step 0.5 from 0 to 50, lower
  /// is finer`, `accepted for shot 1a2b3c4d: Grind finer by 1 step (sour_fast)`, `undid the accept
  /// for shot 1a2b3c4d (…)`, `imported from …`) translated, with the decimal comma; the barista's
  /// own `--why` text as written.
  static func detailText(_ detail: String, _ w: Wording) -> String {
    let text = Formatting.visible(detail)
    guard w.language != .english else { return text }
    let de = w.language == .german
    let undid = "undid the accept for shot "
    if text.hasPrefix(undid), text.hasSuffix(")"), let open = text.firstIndex(of: "(") {
      let shot = String(text[text.index(text.startIndex, offsetBy: undid.count)..<open]).trimmed
      let inner = detailText(String(text[text.index(after: open)..<text.index(before: text.endIndex)]), w)
      return w.pick(
        "", de: "Annahme für Bezug \(shot) rückgängig gemacht (\(inner))",
        es: "deshecha la aceptación de la extracción \(shot) (\(inner))")
    }
    let accepted = "accepted for shot "
    if text.hasPrefix(accepted), let colon = text.firstRange(of: ": ") {
      let shot = text[text.index(text.startIndex, offsetBy: accepted.count)..<colon.lowerBound]
      var change = String(text[colon.upperBound...])
      var rules = ""
      if change.hasSuffix(")"), let open = change.ranges(of: " (").last {
        rules = String(change[open.lowerBound...])
        change = String(change[..<open.lowerBound])
      }
      let words = Formatting.adjustment(change).map { w.sentence($0) } ?? change
      return w.pick("", de: "angenommen für Bezug \(shot): ", es: "aceptada para la extracción \(shot): ")
        + words + rules
    }
    let known: [(en: String, de: String, es: String)] = [
      ("scaled from ", "skaliert von ", "escalada de "), ("grinder '", "Mühle '", "molino '"),
      ("imported from ", "importiert aus ", "importada de "),
    ]
    guard let prefix = known.first(where: { text.hasPrefix($0.en) }) else { return text }
    var out = (de ? prefix.de : prefix.es) + text.dropFirst(prefix.en.count)
    let words: [(en: String, de: String, es: String)] = [
      (" g to ", " g auf ", " g a "), (", ratio ", ", Ratio ", ", ratio "),
      ("' has a new scale: ", "' hat eine neue Skala: ", "' tiene una escala nueva: "),
      ("free-text settings", "Einstellungen als Freitext", "ajustes en texto libre"),
    ]
    for word in words { out = out.replacing(word.en, with: de ? word.de : word.es) }
    if let scale = out.firstRange(of: ": step ") {
      // `step 0.5 from 0 to 50, lower is finer`: the scale in the words `scaleText` uses.
      var rest = String(out[scale.upperBound...])
      for (en, translated) in [
        (" from ", de ? " von " : " de "), (" to ", de ? " bis " : " a "),
        (", lower is finer", ", " + ScaleRuns.words(.lower, w)),
        (", higher is finer", ", " + ScaleRuns.words(.higher, w)),
      ] {
        rest = rest.replacing(en, with: translated)
      }
      out = out[..<scale.lowerBound] + (de ? ": Schritt " : ": paso ") + rest
    }
    return Wording.decimalComma(out)
  }

  /// The snapshot as indented `key value` lines (the grinder with the scale the snapshot was made
  /// on).
  static func describe(_ s: RecipeSnapshot, _ store: ShotLogStore, _ p: Presentation) throws -> String {
    var table = TextTable(rightAligned: [false, false])
    let grinder = try store.profiles.grinder(id: s.grinderID)
    let w = p.words
    let field = { (en: String) in ReviewRenderer.differenceField(en, w) }
    table.add([
      field("grinder"),
      "\(Formatting.visible(grinder?.name ?? "?")) (\(ProfilesCommand.describe(s.grinderScale, note: grinder?.settingsNote, w)))",
    ])
    table.add([field("grind"), Formatting.grindText(s.grind.text, w)])
    if let basketID = s.basketID {
      table.add([field("basket"), Formatting.visible(try store.profiles.basket(id: basketID)?.name ?? "?")])
    }
    table.add([field("dose"), Formatting.grams(s.doseG, w)])
    table.add([
      field("yield"), Formatting.grams(s.yieldG, w) + "  (\(w.field("ratio")) \(Formatting.ratio(s.ratio, w)))",
    ])
    table.add([field("time"), Formatting.seconds(s.timeS, w)])
    if let t = s.temperatureC { table.add([field("temperature"), Formatting.celsius(t, w)]) }
    if let note = s.temperatureNote {
      table.add([
        p.pick("temperature note", de: "Temperaturnotiz", es: "nota de temperatura"), Formatting.visible(note),
      ])
    }
    var since = "\(reasonWord(s.reason, w)), \(p.clock.long(s.createdAt))"
    if let detail = s.reasonDetail { since += " — \(detailText(detail, w))" }
    table.add([p.pick("snapshot", de: "Rezeptstand", es: "versión"), "\(s.uuid.prefix(8)) (\(since))"])
    return table.render(indent: "  ")
  }
}

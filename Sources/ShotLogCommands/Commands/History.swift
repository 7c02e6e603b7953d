import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot history`: the logged shots, newest first, with what the rules suggested (or why they
/// could not), whether it was taken, flow problems, ratings and the bean's age — as a table, or as
/// one block per shot when the table does not fit the terminal.
enum HistoryCommand: Command {
  static let name = "history"
  static let abstract = "List logged shots (filter by bean, grinder, dates, taste)"
  static let usage = [
    "dialshot history [--bean NAME] [--grinder NAME] [--from DATE] [--to DATE] [--taste TAG] [--limit N | --all]"
  ]
  static let details = """
    Newest first; 20 shots unless --limit or --all. Dates are YYYY-MM-DD, local days (UTC days with
    --utc), or times as 'dialshot log --at' reads them; --to includes the whole day it names.
    "age" is days since the roast date of the bag the shot was pulled from. Under the shots, a
    bean with more than one bag, or a bag whose weight is known, gets a line per bag: its shots,
    and the grams left (the weight less the doses of the shots that count) when the weight is
    known. A voided shot is shown as "void"; a corrected one points to
    its correction ("→ #7"), and the correction says what it fixes ("fixes #3").

    Options:
      --bean NAME, --grinder NAME    only this bean / grinder
      --from DATE, --to DATE         only shots pulled in this range
      --taste TAG                    only shots whose verdict includes this taste
      --limit N                      at most N shots (default 20)
      --all                          every matching shot
      --verbose                      show the reason codes of abstentions
    """
  static let spec = ArgumentSpec(
    options: ["--bean", "--grinder", "--from", "--to", "--taste", "--limit"], flags: ["--all", "--verbose"],
    maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    var filter = HistoryFilter(limit: 20)
    if let name = arguments.value("--bean") { filter.beanID = try store.profiles.findBean(name).id }
    if let name = arguments.value("--grinder") { filter.grinderID = try store.profiles.findGrinder(name).id }
    let now = context.environment.now()
    if let text = arguments.value("--from") { filter.from = try time(text, "--from", endOfDay: false, context, now) }
    if let text = arguments.value("--to") { filter.until = try time(text, "--to", endOfDay: true, context, now) }
    if let text = arguments.value("--taste") {
      let tags = try Validation.tastes([text])
      guard tags.members.count == 1, let tag = tags.members.first else {
        let shown = Formatting.visible(text)
        throw CommandError(
          .invalid, "--taste: give exactly one taste tag, found '\(shown)'",
          de: "--taste: genau eine Geschmacksangabe, gefunden '\(shown)'",
          es: "--taste: indica exactamente un sabor, se encontró '\(shown)'")
      }
      filter.taste = tag
    }
    if arguments.flag("--all") {
      if arguments.given("--limit") {
        throw UsageError(
          "give --limit or --all, not both", de: "--limit oder --all angeben, nicht beides",
          es: "usa --limit o --all, no los dos")
      }
      filter.limit = nil
    } else if let text = arguments.value("--limit") {
      guard let limit = Int(text), limit > 0 else { throw UsageError.positiveWholeNumber("--limit") }
      filter.limit = limit
    }
    let rows = try store.shots.history(filter)
    if rows.isEmpty {
      context.out.line(
        context.presentation.pick(
          "No shots match.", de: "Keine passenden Bezüge.", es: "Ninguna extracción coincide."))
      return .success
    }
    context.out.write(render(rows, context.presentation))
    context.out.write(try bagLines(rows, filter: filter, store, context.presentation))
    if let limit = filter.limit, rows.count == limit {
      context.out.write(
        context.presentation.wrap(
          context.presentation.pick(
            "(showing the newest \(limit); use --all or --limit N for more)",
            de: "(die neuesten \(limit); mehr mit --all oder --limit N)",
            es: "(se muestran las \(limit) más recientes; para ver más, --all o --limit N)")))
    }
    return .success
  }

  /// The rows as a table, or as blocks when the table is wider than the terminal.
  static func render(_ rows: [HistoryRow], _ p: Presentation) -> String {
    var table = TextTable(
      rightAligned: [true, false, false, false, false, true, true, true, false, false, true, true, false, false])
    let clock = Formatting.clockLabel(p)
    table.add(
      p.language == .english
        ? [
          "#", "pulled (\(clock))", "bean", "grinder", "grind", "dose", "yield", "time", "taste", "flow", "★", "age",
          "suggestion", "answer",
        ]
        : p.language == .german
          ? [
            "#", "gezogen (\(clock))", "Kaffee", "Mühle", "Mahlgrad", "Dosis", "Ausbeute", "Zeit", "Geschmack", "Fluss",
            "★", "Alter", "Vorschlag", "Antwort",
          ]
          : [
            "#", "hecha (\(clock))", "café", "molino", "molienda", "dosis", "rendimiento", "tiempo", "sabor", "flujo",
            "★", "edad", "sugerencia", "respuesta",
          ])
    let w = p.words
    for row in rows {
      table.add([
        String(row.attemptID), p.clock.short(row.pulledAt), Formatting.visible(row.beanName),
        Formatting.visible(row.grinderName), Formatting.grindText(row.grind, w), Formatting.grams(row.doseG, w),
        Formatting.grams(row.yieldG, w), Formatting.seconds(row.timeS, w), Formatting.storedTags(row.tasteText, w),
        row.flowText.flatMap { $0.isEmpty ? nil : Formatting.storedTags($0, w) } ?? "",
        row.rating.map { w.number($0) } ?? "",
        row.daysSinceRoast.map { "\($0) " + w.pick("d", de: "T", es: "d") } ?? "",
        SuggestionWords.label(row, verbose: p.verbose, w), status(row, w),
      ])
    }
    let text = table.render()
    guard let width = p.fitWidth, text.split(separator: "\n").contains(where: { TerminalColumns.of($0) > width })
    else { return text }
    var out = ""
    for row in rows {
      out += p.wrap(
        "#\(row.attemptID) · \(p.clock.short(row.pulledAt)) · \(Formatting.visible(row.beanName))",
        continuation: "    ")
      let into = p.pick(" in ", de: " in ", es: " en ")
      out += p.wrap(
        "\(Formatting.visible(row.grinderName)) \(Formatting.grindText(row.grind, w)) · \(Formatting.grams(row.doseG, w)) → \(Formatting.grams(row.yieldG, w))\(into)\(Formatting.seconds(row.timeS, w))",
        indent: "    ", continuation: "      ")
      var tasted = [
        row.tasteText == nil
          ? p.pick("not tasted", de: "nicht verkostet", es: "sin catar") : Formatting.storedTags(row.tasteText, w)
      ]
      if let flow = row.flowText, !flow.isEmpty {
        tasted.append(p.pick("flow: ", de: "Fluss: ", es: "flujo: ") + Formatting.storedTags(flow, w))
      }
      if let rating = row.rating { tasted.append("★ \(w.number(rating))") }
      if let days = row.daysSinceRoast { tasted.append(Formatting.daysText(days, w)) }
      out += p.wrap(tasted.joined(separator: " · "), indent: "    ", continuation: "      ")
      let answer = status(row, w)
      out += p.wrap(
        SuggestionWords.label(row, verbose: p.verbose, w) + (answer.isEmpty ? "" : " — " + answer), indent: "    ",
        continuation: "      ")
    }
    return out
  }

  /// `Guji, bag 2 (current; roasted 2026-11-20, 250 g): 3 shots, 196 g left`, one line per bag of
  /// each bean shown that has more than one bag or a bag of known weight; empty otherwise.
  static func bagLines(_ rows: [HistoryRow], filter: HistoryFilter, _ store: ShotLogStore, _ p: Presentation) throws
    -> String
  {
    var beans: [Bean] = []
    let all = try store.profiles.beans(includeArchived: true)
    for row in rows where !beans.contains(where: { $0.name == row.beanName }) {
      if let bean = all.first(where: { $0.name == row.beanName }) { beans.append(bean) }
    }
    var out = ""
    for bean in beans {
      let usage = try store.profiles.bagUsage(beanID: bean.id)
      guard usage.count > 1 || usage.contains(where: { $0.bag.weightG != nil }) else { continue }
      if out.isEmpty { out = "\n" }
      let w = p.words
      for (index, item) in usage.enumerated() {
        var facts = index == usage.count - 1 ? [p.pick("current", de: "aktuell", es: "actual")] : []
        if let described = ProfilesCommand.describe(item.bag, w) { facts.append(described) }
        var line = "\(Formatting.visible(bean.name)), " + p.pick("bag", de: "Packung", es: "bolsa") + " \(item.number)"
        if !facts.isEmpty { line += " (" + facts.joined(separator: "; ") + ")" }
        line += ": " + Formatting.shots(item.shots, w)
        if let left = item.leftG {
          let grams = Formatting.grams(left, w)
          line += p.pick(", \(grams) left", de: ", \(grams) übrig", es: ", quedan \(grams)")
        }
        out += p.wrap(line, continuation: "    ")
      }
    }
    return out
  }

  /// `accepted`, `accepted, undone`, `rejected`, `void: …`, `→ #7`, `fixes #3`.
  static func status(_ row: HistoryRow, _ w: Wording = Wording(.english)) -> String {
    var parts: [String] = []
    if let action = row.eventAction {
      let word =
        action == .accepted
        ? w.pick(action.rawValue, de: "angenommen", es: "aceptada")
        : w.pick(action.rawValue, de: "abgelehnt", es: "rechazada")
      parts.append(word + (row.undone ? w.pick(", undone", de: ", rückgängig", es: ", deshecha") : ""))
    }
    if let reason = row.voidReason {
      parts.append(w.pick("void: ", de: "verworfen: ", es: "anulada: ") + Formatting.visible(reason))
    }
    if let by = row.correctedByID { parts.append("→ #\(by)") }
    if let amends = row.amendsID { parts.append(w.pick("fixes", de: "berichtigt", es: "corrige") + " #\(amends)") }
    return parts.joined(separator: "; ")
  }

  /// A date (the start of that local day, or of the next one for an inclusive end) or a time.
  static func time(_ text: String, _ option: String, endOfDay: Bool, _ context: CommandContext, _ now: Timestamp)
    throws -> Timestamp
  {
    let clock = context.presentation.clock
    if let date = CalendarDate.parse(text) {
      guard endOfDay else { return clock.start(of: date) }
      let next = Timestamp(millisecondsSinceEpoch: (date.daysSinceEpoch + 1) * 86_400_000).date
      return clock.start(of: next)
    }
    if case .success(let time) = clock.parse(text, now: now) { return time }
    throw CommandError(
      .invalid,
      "\(option): expected a date YYYY-MM-DD or a time such as 2026-03-01 08:15, found '\(Formatting.visible(text))'",
      de:
        "\(option): erwartet ein Datum YYYY-MM-DD oder eine Zeit wie 2026-03-01 08:15, gefunden '\(Formatting.visible(text))'",
      es:
        "\(option): se esperaba una fecha YYYY-MM-DD o una hora como 2026-03-01 08:15, se encontró '\(Formatting.visible(text))'"
    )
  }
}

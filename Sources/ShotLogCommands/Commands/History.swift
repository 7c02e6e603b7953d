import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot history`: the logged shots, newest first, with what the rules suggested and whether it
/// was taken.
enum HistoryCommand: Command {
  static let name = "history"
  static let abstract = "List logged shots (filter by bean, grinder, dates, taste)"
  static let usage = [
    "dialshot history [--bean NAME] [--grinder NAME] [--from DATE] [--to DATE] [--taste TAG] [--limit N | --all]"
  ]
  static let details = """
    Newest first; 20 shots unless --limit or --all. Dates are YYYY-MM-DD (UTC) or full ISO 8601
    times; --to includes the whole day it names.

    Options:
      --bean NAME, --grinder NAME    only this bean / grinder
      --from DATE, --to DATE         only shots pulled in this range
      --taste TAG                    only shots whose verdict includes this taste
      --limit N                      at most N shots (default 20)
      --all                          every matching shot
    """
  static let spec = ArgumentSpec(
    options: ["--bean", "--grinder", "--from", "--to", "--taste", "--limit"], flags: ["--all"], maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    var filter = HistoryFilter(limit: 20)
    if let name = arguments.value("--bean") { filter.beanID = try store.findBean(name).id }
    if let name = arguments.value("--grinder") { filter.grinderID = try store.findGrinder(name).id }
    if let text = arguments.value("--from") { filter.from = try time(text, "--from", endOfDay: false) }
    if let text = arguments.value("--to") { filter.until = try time(text, "--to", endOfDay: true) }
    if let text = arguments.value("--taste") {
      let tags = try Validation.tastes([text])
      guard tags.members.count == 1, let tag = tags.members.first else {
        throw CommandError(.invalid, "--taste: give exactly one taste tag, found '\(text)'")
      }
      filter.taste = tag
    }
    if arguments.flag("--all") {
      if arguments.given("--limit") { throw UsageError("give --limit or --all, not both") }
      filter.limit = nil
    } else if let text = arguments.value("--limit") {
      guard let limit = Int(text), limit > 0 else { throw UsageError("'--limit' needs a positive whole number") }
      filter.limit = limit
    }
    let rows = try store.history(filter)
    if rows.isEmpty {
      context.out.line("No shots match.")
      return .success
    }
    var table = TextTable(rightAligned: [true, false, false, false, false, true, true, true, false, false, false])
    table.add([
      "#", "pulled (UTC)", "bean", "grinder", "grind", "dose", "yield", "time", "taste", "suggestion", "answer",
    ])
    for row in rows {
      table.add([
        String(row.attemptID), row.pulledAt.shortText, row.beanName, row.grinderName, row.grind,
        Formatting.grams(row.doseG), Formatting.grams(row.yieldG), Formatting.seconds(row.timeS),
        Formatting.storedTags(row.tasteText), Formatting.decisionLabel(kind: row.decisionKind, text: row.decisionText),
        row.eventAction ?? "",
      ])
    }
    context.out.write(table.render())
    if let limit = filter.limit, rows.count == limit {
      context.out.line("(showing the newest \(limit); use --all or --limit N for more)")
    }
    return .success
  }

  /// A date (start of that UTC day, or the next day's start for an inclusive end) or an ISO time.
  static func time(_ text: String, _ option: String, endOfDay: Bool) throws -> Timestamp {
    if let date = CalendarDate.parse(text) {
      let start = date.start
      return endOfDay ? Timestamp(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 86_400_000) : start
    }
    if let time = Timestamp.parse(text) { return time }
    throw CommandError(.invalid, "\(option): expected a date YYYY-MM-DD or an ISO 8601 time, found '\(text)'")
  }
}

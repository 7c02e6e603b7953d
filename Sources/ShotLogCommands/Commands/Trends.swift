import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot trends BEAN`: how a bean's shots moved — the grind each was pulled at (with ↓ for a
/// finer and ↑ for a coarser setting than the shot before on that grinder), each shot's time
/// against its recipe's target time, and where its taste sat between sour and bitter — as a
/// compact text chart.
enum TrendsCommand: Command {
  static let name = "trends"
  static let abstract = "Grind, time and taste balance over a bean's shots, as a text chart"
  static let usage = ["dialshot trends [BEAN] [--last N]"]
  static let details = """
    One row per shot, oldest first. The grind column shows the setting the shot was pulled at, with
    ↓ when it is finer and ↑ when it is coarser than the shot before on the same grinder (in the
    grinder's own direction). The time column places each shot (●) on a shared axis with its
    recipe's target time (│). The balance column places the taste between sour (left) and bitter
    (right): ● at the left for sour, in the middle for balanced, at the right for bitter, both ends
    for sour and bitter together, ○ for no verdict or other tastes only.

    Options:
      --last N    the newest N shots (default 30)
    """
  static let spec = ArgumentSpec(options: ["--last"], minPositionals: 0, maxPositionals: 1)

  /// Width of the time axis in characters.
  static let width = 31

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    var last = 30
    if let text = arguments.value("--last") {
      guard let n = Int(text), n > 0 else { throw UsageError("'--last' needs a positive whole number") }
      last = n
    }
    let store = try context.store(.readOnly)
    let bean = try context.bean(arguments.positionals.first, in: store)
    let rows = try store.history(HistoryFilter(beanID: bean.id, limit: last)).reversed().map { $0 }
    guard !rows.isEmpty else {
      context.out.line("No shots of '\(bean.name)' yet.")
      return .success
    }
    var grinders: [String: Grinder] = [:]
    for g in try store.grinders(includeArchived: true) { grinders[g.name] = g }
    context.out.write(chart(bean: bean, rows: rows, grinders: grinders))
    return .success
  }

  static func chart(bean: Bean, rows: [HistoryRow], grinders: [String: Grinder] = [:]) -> String {
    let values = rows.flatMap { [$0.timeS, $0.targetTimeS].compactMap { $0 } }
    let low = (values.min() ?? .zero).rounded(places: 0).subtracting(ExactNumber(1)) ?? .zero
    let high = (values.max() ?? ExactNumber(1)).rounded(places: 0).adding(ExactNumber(1)) ?? ExactNumber(1)
    func column(_ value: ExactNumber) -> Int? {
      guard let span = high.subtracting(low), !span.isZero, let offset = value.subtracting(low),
        let scaled = offset.multiplied(by: ExactNumber(width - 1))?.divided(by: span)
      else { return nil }
      return min(width - 1, max(0, scaled.rounded(places: 0).intValue ?? 0))
    }
    var out = "Trends for '\(bean.name)': \(rows.count) shot\(rows.count == 1 ? "" : "s"), oldest first.\n"
    out += "Time axis \(low.decimalText) s … \(high.decimalText) s; ● the shot, │ its target time.\n\n"
    var table = TextTable(rightAligned: [true, false, true, true, false, false, false])
    table.add(["#", "pulled (UTC)", "grind", "time", "time vs target", "sour…bitter", "taste"])
    var previous: [String: ExactNumber] = [:]
    for row in rows {
      let grind = GrindSetting(text: row.grind).value
      var grindText = row.grind
      if let grind, let before = previous[row.grinderName], let finer = grinders[row.grinderName]?.scale?.finer,
        grind != before
      {
        grindText += (grind < before) == (finer == .lower) ? " ↓" : " ↑"
      }
      if let grind { previous[row.grinderName] = grind }
      var axis = [Character](repeating: "·", count: width)
      if let target = row.targetTimeS, let c = column(target) { axis[c] = "│" }
      if let time = row.timeS, let c = column(time) { axis[c] = "●" }
      table.add([
        String(row.attemptID), row.pulledAt.shortText, grindText, Formatting.seconds(row.timeS), String(axis),
        balance(row.taste), Formatting.tags(row.taste),
      ])
    }
    out += table.render()
    out += "\n" + summary(rows) + grindSummary(rows, grinders: grinders)
    return out
  }

  /// Per grinder: where the grind started and ended, and how many of the newest shots share the
  /// last setting (`Grind on Niche Zero (lower is finer): 15 → 14 over 7 shots; the last 5 at 14.`).
  static func grindSummary(_ rows: [HistoryRow], grinders: [String: Grinder]) -> String {
    var names: [String] = []
    for row in rows where !names.contains(row.grinderName) { names.append(row.grinderName) }
    var text = ""
    for name in names {
      let on = rows.filter { $0.grinderName == name }
      guard let first = on.first, let last = on.last else { continue }
      let direction =
        grinders[name]?.scale.map { $0.finer == .lower ? " (lower is finer)" : " (higher is finer)" } ?? ""
      let held = on.reversed().prefix { $0.grind == last.grind }.count
      text +=
        "Grind on \(name)\(direction): \(first.grind) → \(last.grind) over \(on.count) shot\(on.count == 1 ? "" : "s")"
      text += "; the last \(held) at \(last.grind).\n"
    }
    return text
  }

  /// Five cells from sour to bitter.
  static func balance(_ taste: TagSet<TasteTag>?) -> String {
    guard let taste else { return "··○··" }
    let sour = taste.contains(.sour)
    let bitter = taste.contains(.bitter)
    switch (sour, bitter) {
    case (true, true): return "●···●"
    case (true, false): return "●····"
    case (false, true): return "····●"
    default: return taste.contains(.balanced) ? "··●··" : "··○··"
    }
  }

  static func summary(_ rows: [HistoryRow]) -> String {
    var counts: [TasteTag: Int] = [:]
    var noVerdict = 0
    var onTarget = 0
    var timed = 0
    for row in rows {
      if let taste = row.taste {
        for tag in taste { counts[tag, default: 0] += 1 }
      } else {
        noVerdict += 1
      }
      if let time = row.timeS, let target = row.targetTimeS, let d = time.subtracting(target) {
        timed += 1
        if d.magnitude <= ExactNumber(3) { onTarget += 1 }
      }
    }
    let tastes = TasteTag.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    var text = "Taste: \(tastes); no verdict \(noVerdict).\n"
    text += "Time: \(onTarget) of \(timed) timed shots within ±3 s of the target"
    if let first = rows.first?.timeS, let last = rows.last?.timeS, rows.count > 1 {
      text += "; first \(first.decimalText) s, latest \(last.decimalText) s"
    }
    return text + ".\n"
  }
}

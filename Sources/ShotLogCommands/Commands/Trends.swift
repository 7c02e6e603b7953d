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
    direction of the scale the shot's recipe was made on); * marks the first shot after the
    grinder's direction was edited, and a note says how it changed. The time column places each shot
    (●) on a shared axis with its recipe's target time (│). The balance column places the taste
    between sour (left) and bitter (right): ● at the left for sour, in the middle for balanced, at
    the right for bitter, both ends for sour and bitter together, ○ for no verdict or other tastes
    only.

    Options:
      --last N    the newest N shots (default 30)
    """
  static let spec = ArgumentSpec(options: ["--last"], minPositionals: 0, maxPositionals: 1)

  /// Width of the time axis in characters, when the terminal has room for it.
  static let width = 31

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    var last = 30
    if let text = arguments.value("--last") {
      guard let n = Int(text), n > 0 else { throw UsageError.positiveWholeNumber("--last") }
      last = n
    }
    let store = try context.store(.readOnly)
    let bean = try context.bean(arguments.positionals.first, in: store)
    // Voided and corrected shots take no part: the corrections stand in for what they fix.
    let rows = try store.shots.history(HistoryFilter(beanID: bean.id, limit: last, countingOnly: true)).reversed().map {
      $0
    }
    guard !rows.isEmpty else {
      let shown = Formatting.visible(bean.name)
      context.out.line(
        context.presentation.pick(
          "No shots of '\(shown)' yet.", de: "Noch keine Bezüge von '\(shown)'.",
          es: "Todavía no hay extracciones de '\(shown)'."))
      return .success
    }
    context.out.write(chart(bean: bean, rows: rows, context.presentation))
    return .success
  }

  static func chart(bean: Bean, rows: [HistoryRow], _ p: Presentation = .plain) -> String {
    let (shown, shots) = (Formatting.visible(bean.name), Formatting.shots(rows.count, p.words))
    var out = p.wrap(
      p.pick(
        "Trends for '\(shown)': \(shots), oldest first.", de: "Trends für '\(shown)': \(shots), älteste zuerst.",
        es: "Tendencias de '\(shown)': \(shots), de la más antigua a la más reciente."))
    var layout = table(rows, p, axis: width, withTimes: true, compact: false)
    // Narrow terminals: first the pull times go, then the axis shrinks, then the taste words and
    // the long headers.
    if let fit = p.fitWidth {
      for (axis, withTimes, compact) in [
        (width, true, false), (width, false, false), (21, false, false), (21, false, true), (11, false, true),
      ] {
        layout = table(rows, p, axis: axis, withTimes: withTimes, compact: compact)
        if !layout.text.split(separator: "\n").contains(where: { TerminalColumns.of($0) > fit }) { break }
      }
    }
    let (low, high) = (p.number(layout.low), p.number(layout.high))
    out += p.wrap(
      p.pick(
        "Time axis \(low) s … \(high) s; ● the shot, │ its target time",
        de: "Zeitachse \(low) s … \(high) s; ● der Bezug, │ seine Zielzeit",
        es: "Eje de tiempo \(low) s … \(high) s; ● la extracción, │ su tiempo objetivo")
        + (layout.compact
          ? p.pick("; s…b: sour to bitter.", de: "; s…b: sauer bis bitter.", es: "; s…b: de ácido a amargo.") : "."))
    out += "\n" + layout.text
    let w = p.words
    for change in scaleChanges(rows) {
      let (id, name) = (change.row.attemptID, Formatting.visible(change.row.grinderName))
      let (now, before) = (ScaleRuns.words(change.row.grinderFiner, w), ScaleRuns.words(change.before, w))
      out += p.wrap(
        p.pick(
          "* #\(id): the scale of \(name) changed: \(now) from here on, \(before) before.",
          de: "* #\(id): die Skala von \(name) hat sich geändert: ab hier \(now), davor \(before).",
          es: "* #\(id): cambió la escala de \(name): desde aquí \(now), antes \(before)."),
        continuation: "  ")
    }
    out += "\n" + p.wrap(sentence(rows, p.words)) + summary(rows, p) + grindSummary(rows, p)
    return out
  }

  /// The chart's table with a time axis `axis` cells wide.
  static func table(_ rows: [HistoryRow], _ p: Presentation, axis width: Int, withTimes: Bool, compact: Bool) -> (
    text: String, low: ExactNumber, high: ExactNumber, compact: Bool
  ) {
    let values = rows.flatMap { [$0.timeS, $0.targetTimeS].compactMap { $0 } }
    let low = (values.min() ?? .zero).rounded(places: 0).subtracting(ExactNumber(1)) ?? .zero
    let high = (values.max() ?? ExactNumber(1)).rounded(places: 0).adding(ExactNumber(1)) ?? ExactNumber(1)
    func column(_ value: ExactNumber) -> Int? {
      guard let span = high.subtracting(low), !span.isZero, let offset = value.subtracting(low),
        let scaled = offset.multiplied(by: ExactNumber(width - 1))?.divided(by: span)
      else { return nil }
      return min(width - 1, max(0, scaled.rounded(places: 0).intValue ?? 0))
    }
    var table = TextTable(
      rightAligned: [true] + (withTimes ? [false] : []) + [true, true, false, false] + (compact ? [] : [false]))
    let pulled = p.pick("pulled", de: "gezogen", es: "hecha") + " (\(Formatting.clockLabel(p)))"
    let headings: (compact: [String], full: [String]) =
      p.language == .english
      ? (["grind", "time", "vs target", "s…b"], ["grind", "time", "time vs target", "sour…bitter", "taste"])
      : p.language == .german
        ? (
          ["Mahlgrad", "Zeit", "zum Ziel", "s…b"], ["Mahlgrad", "Zeit", "Zeit zum Ziel", "sauer…bitter", "Geschmack"]
        )
        : (
          ["molienda", "tiempo", "vs objetivo", "á…a"],
          ["molienda", "tiempo", "tiempo vs objetivo", "ácido…amargo", "sabor"]
        )
    table.add(["#"] + (withTimes ? [pulled] : []) + (compact ? headings.compact : headings.full))
    var previous: [String: ExactNumber] = [:]
    let changed = Set(scaleChanges(rows).map(\.row.attemptID))
    for row in rows {
      let grind = GrindSetting(text: row.grind).value
      var grindText = Formatting.grindText(row.grind, p.words)
      if changed.contains(row.attemptID) {
        // The grinder's direction was edited between the two shots: finer and coarser do not
        // compare across the edit, so the shot is marked instead (the note below the chart says how).
        grindText += " *"
        previous[row.grinderName] = nil
      }
      // The direction of the scale the shot's recipe was made on.
      if let grind, let before = previous[row.grinderName], let finer = row.grinderFiner, grind != before {
        grindText += (grind < before) == (finer == .lower) ? " ↓" : " ↑"
      }
      if let grind { previous[row.grinderName] = grind }
      var cells = [Character](repeating: "·", count: width)
      if let target = row.targetTimeS, let c = column(target) { cells[c] = "│" }
      if let time = row.timeS, let c = column(time) { cells[c] = "●" }
      table.add(
        [String(row.attemptID)] + (withTimes ? [p.clock.short(row.pulledAt)] : [])
          + [grindText, Formatting.seconds(row.timeS, p.words), String(cells), balance(row.taste)]
          + (compact ? [] : [Formatting.tags(row.taste, p.words)]))
    }
    return (table.render(), low, high, compact)
  }

  /// One sentence on where the dial-in stands: `Settled at 12.5 after 5 shots; the last 3 within
  /// ±3 s of the target.`
  static func sentence(_ rows: [HistoryRow], _ w: Wording = Wording(.english)) -> String {
    guard let last = rows.last else { return "" }
    let on = rows.filter { $0.grinderName == last.grinderName }
    let run = on.reversed().prefix { $0.grind == last.grind }.count
    let reached = on.count - run + 1
    let grind = Formatting.grindText(last.grind, w)
    let (shots, grinder) = (Formatting.shots(reached, w), Formatting.visible(last.grinderName))
    var text =
      run >= 2
      ? w.pick(
        "Settled at \(grind) after \(shots)", de: "Eingestellt bei \(grind) nach \(shots)",
        es: "Estable en \(grind) tras \(shots)")
      : w.pick(
        "At \(grind) since the latest shot (shot \(on.count) on \(grinder))",
        de: "Seit dem letzten Bezug bei \(grind) (Bezug \(on.count) mit \(grinder))",
        es: "En \(grind) desde la última extracción (extracción \(on.count) con \(grinder))")
    func offTarget(_ row: HistoryRow) -> ExactNumber? {
      guard let time = row.timeS, let target = row.targetTimeS else { return nil }
      return time.subtracting(target)
    }
    let within = rows.reversed().prefix { offTarget($0).map { $0.magnitude <= ExactNumber(3) } ?? false }.count
    if within > 0 {
      text +=
        within == 1
        ? w.pick(
          "; the last shot within ±3 s of the target", de: "; der letzte Bezug innerhalb ±3 s vom Ziel",
          es: "; la última extracción a ±3 s del objetivo")
        : w.pick(
          "; the last \(within) within ±3 s of the target", de: "; die letzten \(within) innerhalb ±3 s vom Ziel",
          es: "; las últimas \(within) a ±3 s del objetivo")
    } else if let off = offTarget(last) {
      let by = w.number(off.magnitude)
      text += w.pick(
        "; the last shot ran \(by) s \(off.isNegative ? "fast" : "slow")",
        de: "; der letzte Bezug lief \(by) s zu \(off.isNegative ? "schnell" : "langsam")",
        es: "; la última extracción fue \(by) s más \(off.isNegative ? "rápida" : "lenta")")
    }
    return text + "."
  }

  /// Per grinder: where the grind started and ended, and how many of the newest shots share the
  /// last setting (`Grind on Niche Zero (lower is finer): 15 → 14 over 7 shots; the last 5 at 14.`),
  /// each part labelled with the direction of the scale its shots' recipes were made on when the
  /// grinder's direction was edited in between (`Grind on Niche Zero, whose scale changed at #5:
  /// 14 → 13 over 4 shots (lower is finer), then 13 → 15 over 3 shots (higher is finer); …`).
  static func grindSummary(_ rows: [HistoryRow], _ p: Presentation) -> String {
    var names: [String] = []
    for row in rows where !names.contains(row.grinderName) { names.append(row.grinderName) }
    var text = ""
    for name in names {
      let on = rows.filter { $0.grinderName == name }
      guard let last = on.last else { continue }
      let runs = ScaleRuns.split(on, finer: \.grinderFiner)
      let w = p.words
      func part(_ run: ArraySlice<HistoryRow>) -> String {
        guard let first = run.first, let end = run.last else { return "" }
        let (from, to, shots) = (
          Formatting.grindText(first.grind, w), Formatting.grindText(end.grind, w), Formatting.shots(run.count, w)
        )
        return w.pick(
          "\(from) → \(to) over \(shots)", de: "\(from) → \(to) über \(shots)", es: "\(from) → \(to) en \(shots)")
      }
      let held = on.reversed().prefix { $0.grind == last.grind }.count
      let at = Formatting.grindText(last.grind, w)
      let tail = w.pick(
        "; the last \(held) at \(at).", de: "; die letzten \(held) bei \(at).", es: "; las últimas \(held) en \(at).")
      let shown = Formatting.visible(name)
      if runs.count == 1 {
        let head = w.pick("Grind on \(shown)", de: "Mahlgrad mit \(shown)", es: "Molienda en \(shown)")
        text += p.wrap("\(head)\(direction(last.grinderFiner, w)): \(part(runs[0]))\(tail)")
      } else {
        let at = runs.dropFirst().compactMap { $0.first.map { "#\($0.attemptID)" } }.joined(separator: ", ")
        let parts = runs.map { part($0) + direction($0.first?.grinderFiner, w) }
        text += p.wrap(
          w.pick(
            "Grind on \(shown), whose scale changed at \(at): ",
            de: "Mahlgrad mit \(shown), deren Skala sich bei \(at) geändert hat: ",
            es: "Molienda en \(shown), cuya escala cambió en \(at): ")
            + parts.joined(separator: w.pick(", then ", de: ", dann ", es: ", luego ")) + tail)
      }
    }
    return text
  }

  /// ` (lower is finer)`, ` (higher is finer)`, or nothing for free-text settings.
  static func direction(_ finer: ShotRecord.FinerDirection?, _ w: Wording = Wording(.english)) -> String {
    finer.map { " (\(ScaleRuns.words($0, w)))" } ?? ""
  }

  /// The shots pulled on a grinder whose finer direction differs from the shot before on it, with
  /// that shot's direction, oldest first.
  static func scaleChanges(_ rows: [HistoryRow]) -> [(row: HistoryRow, before: ShotRecord.FinerDirection?)] {
    var names: [String] = []
    for row in rows where !names.contains(row.grinderName) { names.append(row.grinderName) }
    var changes: [(row: HistoryRow, before: ShotRecord.FinerDirection?)] = []
    for name in names {
      let runs = ScaleRuns.split(rows.filter { $0.grinderName == name }, finer: \.grinderFiner)
      for (before, run) in zip(runs, runs.dropFirst()) {
        if let first = run.first, let last = before.last { changes.append((first, last.grinderFiner)) }
      }
    }
    return changes.sorted { ($0.row.pulledAt, $0.row.attemptID) < ($1.row.pulledAt, $1.row.attemptID) }
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

  static func summary(_ rows: [HistoryRow], _ p: Presentation) -> String {
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
    let w = p.words
    let tastes = TasteTag.allCases.map { "\(Formatting.tagWord($0.rawValue, w)) \(counts[$0] ?? 0)" }
      .joined(separator: ", ")
    let text = p.wrap(
      p.pick(
        "Taste: \(tastes); no verdict \(noVerdict).", de: "Geschmack: \(tastes); ohne Urteil \(noVerdict).",
        es: "Sabor: \(tastes); sin valorar \(noVerdict)."))
    var time = p.pick(
      "Time: \(onTarget) of \(timed) timed shots within ±3 s of the target",
      de: "Zeit: \(onTarget) von \(timed) gestoppten Bezügen innerhalb ±3 s vom Ziel",
      es: "Tiempo: \(onTarget) de \(timed) extracciones cronometradas a ±3 s del objetivo")
    if let first = rows.first?.timeS, let last = rows.last?.timeS, rows.count > 1 {
      let (a, b) = (w.number(first), w.number(last))
      time += p.pick(
        "; first \(a) s, latest \(b) s", de: "; erster \(a) s, letzter \(b) s", es: "; primera \(a) s, última \(b) s")
    }
    return text + p.wrap(time + ".")
  }
}

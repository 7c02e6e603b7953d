import DialRules
import ShotLog

/// The review shown after a shot is logged and by `suggest`: this shot beside the one it was
/// compared with and the recipe, what changed in between, the suggestion in the barista's words,
/// and the before/after preview — everything read from what was stored when the shot was logged.
///
/// Internal names (rule ids, reason codes, JSON paths, the content hash) appear only with
/// `--verbose`; the "accept with …" hint only when accepting can work.
enum ReviewRenderer {
  /// - Parameter reevaluated: the rules' name when the decision shown was computed again (not
  ///   stored).
  static func text(_ review: Review, _ p: Presentation, reevaluated: String? = nil) -> String {
    let a = review.attempt
    var out = p.wrap(
      "Shot #\(a.id) — \(Formatting.visible(review.bean.name)) on \(Formatting.visible(review.grinder.name)), \(p.clock.long(a.pulledAt))"
    )
    if let line = beanLine(review.bean, pulledAt: a.pulledAt) { out += p.wrap(line) }
    if let corrects = review.corrects { out += p.wrap("This corrects shot #\(corrects.id).") }
    out += "\n" + table(review, p)
    if !review.sincePrevious.isEmpty, let previous = review.previous {
      out += p.wrap(
        "since #\(previous.id): " + review.sincePrevious.map(describe).joined(separator: "; "), indent: "  ",
        continuation: "    ")
    }
    if let notes = a.notes, !notes.isEmpty {
      for line in Formatting.visible(notes, keepingLines: true).split(separator: "\n", omittingEmptySubsequences: false)
      {
        out += p.wrap("notes: " + line, indent: "  ", continuation: "    ")
      }
    }
    out += "\n"
    guard let suggestion = review.suggestion else {
      out += p.wrap("No suggestion: no rules were evaluated when this shot was logged.")
      return out + status(review, p)
    }
    if let reevaluated { out += p.wrap("Re-evaluated with \(reevaluated) (shown, not stored):") }
    out += SuggestionWords.text(suggestion, review: review, p, reevaluated: reevaluated != nil)
    switch review.preview {
    case .success(let preview)?:
      out += "\nPreview of the next recipe:\n"
      for line in preview.changeLines { out += p.wrap(line, indent: "  ", continuation: "    ") }
    case .failure(let problem)?:
      out += "\n" + p.wrap("Not applied for you: \(problem.text)", continuation: "  ")
    case nil:
      break
    }
    if reevaluated == nil { out += status(review, p) }
    return out
  }

  /// `Tim Wendelboe · Guji, Ethiopia · natural · light roast · roasted 2026-02-20 · 9 days after
  /// roasting` (the age at this shot), or nil when the bean has none of these.
  static func beanLine(_ bean: Bean, pulledAt: Timestamp) -> String? {
    var parts = [bean.roaster, bean.origin, bean.process].compactMap { $0 }.map { Formatting.visible($0) }
    if let level = bean.roastLevel { parts.append("\(level.rawValue) roast") }
    if let date = bean.roastDate {
      let days = pulledAt.date.daysSinceEpoch - date.daysSinceEpoch
      parts.append("roasted \(date.text)")
      parts.append(Formatting.daysText(days))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// This shot, the one it was compared with, and the recipe's targets, row by row; stacked in
  /// blocks when the table does not fit the width.
  static func table(_ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    let r = review.snapshot
    let previous = review.previous
    let ps = review.previousSnapshot
    var columns: [(title: String, values: [String])] = []
    func column(_ attempt: ShotAttempt, _ s: RecipeSnapshot?, _ basket: Basket?) -> [String] {
      let m = attempt.measurements
      return [
        s?.grind.text ?? "", basket.map { Formatting.visible($0.name) } ?? "–", Formatting.celsius(s?.temperatureC),
        Formatting.grams(m.doseG), Formatting.grams(m.yieldG), Formatting.ratio(attempt.ratio),
        Formatting.seconds(m.timeS), Formatting.seconds(m.firstDropS), Formatting.tags(m.taste),
        Formatting.tags(m.flow), attempt.rating.map(\.decimalText) ?? "–",
      ]
    }
    columns.append(("this", column(a, r, review.basket)))
    if let previous { columns.append(("#\(previous.id)", column(previous, ps, review.previousBasket))) }
    columns.append(
      (
        "target",
        [
          "", "", "", Formatting.grams(r.doseG), Formatting.grams(r.yieldG), Formatting.ratio(r.ratio),
          Formatting.seconds(r.timeS), "", "", "", "",
        ]
      ))
    let labels = [
      "grind", "basket", "temperature", "dose", "yield", "ratio", "time", "first drop", "taste", "flow", "rating",
    ]
    var table = TextTable(rightAligned: [false] + columns.map { _ in false })
    table.add([""] + columns.map(\.title))
    for (i, label) in labels.enumerated() {
      // Rows with nothing to say (no basket anywhere, no temperature) are left out.
      let cells = columns.map { $0.values[i] }
      if cells.allSatisfy({ $0 == "" || $0 == "–" }), ["basket", "temperature", "rating"].contains(label) { continue }
      table.add([label] + cells)
    }
    let rendered = table.render(indent: "  ")
    if let width = p.fitWidth, rendered.split(separator: "\n").contains(where: { TerminalColumns.of($0) > width }) {
      return stacked(table)
    }
    return rendered
  }

  /// The table as one block per column: `this:`, then `  dose 18 g`, …
  static func stacked(_ table: TextTable) -> String {
    guard let header = table.rows.first else { return "" }
    var out = ""
    for c in 1..<header.count {
      out += "  \(header[c]):\n"
      var block = TextTable(rightAligned: [false, false])
      for row in table.rows.dropFirst() where c < row.count && !row[c].isEmpty { block.add([row[0], row[c]]) }
      out += block.render(indent: "    ")
    }
    return out
  }

  /// `grind finer by 1 step (14 → 13.5)`, `basket VST 18 → IMS 20`, `temperature 93 °C → none`.
  static func describe(_ d: RecipeDifference) -> String {
    let values =
      "\(d.before.map { Formatting.visible($0) } ?? "none") → \(d.after.map { Formatting.visible($0) } ?? "none")"
    if let move = d.grindMove { return "\(move.text.lowercasedFirst) (\(values))" }
    return "\(d.field.rawValue) \(values)"
  }

  /// What happened to the shot since, and what the barista can do now.
  static func status(_ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    var out = ""
    if let void = review.void {
      out +=
        "\n"
        + p.wrap(
          "Voided \(p.clock.long(void.at)): \(Formatting.visible(void.reason)). It takes no part in suggestions or trends."
        )
    }
    if let correction = review.correctedBy {
      out += "\n" + p.wrap("Corrected by shot #\(correction.id): see 'dialshot suggest \(correction.id)'.")
    }
    if let event = review.event {
      var line = "This suggestion was \(event.action.rawValue) \(p.clock.long(event.at))"
      line += (event.note.map { ": \(Formatting.visible($0))" } ?? "") + "."
      if let undo = review.undo { line += " It was undone \(p.clock.long(undo.at))." }
      out += "\n" + p.wrap(line)
      if review.undo == nil, event.action == .accepted, let made = event.snapshotID, review.void == nil {
        // Offered only when it will work: `undo` needs the snapshot the accept made to be the
        // recipe still (the review's `supersededBy` is the recipe now, when it is not the shot's).
        if review.supersededBy?.id == made {
          out += p.wrap("To go back to the recipe before it: dialshot undo \(a.id)")
        } else if let now = review.supersededBy {
          out += p.wrap(
            "The recipe has changed since (\(p.clock.long(now.createdAt))), so this accept can no longer be undone; set the recipe by hand with 'dialshot recipe set'."
          )
        }
      }
    } else if review.void == nil, review.correctedBy == nil, let suggestion = review.suggestion {
      if case .insufficientEvidence = suggestion.decision.outcome {
        // Nothing to accept; the words above say what to do instead.
      } else if review.canAccept {
        out += "\n" + p.wrap("Accept with 'dialshot accept \(a.id)', or reject with 'dialshot reject \(a.id)'.")
      } else if let newer = review.supersededBy {
        out +=
          "\n"
          + p.wrap(
            "The recipe has changed since this shot (\(p.clock.long(newer.createdAt))), so it can no longer be accepted."
          )
      } else if review.canReject {
        out +=
          "\n" + p.wrap("Set the change by hand with 'dialshot recipe set', or reject with 'dialshot reject \(a.id)'.")
      }
    }
    return out
  }
}

extension String {
  /// The text with its first letter lowercased ("Grind finer…" → "grind finer…").
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}

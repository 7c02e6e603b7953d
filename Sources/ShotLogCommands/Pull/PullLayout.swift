/// How the pull screen fits the terminal it is drawn on.
///
/// The readout is redrawn in place by moving the cursor up as many rows as were drawn, which
/// only works while every drawn line takes exactly one row: a line the terminal wraps takes two,
/// the cursor then goes back one row short, and each redraw leaves a line behind. So every line
/// the screen redraws is chosen to fit in one column less than the terminal (the last column is
/// where terminals differ on wrapping): the first of a few wordings that fits, else the shortest
/// one cut. Text printed once (the header, the hints above a prompt) is wrapped at spaces. Below
/// `oneLineBelow` columns the big digits no longer fit and the timer is one line redrawn with `\r`.
struct PullLayout: Sendable {
  /// The columns a line may take: one less than the terminal's width.
  let columns: Int

  /// The terminal width below which the timer is a single line (the block digits need about 27).
  static let oneLineBelow = 30

  /// The layout for a terminal `width` columns wide (80 when unknown).
  init(width: Int?) {
    columns = max(1, (width ?? 80) - 1)
  }

  /// Whether the timer is one line instead of the block digits.
  var isOneLine: Bool { columns + 1 < Self.oneLineBelow }

  /// The first of `candidates` (longest first) that fits in `room` columns (default: a whole
  /// line), else the last one cut to fit.
  func fitting(_ candidates: [String], room: Int? = nil) -> String {
    let room = max(1, room ?? columns)
    if let fit = candidates.first(where: { TerminalColumns.of($0) <= room }) { return fit }
    return TerminalColumns.split(candidates.last ?? "", columns: room).head
  }

  /// `text` wrapped at spaces to the line width, with a line break after each line.
  func wrapped(_ text: String) -> String {
    Presentation.wrap(text, width: columns)
  }

  /// The first of `candidates` that leaves at least half the line for the answer after it.
  func prompt(_ candidates: [String]) -> String { fitting(candidates, room: columns / 2) }

  /// `prompt` and the text typed so far as one line that fits: when the text is too long for the
  /// room after the prompt, its end is shown after an ellipsis, as a scrolled input field does.
  func inputLine(prompt: String, text: String) -> (prompt: String, text: String) {
    // The prompt only while it leaves room for a few characters of the answer.
    let shownPrompt = TerminalColumns.of(prompt) + 4 <= columns ? prompt : ""
    let room = columns - TerminalColumns.of(shownPrompt)
    guard TerminalColumns.of(text) > room, room > 1 else { return (shownPrompt, text) }
    var tail = ""
    var used = 1  // The ellipsis.
    for character in text.reversed() {
      let width = TerminalColumns.of(character)
      if used + width > room { break }
      used += width
      tail.insert(character, at: tail.startIndex)
    }
    return (shownPrompt, "…" + tail)
  }

  /// Chips (`1 sour`, `2 bitter`, …) flowed into as few lines as fit after `title`; later lines
  /// are indented to line up under the first chip. The same chips always take the same lines:
  /// a chosen chip (`[sour]`) is as wide as an unchosen one (` sour `).
  func chipLines(title: String, chips: [String]) -> [String] {
    var lines: [String] = []
    var line = title
    let indent = String(repeating: " ", count: min(TerminalColumns.of(title), max(0, columns / 3)))
    for chip in chips {
      let width = TerminalColumns.of(chip)
      if TerminalColumns.of(line) + 1 + width > columns, line != title, line != indent {
        lines.append(line)
        line = indent
      }
      line += " " + chip
    }
    lines.append(line)
    return lines.map { TerminalColumns.of($0) > columns ? TerminalColumns.split($0, columns: columns).head : $0 }
  }
}

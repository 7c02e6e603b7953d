import DialRules
import ShotLog

/// What the pull screen shows as the target.
struct PullTargets {
  var beanName: String
  var doseG: ExactNumber
  var yieldG: ExactNumber
  var timeS: ExactNumber
  var grind: String
}

/// What the barista entered at the pull screen.
enum PullResult: Equatable {
  case cancelled
  case shot(PulledShot)
}

/// The measurements the pull screen collected for one shot.
struct PulledShot: Equatable {
  var timeS: ExactNumber
  var firstDropS: ExactNumber?
  var yieldG: ExactNumber?
  var taste: TagSet<TasteTag>?
  var flow: TagSet<FlowTag>?
  var notes: String?
  var rating: ExactNumber?
}

/// The answer to the review at the end of a pull.
enum ReviewAnswer: Equatable {
  case accept, reject, later
}

/// The interactive shot timer of `dialshot pull`: a large running readout, then prompts for yield
/// (pre-filled with the target: typing replaces it, Backspace edits it), taste and flow chips, and
/// notes. Every line fits the terminal's width (`PullLayout`); below 30 columns the timer is one line.
///
/// All input comes from a `TerminalIO` and all time from a `MonotonicClock`, so tests drive a whole
/// session with scripted key presses at chosen times.
final class PullSession {
  let terminal: any TerminalIO
  let clock: any MonotonicClock
  let targets: PullTargets
  /// What fits the terminal's width.
  let layout: PullLayout
  /// How often the readout redraws while the shot runs.
  static let tickMilliseconds = 100

  private var timer = ShotTimer()
  private var drawnLines = 0

  /// A session on `terminal`, `width` columns wide (80 when nil).
  init(terminal: any TerminalIO, clock: any MonotonicClock, targets: PullTargets, width: Int? = nil) {
    self.terminal = terminal
    self.clock = clock
    self.targets = targets
    layout = PullLayout(width: width)
  }

  /// Runs the timer and the prompts.
  func run() throws -> PullResult {
    terminal.write(
      layout.wrapped(
        "Pull: \(targets.beanName) — \(targets.doseG.decimalText) g → \(targets.yieldG.decimalText) g in \(targets.timeS.decimalText) s, grind \(targets.grind)"
      ))
    guard let milliseconds = try runTimer() else { return cancelled() }
    let tenths = ShotTimer.tenths(milliseconds)
    guard let timeS = ExactNumber(significand: Int128(tenths), scale: 1), tenths > 0 else {
      terminal.write("The shot time was 0 s; nothing was logged.\n")
      return .cancelled
    }
    var shot = PulledShot(timeS: timeS)
    if let drop = timer.firstDrop {
      shot.firstDropS = ExactNumber(significand: Int128(ShotTimer.tenths(drop)), scale: 1)
    }
    guard let yield = try promptYield() else { return cancelled() }
    shot.yieldG = yield
    guard let taste = try chips(TasteTag.self, title: "Taste", emptyMeans: "not tasted") else { return cancelled() }
    shot.taste = taste
    guard let flow = try chips(FlowTag.self, title: "Flow", emptyMeans: "nothing noticed") else { return cancelled() }
    shot.flow = flow.flatMap { $0.isEmpty ? nil : $0 }
    guard let notes = try lineInput(prompt: layout.prompt(["Notes (optional): ", "Notes: "]), initial: "") else {
      return cancelled()
    }
    shot.notes = notes.trimmed.isEmpty ? nil : notes
    guard let rating = try promptRating() else { return cancelled() }
    shot.rating = rating
    return .shot(shot)
  }

  private func cancelled() -> PullResult {
    terminal.write("\nCancelled; nothing was logged.\n")
    return .cancelled
  }

  /// The timer screen; returns the elapsed milliseconds, or nil when cancelled.
  private func runTimer() throws -> Int64? {
    draw()
    while true {
      let key = try terminal.readKey(timeoutMilliseconds: Self.tickMilliseconds)
      let now = clock.milliseconds()
      switch (timer.state, key) {
      case (_, .interrupt?), (_, .escape?), (_, .character("q")?), (_, .endOfInput?):
        timer.cancel()
        return nil
      case (.ready, .character(" ")?), (.ready, .enter?), (.ready, .character("s")?):
        timer.start(at: now)
      case (.running, .character("d")?), (.running, .character("f")?):
        timer.markFirstDrop(at: now)
      case (.running, .character(" ")?), (.running, .enter?), (.running, .character("s")?):
        timer.stop(at: now)
      case (.stopped, .character("u")?):
        timer.undoStop()
      case (.stopped(let start, let stop), .enter?), (.stopped(let start, let stop), .character(" ")?):
        draw()
        if layout.isOneLine { terminal.write("\n") }
        terminal.write("\n")
        return stop - start
      default:
        break
      }
      draw()
    }
  }

  /// Redraws the readout in place: a status line, the big digits, and the keys that apply now;
  /// below 30 columns one line with the time, the target and the keys.
  private func draw() {
    let now = clock.milliseconds()
    let elapsed = BigReadout.seconds(tenths: ShotTimer.tenths(timer.elapsed(at: now)))
    let drop = timer.firstDrop.map { BigReadout.seconds(tenths: ShotTimer.tenths($0)) }
    let target = targets.timeS.decimalText
    let state: String
    switch timer.state {
    case .ready: state = "Ready"
    case .running: state = "Running"
    case .stopped: state = "Stopped"
    case .cancelled: state = "Cancelled"
    }
    if layout.isOneLine {
      let keys: String
      switch timer.state {
      case .ready: keys = "spc start"
      case .running: keys = "spc stop, d drop"
      case .stopped: keys = "enter ok, u undo"
      case .cancelled: keys = ""
      }
      let line = layout.fitting([
        "\(state) \(elapsed)/\(target) s\(drop.map { " d\($0)" } ?? "") \(keys)", "\(state) \(elapsed)/\(target) s",
        "\(elapsed)/\(target) s", "\(elapsed) s",
      ])
      terminal.write("\r\u{1B}[K" + line)
      return
    }
    var lines: [String] = []
    let target1 = "  Target \(target) s."
    if let drop {
      lines.append(
        layout.fitting([
          "\(state).  First drop at \(drop) s.\(target1)", "\(state). Drop \(drop) s. Target \(target) s.",
          "\(state). Drop \(drop) s.", state + ".",
        ]))
    } else {
      lines.append(layout.fitting(["\(state).\(target1)", "\(state). Target \(target) s.", state + "."]))
    }
    let digits = BigReadout.lines(elapsed + " s")
    let indent = digits.allSatisfy { TerminalColumns.of("   " + $0) <= layout.columns } ? "   " : ""
    lines += digits.map { layout.fitting([indent + $0]) }
    switch timer.state {
    case .ready: lines.append(layout.fitting(["[space] start   [q] cancel", "space start · q cancel"]))
    case .running:
      lines.append(
        layout.fitting([
          "[space] stop   [d] first drop   [q] cancel", "[space] stop  [d] drop  [q] cancel",
          "space stop · d drop · q quit",
        ]))
    case .stopped:
      lines.append(
        layout.fitting([
          "[enter] continue   [u] undo the stop   [q] cancel", "[enter] continue  [u] undo  [q] cancel",
          "enter go · u undo · q quit",
        ]))
    case .cancelled: lines.append("")
    }
    var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)A" : ""
    for line in lines { text += "\r\u{1B}[K" + line + "\n" }
    terminal.write(text)
    drawnLines = lines.count
  }

  /// Asks for the yield, pre-filled with the target; repeats until the answer is a plausible weight.
  private func promptYield() throws -> ExactNumber?? {
    var initial = targets.yieldG.decimalText
    terminal.write(
      layout.wrapped("Yield in g: Enter keeps the target \(initial) g, typing replaces it, Backspace edits it."))
    while true {
      guard let text = try lineInput(prompt: layout.prompt(["Yield (g): ", "g: "]), initial: initial) else {
        return nil
      }
      if text.trimmed.isEmpty { return .some(nil) }
      do {
        return .some(try Quantity.yield.parse(text, option: "yield"))
      } catch {
        terminal.write("  \(error.message)\n")
        initial = text
      }
    }
  }

  /// Asks for a rating, 0 to 5 in half steps; Enter alone skips it. Repeats until it reads one.
  private func promptRating() throws -> ExactNumber?? {
    var initial = ""
    terminal.write(layout.wrapped("Rating 0–5 in half steps (optional, Enter to skip)."))
    while true {
      guard let text = try lineInput(prompt: layout.prompt(["Rating: ", "★: "]), initial: initial) else {
        return nil
      }
      if text.trimmed.isEmpty { return .some(nil) }
      do {
        return .some(try Validation.rating(text))
      } catch {
        terminal.write("  \(error.message)\n")
        initial = text
      }
    }
  }

  /// A one-line editor: printable characters, Backspace, Enter to finish; nil when cancelled.
  /// A non-empty `initial` is shown selected (reverse video): the first character typed replaces
  /// it — typing `38.5` over a pre-filled 40 gives 38.5 — while Backspace edits it instead. The
  /// line never takes more than one row: a long text shows its end.
  func lineInput(prompt: String, initial: String) throws -> String? {
    var text = initial
    var selected = !initial.isEmpty
    func render() {
      let (shownPrompt, shown) = layout.inputLine(prompt: prompt, text: text)
      terminal.write("\r\u{1B}[K" + shownPrompt + (selected ? "\u{1B}[7m" + shown + "\u{1B}[27m" : shown))
    }
    render()
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .enter:
        selected = false
        render()
        terminal.write("\n")
        return text
      case .backspace:
        selected = false
        if !text.isEmpty { text.removeLast() }
      case .interrupt, .escape, .endOfInput:
        return nil
      case .character(let c):
        guard !c.isNewline else { continue }
        if selected { text = "" }
        selected = false
        text.append(c)
      }
      render()
    }
  }

  /// Toggle chips for a tag vocabulary: digits toggle, `0` is an explicit "none", Enter finishes.
  /// Returns `.some(nil)` when nothing was chosen (unknown), nil when cancelled.
  private func chips<Tag: TagVocabulary>(_ type: Tag.Type, title: String, emptyMeans: String) throws -> TagSet<Tag>?? {
    var chosen = TagSet<Tag>()
    var none = false
    var drawnRows = 0
    func chip(_ number: Int, _ name: String, _ on: Bool) -> String { "\(number) " + (on ? "[\(name)]" : " \(name) ") }
    func render() {
      var chips = Tag.allCases.enumerated().map {
        chip($0.offset + 1, $0.element.rawValue, chosen.contains($0.element))
      }
      chips.append(chip(0, "none", none))
      let lines = layout.chipLines(title: "\(title):", chips: chips)
      // Back to the first row of the chips, then each row rewritten: every row fits the width,
      // so the rows drawn are the rows counted.
      var text = drawnRows > 1 ? "\u{1B}[\(drawnRows - 1)A" : ""
      text += lines.map { "\r\u{1B}[K" + $0 }.joined(separator: "\n")
      terminal.write(text)
      drawnRows = lines.count
    }
    // The hint goes on its own lines, once, above the chips that are redrawn in place.
    terminal.write(
      layout.wrapped(
        "\(title): press a number to toggle, 0 for none, Enter when done (nothing chosen = \(emptyMeans))."))
    render()
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .enter:
        terminal.write("\n")
        if none { return .some(TagSet()) }
        return .some(chosen.isEmpty ? nil : chosen)
      case .interrupt, .escape, .endOfInput:
        return nil
      case .character("0"):
        none.toggle()
        if none { chosen = TagSet() }
      case .character(let c):
        if let digit = c.wholeNumberValue, digit >= 1, digit <= Array(Tag.allCases).count {
          let tag = Array(Tag.allCases)[digit - 1]
          var next = TagSet<Tag>()
          for t in Tag.allCases where (t == tag) != chosen.contains(t) { next.insert(t) }
          chosen = next
          none = false
        }
      case .backspace:
        break
      }
      render()
    }
  }

  /// After the review: accept (when it can work), reject, or leave the suggestion for later.
  func askAnswer(canAccept: Bool = true) throws -> ReviewAnswer {
    // Room for the answer ("accept") after the question, on the same row.
    let room = layout.columns - 7
    terminal.write(
      canAccept
        ? layout.fitting(
          ["[a] accept   [r] reject   [Enter] decide later: ", "[a] accept [r] reject [Enter] later: ", "a/r/Enter: "],
          room: room)
        : layout.fitting(
          ["[r] reject   [Enter] decide later: ", "[r] reject [Enter] later: ", "r/Enter: "], room: room))
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .character("a"), .character("A"):
        guard canAccept else { continue }
        terminal.write("accept\n")
        return .accept
      case .character("r"), .character("R"):
        terminal.write("reject\n")
        return .reject
      case .enter, .escape, .interrupt, .endOfInput, .character("q"):
        terminal.write("later\n")
        return .later
      default:
        continue
      }
    }
  }
}

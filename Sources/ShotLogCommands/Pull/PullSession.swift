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
}

/// The answer to the review at the end of a pull.
enum ReviewAnswer: Equatable {
  case accept, reject, later
}

/// The interactive shot timer of `dialshot pull`: a large running readout, then prompts for yield
/// (pre-filled with the target), taste and flow chips, and notes.
///
/// All input comes from a `TerminalIO` and all time from a `MonotonicClock`, so tests drive a whole
/// session with scripted key presses at chosen times.
final class PullSession {
  let terminal: any TerminalIO
  let clock: any MonotonicClock
  let targets: PullTargets
  /// How often the readout redraws while the shot runs.
  static let tickMilliseconds = 100

  private var timer = ShotTimer()
  private var drawnLines = 0

  init(terminal: any TerminalIO, clock: any MonotonicClock, targets: PullTargets) {
    self.terminal = terminal
    self.clock = clock
    self.targets = targets
  }

  /// Runs the timer and the prompts.
  func run() throws -> PullResult {
    terminal.write(
      "Pull: \(targets.beanName) — \(targets.doseG.decimalText) g → \(targets.yieldG.decimalText) g in \(targets.timeS.decimalText) s, grind \(targets.grind)\n"
    )
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
    guard let notes = try lineInput(prompt: "Notes (optional): ", initial: "") else { return cancelled() }
    shot.notes = notes.trimmed.isEmpty ? nil : notes
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
        terminal.write("\n")
        return stop - start
      default:
        break
      }
      draw()
    }
  }

  /// Redraws the readout in place: a status line, the big digits, and the keys that apply now.
  private func draw() {
    let now = clock.milliseconds()
    let tenths = ShotTimer.tenths(timer.elapsed(at: now))
    var lines: [String] = []
    var status: String
    switch timer.state {
    case .ready: status = "Ready."
    case .running: status = "Running."
    case .stopped: status = "Stopped."
    case .cancelled: status = "Cancelled."
    }
    if let drop = timer.firstDrop {
      status += "  First drop at \(BigReadout.seconds(tenths: ShotTimer.tenths(drop))) s."
    }
    status += "  Target \(targets.timeS.decimalText) s."
    lines.append(status)
    lines += BigReadout.lines(BigReadout.seconds(tenths: tenths) + " s").map { "   " + $0 }
    switch timer.state {
    case .ready: lines.append("[space] start   [q] cancel")
    case .running: lines.append("[space] stop   [d] first drop   [q] cancel")
    case .stopped: lines.append("[enter] continue   [u] undo the stop   [q] cancel")
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
    while true {
      guard
        let text = try lineInput(
          prompt: "Yield in g (Enter keeps the target; empty if not weighed): ", initial: initial)
      else { return nil }
      if text.trimmed.isEmpty { return .some(nil) }
      do {
        return .some(try Quantity.yield.parse(text, option: "yield"))
      } catch {
        terminal.write("  \(error.message)\n")
        initial = text
      }
    }
  }

  /// A one-line editor: printable characters, Backspace, Enter to finish; nil when cancelled.
  func lineInput(prompt: String, initial: String) throws -> String? {
    var text = initial
    terminal.write("\r\u{1B}[K" + prompt + text)
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .enter:
        terminal.write("\n")
        return text
      case .backspace:
        if !text.isEmpty { text.removeLast() }
      case .interrupt, .escape, .endOfInput:
        return nil
      case .character(let c):
        if !c.isNewline { text.append(c) }
      }
      terminal.write("\r\u{1B}[K" + prompt + text)
    }
  }

  /// Toggle chips for a tag vocabulary: digits toggle, `0` is an explicit "none", Enter finishes.
  /// Returns `.some(nil)` when nothing was chosen (unknown), nil when cancelled.
  private func chips<Tag: TagVocabulary>(_ type: Tag.Type, title: String, emptyMeans: String) throws -> TagSet<Tag>?? {
    var chosen = TagSet<Tag>()
    var none = false
    func render() {
      var line = "\r\u{1B}[K\(title):"
      for (i, tag) in Tag.allCases.enumerated() {
        line += "  \(i + 1) " + (chosen.contains(tag) ? "[\(tag.rawValue)]" : tag.rawValue)
      }
      line += "  0 " + (none ? "[none]" : "none")
      terminal.write(line)
    }
    // The hint goes on its own line, once: the chip line is redrawn in place with `\r`, which only
    // works while it fits the terminal's width.
    terminal.write(
      "\(title): press a number to toggle, 0 for none, Enter when done (nothing chosen = \(emptyMeans)).\n")
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

  /// After the review: accept, reject, or leave the suggestion for later.
  func askAnswer() throws -> ReviewAnswer {
    terminal.write("[a] accept   [r] reject   [Enter] decide later: ")
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .character("a"), .character("A"):
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

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
  /// The language of the screen's words and numbers, and the clock of its error messages.
  let presentation: Presentation
  /// How often the readout redraws while the shot runs.
  static let tickMilliseconds = 100

  private var timer = ShotTimer()
  private var drawnLines = 0

  /// A session on `terminal`, `width` columns wide (80 when nil), worded in the language of
  /// `presentation` (English unless given).
  init(
    terminal: any TerminalIO, clock: any MonotonicClock, targets: PullTargets, width: Int? = nil,
    presentation: Presentation = .plain
  ) {
    self.terminal = terminal
    self.clock = clock
    self.targets = targets
    self.presentation = presentation
    layout = PullLayout(width: width)
  }

  /// One phrase per language, in the screen's language.
  private func pick(_ en: String, de: String, es: String) -> String { presentation.pick(en, de: de, es: es) }

  /// A number in the screen's language (`36.5`, `36,5`).
  private func number(_ n: ExactNumber) -> String { presentation.number(n) }

  /// A readout's seconds (`27.4`) in the screen's language (`27,4`); the block digits keep their point.
  private func seconds(_ text: String) -> String {
    presentation.language == .english ? text : Wording.decimalComma(text)
  }

  /// Runs the timer and the prompts.
  func run() throws -> PullResult {
    let (dose, yield, time) = (number(targets.doseG), number(targets.yieldG), number(targets.timeS))
    let grind = Formatting.grindText(targets.grind, presentation.words)
    terminal.write(
      layout.wrapped(
        pick(
          "Pull: \(targets.beanName) — \(dose) g → \(yield) g in \(time) s, grind \(grind)",
          de: "Bezug: \(targets.beanName) — \(dose) g → \(yield) g in \(time) s, Mahlgrad \(grind)",
          es: "Extracción: \(targets.beanName) — \(dose) g → \(yield) g en \(time) s, molienda \(grind)")))
    guard let milliseconds = try runTimer() else { return cancelled() }
    let tenths = ShotTimer.tenths(milliseconds)
    guard let timeS = ExactNumber(significand: Int128(tenths), scale: 1), tenths > 0 else {
      terminal.write(
        pick(
          "The shot time was 0 s; nothing was logged.", de: "Die Bezugszeit war 0 s; nichts wurde protokolliert.",
          es: "El tiempo de la extracción fue 0 s; no se registró nada.") + "\n")
      return .cancelled
    }
    var shot = PulledShot(timeS: timeS)
    if let drop = timer.firstDrop {
      shot.firstDropS = ExactNumber(significand: Int128(ShotTimer.tenths(drop)), scale: 1)
    }
    guard let yield = try promptYield() else { return cancelled() }
    shot.yieldG = yield
    guard
      let taste = try chips(
        TasteTag.self, title: pick("Taste", de: "Geschmack", es: "Sabor"),
        emptyMeans: pick("not tasted", de: "nicht verkostet", es: "sin probar"))
    else { return cancelled() }
    shot.taste = taste
    guard
      let flow = try chips(
        FlowTag.self, title: pick("Flow", de: "Fluss", es: "Flujo"),
        emptyMeans: pick("nothing noticed", de: "nichts bemerkt", es: "nada observado"))
    else { return cancelled() }
    shot.flow = flow.flatMap { $0.isEmpty ? nil : $0 }
    let notesPrompts = [
      pick("Notes (optional): ", de: "Notizen (optional): ", es: "Notas (opcional): "),
      pick("Notes: ", de: "Notizen: ", es: "Notas: "),
    ]
    guard let notes = try lineInput(prompt: layout.prompt(notesPrompts), initial: "") else {
      return cancelled()
    }
    shot.notes = notes.trimmed.isEmpty ? nil : notes
    guard let rating = try promptRating() else { return cancelled() }
    shot.rating = rating
    return .shot(shot)
  }

  private func cancelled() -> PullResult {
    terminal.write(
      "\n"
        + pick(
          "Cancelled; nothing was logged.", de: "Abgebrochen; nichts wurde protokolliert.",
          es: "Cancelado; no se registró nada.") + "\n")
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
    let digitsText = BigReadout.seconds(tenths: ShotTimer.tenths(timer.elapsed(at: now)))
    let elapsed = seconds(digitsText)
    let drop = timer.firstDrop.map { seconds(BigReadout.seconds(tenths: ShotTimer.tenths($0))) }
    let target = number(targets.timeS)
    let state: String
    switch timer.state {
    case .ready: state = pick("Ready", de: "Bereit", es: "Listo")
    case .running: state = pick("Running", de: "Läuft", es: "En marcha")
    case .stopped: state = pick("Stopped", de: "Gestoppt", es: "Parado")
    case .cancelled: state = pick("Cancelled", de: "Abgebrochen", es: "Cancelado")
    }
    if layout.isOneLine {
      let keys: String
      switch timer.state {
      case .ready: keys = pick("spc start", de: "Leer Start", es: "esp. iniciar")
      case .running: keys = pick("spc stop, d drop", de: "Leer Stopp, d Tropfen", es: "esp. parar, d gota")
      case .stopped: keys = pick("enter ok, u undo", de: "Enter ok, u zurück", es: "intro ok, u deshacer")
      case .cancelled: keys = ""
      }
      let dropMark = pick(" d", de: " T", es: " g")
      let line = layout.fitting([
        "\(state) \(elapsed)/\(target) s\(drop.map { dropMark + $0 } ?? "") \(keys)", "\(state) \(elapsed)/\(target) s",
        "\(elapsed)/\(target) s", "\(elapsed) s",
      ])
      terminal.write("\r\u{1B}[K" + line)
      return
    }
    var lines: [String] = []
    let targetText = pick("Target \(target) s.", de: "Ziel \(target) s.", es: "Objetivo \(target) s.")
    let target1 = "  " + targetText
    if let drop {
      let firstDrop = pick(
        "First drop at \(drop) s.", de: "Erster Tropfen bei \(drop) s.", es: "Primera gota a los \(drop) s.")
      let shortDrop = pick("Drop \(drop) s.", de: "Tropfen \(drop) s.", es: "Gota \(drop) s.")
      lines.append(
        layout.fitting([
          "\(state).  \(firstDrop)\(target1)", "\(state). \(shortDrop) \(targetText)", "\(state). \(shortDrop)",
          state + ".",
        ]))
    } else {
      lines.append(layout.fitting(["\(state).\(target1)", "\(state). \(targetText)", state + "."]))
    }
    let digits = BigReadout.lines(digitsText + " s")
    let indent = digits.allSatisfy { TerminalColumns.of("   " + $0) <= layout.columns } ? "   " : ""
    lines += digits.map { layout.fitting([indent + $0]) }
    lines.append(layout.fitting(Self.keyHints(timer.state, presentation.language)))
    var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)A" : ""
    for line in lines { text += "\r\u{1B}[K" + line + "\n" }
    terminal.write(text)
    drawnLines = lines.count
  }

  /// The key hints under the readout in `state`, longest first, in `language`: the screen shows
  /// the first that fits (the last fits 29 columns, the narrowest block-digit screen).
  static func keyHints(_ state: ShotTimer.State, _ language: RuleLanguage) -> [String] {
    let w = Wording(language)
    switch state {
    case .ready:
      return [
        w.pick(
          "[space] start   [q] cancel", de: "[Leertaste] Start   [q] Abbruch", es: "[espacio] iniciar   [q] cancelar"),
        w.pick("space start · q cancel", de: "Leer Start · q Abbruch", es: "esp. iniciar · q cancelar"),
      ]
    case .running:
      return [
        w.pick(
          "[space] stop   [d] first drop   [q] cancel", de: "[Leertaste] Stopp   [d] erster Tropfen   [q] Abbruch",
          es: "[espacio] parar   [d] primera gota   [q] cancelar"),
        w.pick(
          "[space] stop  [d] drop  [q] cancel", de: "[Leer] Stopp  [d] Tropfen  [q] Abbruch",
          es: "[esp.] parar  [d] gota  [q] cancelar"),
        w.pick("space stop · d drop · q quit", de: "Leer=Stopp d=Tropfen q=Ende", es: "esp. parar · d gota · q salir"),
      ]
    case .stopped:
      return [
        w.pick(
          "[enter] continue   [u] undo the stop   [q] cancel",
          de: "[Enter] weiter   [u] Stopp zurücknehmen   [q] Abbruch",
          es: "[intro] seguir   [u] deshacer la parada   [q] cancelar"),
        w.pick(
          "[enter] continue  [u] undo  [q] cancel", de: "[Enter] weiter  [u] zurück  [q] Abbruch",
          es: "[intro] seguir  [u] deshacer  [q] cancelar"),
        w.pick("enter go · u undo · q quit", de: "Enter ok · u zurück · q Ende", es: "intro ok · u atrás · q salir"),
      ]
    case .cancelled: return [""]
    }
  }

  /// Asks for the yield, pre-filled with the target; repeats until the answer is a plausible weight.
  private func promptYield() throws -> ExactNumber?? {
    var initial = number(targets.yieldG)
    terminal.write(
      layout.wrapped(
        pick(
          "Yield in g: Enter keeps the target \(initial) g, typing replaces it, Backspace edits it.",
          de: "Ausbeute in g: Enter behält das Ziel \(initial) g, Tippen ersetzt es, Rücktaste ändert es.",
          es: "Rendimiento en g: Intro mantiene el objetivo de \(initial) g, escribir lo sustituye, Retroceso lo edita."
        )))
    let prompts = [pick("Yield (g): ", de: "Ausbeute (g): ", es: "Rendimiento (g): "), "g: "]
    while true {
      guard let text = try lineInput(prompt: layout.prompt(prompts), initial: initial) else {
        return nil
      }
      if text.trimmed.isEmpty { return .some(nil) }
      do {
        return .some(try Quantity.yield.parse(text, option: "yield"))
      } catch {
        terminal.write("  \(error.message.text(in: presentation.language))\n")
        initial = text
      }
    }
  }

  /// Asks for a rating, 0 to 5 in half steps; Enter alone skips it. Repeats until it reads one.
  private func promptRating() throws -> ExactNumber?? {
    var initial = ""
    terminal.write(
      layout.wrapped(
        pick(
          "Rating 0–5 in half steps (optional, Enter to skip).",
          de: "Bewertung 0–5 in halben Schritten (optional, Enter überspringt).",
          es: "Valoración de 0 a 5 en medios puntos (opcional, Intro para omitir).")))
    let prompts = [pick("Rating: ", de: "Bewertung: ", es: "Valoración: "), "★: "]
    while true {
      guard let text = try lineInput(prompt: layout.prompt(prompts), initial: initial) else {
        return nil
      }
      if text.trimmed.isEmpty { return .some(nil) }
      do {
        return .some(try Validation.rating(text))
      } catch {
        terminal.write("  \(error.message(presentation))\n")
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
        chip($0.offset + 1, Formatting.tagWord($0.element.rawValue, presentation.words), chosen.contains($0.element))
      }
      chips.append(chip(0, pick("none", de: "keine", es: "ninguno"), none))
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
        pick(
          "\(title): press a number to toggle, 0 for none, Enter when done (nothing chosen = \(emptyMeans)).",
          de:
            "\(title): Zahl drücken zum An- und Abwählen, 0 für keine, Enter wenn fertig (nichts gewählt = \(emptyMeans)).",
          es:
            "\(title): pulsa un número para marcar o desmarcar, 0 para ninguno, Intro al terminar (nada elegido = \(emptyMeans))."
        )))
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
    let (accept, reject, later) = (
      pick("accept", de: "annehmen", es: "aceptar"), pick("reject", de: "ablehnen", es: "rechazar"),
      pick("later", de: "später", es: "después")
    )
    // Room for the longest answer ("accept") after the question, on the same row.
    let room = layout.columns - 1 - ([accept, reject, later].map { TerminalColumns.of($0) }.max() ?? 6)
    terminal.write(
      canAccept
        ? layout.fitting(
          [
            pick(
              "[a] accept   [r] reject   [Enter] decide later: ",
              de: "[a] annehmen   [r] ablehnen   [Enter] später entscheiden: ",
              es: "[a] aceptar   [r] rechazar   [Intro] decidir después: "),
            pick(
              "[a] accept [r] reject [Enter] later: ", de: "[a] annehmen [r] ablehnen [Enter] später: ",
              es: "[a] aceptar [r] rechazar [Intro] después: "),
            pick("a/r/Enter: ", de: "a/r/Enter: ", es: "a/r/Intro: "),
          ],
          room: room)
        : layout.fitting(
          [
            pick(
              "[r] reject   [Enter] decide later: ", de: "[r] ablehnen   [Enter] später entscheiden: ",
              es: "[r] rechazar   [Intro] decidir después: "),
            pick(
              "[r] reject [Enter] later: ", de: "[r] ablehnen [Enter] später: ", es: "[r] rechazar [Intro] después: "),
            pick("r/Enter: ", de: "r/Enter: ", es: "r/Intro: "),
          ], room: room))
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .character("a"), .character("A"):
        guard canAccept else { continue }
        terminal.write(accept + "\n")
        return .accept
      case .character("r"), .character("R"):
        terminal.write(reject + "\n")
        return .reject
      case .enter, .escape, .interrupt, .endOfInput, .character("q"):
        terminal.write(later + "\n")
        return .later
      default:
        continue
      }
    }
  }
}

import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot log`'s positional arguments: `[BEAN] TIME [YIELD] [TASTE]...`, so a shot is logged
/// in one short line (`dialshot log 28 36 sour`, 24 keystrokes with Enter). The first argument is
/// the bean unless it reads as a number; then the time, the yield when the next one is a number,
/// and the rest is the taste. Numbers take their unit right after them (`28s`, `36g`) and a
/// decimal comma (`36,5`), as the options do.
struct LogShorthand {
  /// The bean named first, if any.
  var bean: String?
  /// The time, yield and taste as typed.
  var time: String?
  var yield: String?
  var tastes: [String] = []

  init(_ positionals: [String]) throws(UsageError) {
    var rest = positionals[...]
    if let first = rest.first, !Self.isNumber(first, .time) {
      bean = first
      rest = rest.dropFirst()
    }
    if let next = rest.first, Self.isNumber(next, .time) {
      time = next
      rest = rest.dropFirst()
    }
    if time != nil, let next = rest.first, Self.isNumber(next, .yield) {
      yield = next
      rest = rest.dropFirst()
    }
    if let number = rest.first(where: { Self.isNumber($0, .yield) }) {
      let shown = Formatting.visible(number)
      throw UsageError(
        "'log' takes at most two numbers, the time and then the yield, found '\(shown)' after the taste or a third number; give the others as options (--dose G, --first-drop S)",
        de:
          "'log' nimmt höchstens zwei Zahlen, erst die Zeit, dann die Ausbeute, gefunden '\(shown)' nach dem Geschmack oder als dritte Zahl; die übrigen als Optionen angeben (--dose G, --first-drop S)",
        es:
          "'log' admite como mucho dos números, primero el tiempo y luego el rendimiento, se encontró '\(shown)' tras el sabor o como tercer número; da los demás como opciones (--dose G, --first-drop S)"
      )
    }
    if bean != nil, time == nil, !rest.isEmpty {
      let shown = Formatting.visible(rest.first ?? "")
      throw UsageError(
        "'log' expected the shot time after the bean, found '\(shown)'",
        de: "'log' erwartet nach dem Kaffee die Bezugszeit, gefunden '\(shown)'",
        es: "'log' esperaba el tiempo de la extracción después del café, se encontró '\(shown)'")
    }
    tastes = Array(rest)
  }

  /// Whether `text` reads as a number of `quantity` (its unit allowed after it).
  static func isNumber(_ text: String, _ quantity: Quantity) -> Bool {
    if case .success = ExactNumber.parse(Quantity.typed(text, unit: quantity.unit)) { return true }
    return false
  }

  /// Puts the values into `shot`; each may be given here or as its option, not both.
  func apply(to shot: inout ShotRecord.Measurements, _ arguments: ParsedArguments) throws {
    for (value, option) in [(time, "--time"), (yield, "--yield")] where value != nil && arguments.given(option) {
      let given = value ?? ""
      let (de, es) = option == "--time" ? ("die Zeit", "el tiempo") : ("die Ausbeute", "el rendimiento")
      throw UsageError(
        "the \(option.dropFirst(2)) is given twice: as '\(given)' and with \(option)",
        de: "\(de) ist doppelt angegeben: als '\(given)' und mit \(option)",
        es: "\(es) aparece dos veces: como '\(given)' y con \(option)")
    }
    if !tastes.isEmpty, arguments.given("--taste") {
      let given = tastes.joined(separator: " ")
      throw UsageError(
        "the taste is given twice: as '\(given)' and with --taste",
        de: "der Geschmack ist doppelt angegeben: als '\(given)' und mit --taste",
        es: "el sabor aparece dos veces: como '\(given)' y con --taste")
    }
    if let time { shot.timeS = try Quantity.time.parse(time, option: "time") }
    if let yield { shot.yieldG = try Quantity.yield.parse(yield, option: "yield") }
    if !tastes.isEmpty { shot.taste = try Validation.tastes(tastes) }
    try Validation.check(shot)
  }
}

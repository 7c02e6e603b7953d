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
      throw UsageError(
        "'log' takes at most two numbers, the time and then the yield, found '\(Formatting.visible(number))' after the taste or a third number; give the others as options (--dose G, --first-drop S)"
      )
    }
    if bean != nil, time == nil, !rest.isEmpty {
      throw UsageError(
        "'log' expected the shot time after the bean, found '\(Formatting.visible(rest.first ?? ""))'")
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
      throw UsageError("the \(option.dropFirst(2)) is given twice: as '\(value ?? "")' and with \(option)")
    }
    if !tastes.isEmpty, arguments.given("--taste") {
      throw UsageError("the taste is given twice: as '\(tastes.joined(separator: " "))' and with --taste")
    }
    if let time { shot.timeS = try Quantity.time.parse(time, option: "time") }
    if let yield { shot.yieldG = try Quantity.yield.parse(yield, option: "yield") }
    if !tastes.isEmpty { shot.taste = try Validation.tastes(tastes) }
    try Validation.check(shot)
  }
}

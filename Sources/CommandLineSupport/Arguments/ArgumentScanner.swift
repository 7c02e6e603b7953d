import DialRules

/// The one hand-written argument scanner of both tools.
///
/// - `--flag`; `--option value` and `--option=value`; `--` ends options; `-` alone (standard
///   input or output) and negative numbers (`-3`, `-0.5`) are positionals.
/// - A value given separately must not look like an option: `--notes --yield 36` is an error
///   (write `--notes=--yield` to mean it), so a forgotten value never swallows the next option or
///   `--help`.
/// - An option given twice is an error unless the spec makes it repeatable.
/// - An unknown option is an error with the closest known name as "did you mean".
/// - `-h`/`--help` as an option anywhere before `--` asks for help and wins over any other error
///   on the line, so adding `--help` to a failing command always shows how to use it.
package enum ArgumentScanner {
  /// Scans `arguments` against `spec`. When the result `wantsHelp`, the other checks were skipped.
  package static func scan(_ arguments: [String], _ spec: ArgumentSpec) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    let flags = Set(spec.flags + ArgumentSpec.helpFlags)
    let single = Set(spec.options)
    let repeatable = Set(spec.repeatable)
    var firstError: UsageError?
    func fail(_ error: UsageError) { if firstError == nil { firstError = error } }

    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !looksLikeOption(argument) {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if flags.contains(name) {
        if inlineValue != nil {
          fail(
            UsageError(
              "option '\(name)' takes no value", de: "die Option '\(name)' nimmt keinen Wert",
              es: "la opción '\(name)' no lleva valor"))
        } else {
          result.flags.insert(name)
        }
      } else if single.contains(name) || repeatable.contains(name) {
        let value: String
        switch optionValue(name, inline: inlineValue, arguments, &index) {
        case .success(let v): value = v
        case .failure(let error):
          fail(error)
          continue
        }
        if result.values[name] != nil, !repeatable.contains(name) {
          fail(
            UsageError(
              "option '\(name)' given more than once", de: "die Option '\(name)' ist mehrfach angegeben",
              es: "la opción '\(name)' aparece más de una vez"))
          continue
        }
        if result.values[name] == nil { result.options.append(name) }
        result.values[name, default: []].append(value)
      } else {
        let hint = Suggestion.closest(to: name, among: spec.knownNames).map(Phrase.didYouMean)
        let unknown = Phrase(
          "unknown option '\(name)'", de: "unbekannte Option '\(name)'", es: "opción desconocida '\(name)'")
        fail(UsageError(unknown.appending(hint, separator: "; ")))
      }
    }
    if result.wantsHelp { return result }
    if let firstError { throw firstError }
    if result.positionals.count < spec.minPositionals {
      throw UsageError("missing argument", de: "ein Argument fehlt", es: "falta un argumento")
    }
    if let max = spec.maxPositionals, result.positionals.count > max {
      let extra = result.positionals[max]
      throw UsageError(
        "unexpected argument '\(extra)'", de: "unerwartetes Argument '\(extra)'", es: "argumento inesperado '\(extra)'")
    }
    return result
  }

  /// The value of option `name`: given inline (`--name=value`), else the next argument, which
  /// `index` is moved past, unless it looks like an option or there is none.
  private static func optionValue(_ name: String, inline: String?, _ arguments: [String], _ index: inout Int)
    -> Result<String, UsageError>
  {
    if let inline { return .success(inline) }
    if index < arguments.count, !looksLikeOption(arguments[index]) {
      index += 1
      return .success(arguments[index - 1])
    }
    if index < arguments.count {
      let next = arguments[index]
      return .failure(
        UsageError(
          "option '\(name)' needs a value, found '\(next)'; write '\(name)=\(next)' if that is the value",
          de:
            "die Option '\(name)' braucht einen Wert, gefunden '\(next)'; '\(name)=\(next)' schreiben, wenn das der Wert ist",
          es:
            "la opción '\(name)' necesita un valor, se encontró '\(next)'; escribe '\(name)=\(next)' si ese es el valor"
        ))
    }
    return .failure(
      UsageError(
        "option '\(name)' needs a value", de: "die Option '\(name)' braucht einen Wert",
        es: "la opción '\(name)' necesita un valor"))
  }

  /// Whether an argument is an option (or `--`): it starts with `-`, is not `-` alone, and is not
  /// a negative number.
  static func looksLikeOption(_ argument: String) -> Bool {
    let bytes = Array(argument.utf8.prefix(2))
    guard bytes.count == 2, bytes[0] == UInt8(ascii: "-") else { return false }
    let second = bytes[1]
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) && second != UInt8(ascii: ".")
  }
}

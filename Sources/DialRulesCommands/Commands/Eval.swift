import CommandLineSupport
import DialRules

/// `dialrules eval`: decide every shot of a JSON Lines file, one decision JSON per line, in order.
///
/// A bad line does not stop the run: it yields an error record in its place (so output lines still
/// match input lines) and a diagnostic on stderr, and the exit status becomes 2.
enum EvalCommand: Subcommand {
  static let name = "eval"
  static let abstract = "Decide every shot of a JSON Lines file (one decision JSON per line)"
  static let usage = [
    "dialrules eval [--color auto|always|never] RULES SHOTS.jsonl"
  ]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file.
      SHOTS.jsonl       Shots in shot JSON v1, one per line ('-' reads standard input). Blank lines
                        are skipped.

    OUTPUT:
      One line per shot: the decision JSON of docs/design.md §7. For a line that is not a valid shot:
      {"line":N,"error":{"code":"J…","message":"…","line":N,"column":C}}

    OPTIONS:
      --color WHEN      Colour diagnostics: auto (default), always, never.
      -h, --help        Show this help.

    EXIT CODES:
      0 every line was decided; 2 a line was invalid, or the rules or the file could not be read;
      64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(arguments, valued: ["--color"], flags: [], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let colors: Bool
    do {
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    guard scanner.positionals.count == 2 else {
      return usageError(
        "expected a rule file and a JSON Lines file, found \(scanner.positionals.count) arguments", io: io)
    }
    if scanner.positionals.allSatisfy({ $0 == "-" }) {
      return usageError("the rules and the shots cannot both be read from standard input ('-')", io: io)
    }
    let rules: CompiledRules
    switch RuleLoading.load(scanner.positionals[0], io: io, colors: colors) {
    case .success(let loaded): rules = loaded.1
    case .failure(let code): return code
    }
    let shots: SourceFile
    do {
      shots = try InputFiles.sourceFile(scanner.positionals[1], io: io, limit: InputFiles.batchFileLimit)
    } catch {
      io.err(error.message + "\n")
      return .invalidInput
    }
    let renderer = DiagnosticRenderer(colors: colors)
    var writer = JSONWriter(reservingCapacity: 1 << 17)
    let bad = ShotLinesEvaluation.write(
      rules, shots: shots, to: &writer, invalid: { io.err(renderer.render($0, in: shots)) },
      flush: { writer in
        if writer.bytes.count >= 1 << 16 {
          io.out(bytes: writer.bytes)
          writer.removeAll()
        }
      })
    io.out(bytes: writer.bytes)
    if bad > 0 {
      io.err("\(shots.path): \(bad) invalid line\(bad == 1 ? "" : "s")\n")
      return .invalidInput
    }
    return .success
  }
}

import CommandLineSupport
import DialRules

/// `dialrules explain`: decide one shot and show why, rule by rule.
enum ExplainCommand: Subcommand {
  static let name = "explain"
  static let abstract = "Decide one shot and explain the decision rule by rule"
  static let usage = [
    "dialrules explain [--format text|json] [--lang en|de|es] [--color auto|always|never] RULES SHOT.json"
  ]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file ('-' reads standard input).
      SHOT.json         A shot in shot JSON v1 ('-' reads standard input; RULES or SHOT.json, not
                        both).

    OPTIONS:
      --format FORMAT   'text' (default) or 'json' (the decision JSON plus every rule's part).
      --lang LANG       The language of the text: 'en' (default), 'de' or 'es' — the library's
                        words and the rule table's translated texts where it has them (see
                        docs/language.md §4.3). The JSON format is data and stays English.
      --color WHEN      Colour diagnostics: auto (default), always, never.
      -h, --help        Show this help.

    EXIT CODES:
      0 the shot was decided and explained (whatever the decision); 2 the rules or the shot could
      not be read or are invalid; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(arguments, valued: ["--format", "--lang", "--color"], flags: [], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let format: String
    let colors: Bool
    let language: RuleLanguage
    do {
      format = try scanner.choice("--format", ["text", "json"], default: "text")
      let code = try scanner.choice("--lang", RuleLanguage.allCases.map(\.code), default: "en")
      language = RuleLanguage(code) ?? .english
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    if format == "json", scanner.value("--lang") != nil {
      return usageError("'--lang' applies to the text format; the JSON format is data and stays English", io: io)
    }
    guard scanner.positionals.count == 2 else {
      return usageError("expected a rule file and a shot file, found \(scanner.positionals.count) arguments", io: io)
    }
    if scanner.positionals.allSatisfy({ $0 == "-" }) {
      return usageError("the rules and the shot cannot both be read from standard input ('-')", io: io)
    }
    let (rulesFile, rules): (SourceFile, CompiledRules)
    switch RuleLoading.load(scanner.positionals[0], io: io, colors: colors) {
    case .success(let loaded): (rulesFile, rules) = loaded
    case .failure(let code): return code
    }
    let shotFile: SourceFile
    do {
      shotFile = try InputFiles.sourceFile(scanner.positionals[1], io: io)
    } catch {
      io.err(error.message + "\n")
      return .invalidInput
    }
    let shot: ShotRecord
    switch ShotJSONReader.read(shotFile) {
    case .success(let s): shot = s
    case .failure(let diagnostics):
      io.err(DiagnosticRenderer(colors: colors).render(diagnostics, in: shotFile))
      return .invalidInput
    }
    let explanation = Evaluator(rules).explain(shot)
    if format == "json" {
      io.out(explanation.jsonObject(rulesFile: rulesFile).jsonText + "\n")
    } else {
      io.out(ExplanationTextRenderer(rulesFile: rulesFile, language: language).render(explanation))
    }
    return .success
  }
}

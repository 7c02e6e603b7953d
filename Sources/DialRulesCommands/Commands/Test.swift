import CommandLineSupport
import DialRules

/// `dialrules test`: golden-file testing of fixture shots, plus every inline example.
///
/// A fixture is a shot JSON file; its expectations are siblings: `<case>.json.decision` (the
/// decision JSON line) and `<case>.json.explain` (the rendered explanation). `--update` rewrites
/// them and lists every file written, so the change is reviewed in `git diff`.
enum TestCommand: Subcommand {
  static let name = "test"
  static let abstract = "Run fixture shots against their golden files, and the inline examples"
  static let usage = [
    "dialrules test [--update] [--filter TEXT] [--format text|json|junit] [--coverage [--propose DIR]] [--verbose] RULES [PATH…]"
  ]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file; its inline examples always run.
      PATH              Fixture shots (*.json) or directories searched for them.

    OPTIONS:
      --update          Write the golden files of the given fixtures (decision and explanation)
                        and list each file written; review them with 'git diff'.
      --filter TEXT     Run only cases whose name contains TEXT.
      --format FORMAT   'text' (default), 'json', or 'junit' (JUnit XML for CI systems).
      --coverage        Report per rule how often it matched, decided and lost; list uncovered rules.
      --propose DIR     With --coverage: for each uncovered rule, write DIR/<rule-id>.json, a fully
                        observed shot (shot JSON v1) on which the analysis found the rule decides
                        (or, if it never can, matches), checked by evaluating it; list the files
                        written, and say per rule why none was proposed.
      --verbose         List passing cases too.
      -h, --help        Show this help.

    EXIT CODES:
      0 every case passed (or goldens were updated); 1 a case failed; 2 the rules do not check or a
      fixture could not be read; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(
      arguments, valued: ["--filter", "--format", "--color", "--propose"],
      flags: ["--update", "--coverage", "--verbose"], io: io)
    {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let format: String
    let colors: Bool
    do {
      format = try scanner.choice("--format", ["text", "json", "junit"], default: "text")
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    guard let rulesPath = scanner.positionals.first else { return usageError("missing the rule file", io: io) }
    let (rulesFile, rules): (SourceFile, CompiledRules)
    switch RuleLoading.load(rulesPath, io: io, colors: colors) {
    case .success(let loaded): (rulesFile, rules) = loaded
    case .failure(let code): return code
    }
    let runner = TestRunner(rulesFile: rulesFile, rules: rules, update: scanner.flag("--update"), io: io)
    let filter = scanner.value("--filter")
    var results = runner.runExamples().filter { filter == nil || $0.testCase.name.contains(filter ?? "") }
    do {
      let paths = try TestRunner.fixtures(in: Array(scanner.positionals.dropFirst()), io: io)
      for path in paths where filter == nil || path.contains(filter ?? "") {
        results.append(try runner.run(fixture: path))
      }
    } catch {
      io.err(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
      return .invalidInput
    }
    let proposeDir = scanner.value("--propose")
    if proposeDir != nil && !scanner.flag("--coverage") { return usageError("--propose needs --coverage", io: io) }
    let coverage = scanner.flag("--coverage") ? Coverage(rules: rules, results: results) : nil
    var proposals: [Proposals.Entry] = []
    if let proposeDir, let coverage {
      do {
        proposals = try Proposals.write(rules: rules, uncovered: coverage.uncovered, to: proposeDir, io: io)
      } catch {
        io.err(error.message + "\n")
        return .invalidInput
      }
    }
    let written = results.flatMap(\.written)
    switch format {
    case "json": io.out(TestReport.json(results, coverage: coverage, proposals: proposeDir == nil ? nil : proposals))
    case "junit": io.out(TestReport.junit(results))
    default:
      for file in written { io.out("wrote \(file)\n") }
      io.out(TestReport.text(results, verbose: scanner.flag("--verbose")))
      if let coverage { io.out(coverage.text) }
      if proposeDir != nil { io.out(Proposals.text(proposals)) }
      io.out(TestReport.summary(results) + "\n")
    }
    return results.allSatisfy(\.passed) ? .success : .findings
  }
}

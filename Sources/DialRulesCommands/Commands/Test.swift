import CommandLineSupport
import DialRules

/// `dialrules test`: golden-file testing of fixture shots, plus every inline example.
///
/// A fixture is a shot JSON file; its expectations are siblings: `<case>.json.decision` (the
/// decision JSON line) and `<case>.json.explain` (the rendered explanation, naming the rule file by
/// its file name so goldens do not depend on the path typed). `--update` rewrites them and lists
/// every file written, so the change is reviewed in `git diff`.
enum TestCommand: Subcommand {
  static let name = "test"
  static let abstract = "Run fixture shots against their golden files, and the inline examples"
  static let usage = [
    "dialrules test [--update] [--filter TEXT] [--format text|json|junit] [--coverage [--propose DIR]] [--verbose] RULES [PATH…]"
  ]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file; its inline examples always run. A directory stands for
                        every *.dialrules below it (sorted): each one's examples run, and fixtures
                        and --coverage then need it to hold exactly one.
      PATH              Fixture shots (*.json) or directories searched for them (sorted, hidden
                        entries skipped; a directory without any is an error).

    OPTIONS:
      --update          Write the golden files of the given fixtures (decision and explanation)
                        and list each file written; review them with 'git diff'. Explanations
                        name the rule file by its file name, however RULES was typed.
      --filter TEXT     Run only cases whose name contains TEXT.
      --format FORMAT   'text' (default), 'json', or 'junit' (JUnit XML for CI systems).
      --coverage        Report per rule how often it matched, decided and lost; list uncovered rules.
                        Then per condition of each rule (each top-level part of its 'when') how
                        often it was true, false and unknown, and on how many cases it mattered
                        (no other condition of the rule was false, so the rule's truth depended
                        on it); flag conditions never true, never false or never shown to matter.
      --propose DIR     With --coverage: for each uncovered rule, write DIR/<rule-id>.json, a fully
                        observed shot (shot JSON v1) on which the analysis found the rule decides
                        (or, if it never can, matches), checked by evaluating it; and for each
                        condition never false or never shown to matter,
                        DIR/<rule-id>.condition-<n>-false.json, a shot on which it is false and the
                        rule's other conditions true. List the files written, and say for each
                        rule and condition why none was proposed.
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
    let rulePaths: [String]
    do {
      rulePaths = try FileSearch.ruleFiles(rulesPath, io: io)
    } catch {
      io.err(error.message + "\n")
      return .invalidInput
    }
    let fixturePaths = Array(scanner.positionals.dropFirst())
    // Goldens pin the decisions of one table; coverage and proposals are about one table.
    let needsOne =
      !fixturePaths.isEmpty ? "fixtures are checked" : scanner.flag("--coverage") ? "--coverage works" : nil
    if rulePaths.count > 1, let needsOne {
      return usageError("\(needsOne) against one rule file; '\(rulesPath)' holds \(rulePaths.count)", io: io)
    }
    let filter = scanner.value("--filter")
    var results: [TestResult] = []
    var loaded: [(SourceFile, CompiledRules)] = []
    var rulesFailed = false
    for path in rulePaths {
      switch RuleLoading.load(path, io: io, colors: colors) {
      case .success(let pair): loaded.append(pair)
      case .failure: rulesFailed = true
      }
    }
    for (rulesFile, rules) in loaded {
      let runner = TestRunner(rulesFile: rulesFile, rules: rules, update: scanner.flag("--update"), io: io)
      results += (runner.runExamples() + runner.runProperties()).filter {
        filter == nil || $0.testCase.name.contains(filter ?? "")
      }
    }
    if rulesFailed { return .invalidInput }
    guard let (rulesFile, rules) = loaded.first, loaded.count == 1 else {
      return report(results, coverage: nil, proposals: nil, format: format, verbose: scanner.flag("--verbose"), io: io)
    }
    let runner = TestRunner(rulesFile: rulesFile, rules: rules, update: scanner.flag("--update"), io: io)
    do {
      let paths = try TestRunner.fixtures(in: fixturePaths, io: io)
      results += try runner.run(fixtures: paths.filter { filter == nil || $0.contains(filter ?? "") })
    } catch {
      io.err(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
      return .invalidInput
    }
    let proposeDir = scanner.value("--propose")
    if proposeDir != nil && !scanner.flag("--coverage") { return usageError("--propose needs --coverage", io: io) }
    let coverage = scanner.flag("--coverage") ? Coverage(runner: runner, results: results) : nil
    var proposals: [Proposals.Entry] = []
    var conditionProposals: [Proposals.ConditionEntry] = []
    if let proposeDir, let coverage {
      do {
        proposals = try Proposals.write(rules: rules, uncovered: coverage.uncovered, to: proposeDir, io: io)
        conditionProposals = try Proposals.writeConditions(
          rules: rules, coverage: coverage, ruleEntries: proposals, to: proposeDir, io: io)
      } catch {
        io.err(error.message + "\n")
        return .invalidInput
      }
    }
    return report(
      results, coverage: coverage, proposals: proposeDir == nil ? nil : proposals,
      conditionProposals: proposeDir == nil ? nil : conditionProposals, format: format,
      verbose: scanner.flag("--verbose"), io: io)
  }

  /// Prints the results in `format` and returns the exit status: 0 when every case passed.
  static func report(
    _ results: [TestResult], coverage: Coverage?, proposals: [Proposals.Entry]?,
    conditionProposals: [Proposals.ConditionEntry]? = nil, format: String, verbose: Bool, io: CommandIO
  ) -> ExitCode {
    switch format {
    case "json":
      io.out(
        TestReport.json(results, coverage: coverage, proposals: proposals, conditionProposals: conditionProposals))
    case "junit": io.out(TestReport.junit(results))
    default:
      for file in results.flatMap(\.written) { io.out("wrote \(file)\n") }
      io.out(TestReport.text(results, verbose: verbose))
      if let coverage { io.out(coverage.text) }
      if let proposals { io.out(Proposals.text(proposals)) }
      if let conditionProposals { io.out(Proposals.conditionText(conditionProposals)) }
      io.out(TestReport.summary(results) + "\n")
    }
    return results.allSatisfy(\.passed) ? .success : .findings
  }
}

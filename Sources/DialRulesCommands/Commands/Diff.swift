import CommandLineSupport
import DialRules

/// `dialrules diff`: what a rule change does — rule by rule, and on a corpus of shots.
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let abstract = "Show what changes between two versions of a rule file, by rule and on shots"
  static let usage = [
    "dialrules diff [--fixtures PATH…] [--shots FILE.jsonl] [--show-decided-by] [--format text|json|markdown|html] "
      + "[--exit-code] [--no-space] [--max-regions N] OLD NEW"
  ]
  static let details = """
    ARGUMENTS:
      OLD, NEW          Two versions of a .dialrules file.

    Properties come first: each 'property' of either file is proved against OLD and NEW (one OLD
    declares and NEW drops is proved against NEW's rules too), and one that held in OLD and fails
    in NEW is named as regressed, with a witness shot and NEW's decision for it.

    OPTIONS:
      --fixtures PATH   Fixture shots (*.json) or directories of them. The shots whose outcome
                        changes are grouped by change ('from → to', with a count and the shots).
                        Repeatable.
      --shots FILE      A JSON Lines file of shots, compared the same way. Repeatable.
      --show-decided-by Also list the shots that keep their outcome but are decided by other
                        rules (otherwise only counted; JSON always lists them).
      --format FORMAT   'text' (default), 'json', 'markdown' (for a pull request), or 'html': the
                        decision map of the new table with every region that changes outlined
                        and labelled 'old → new' (docs/reports.md).
      --exit-code       Exit 1 when anything changed.
      --no-space        Skip the input-space comparison. By default, when the analysis applies to
                        both tables, every region of fully observed shots whose decision changes
                        is listed as 'from → to', in domain words, with one witness shot (shot
                        JSON v1) that both tables were run on to confirm it.
      --max-regions N   List at most N input-space regions (default 20; 0 lists every one); the
                        rest are counted as omitted.
      -h, --help        Show this help.

    EXIT CODES:
      0 done (with --exit-code: nothing changed); 1 with --exit-code, something changed (a
      property's verdict included);
      2 a file could not be read or a rule file does not check; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(
      arguments, valued: ["--format", "--color", "--max-regions"], repeatable: ["--fixtures", "--shots"],
      flags: ["--exit-code", "--no-space", "--show-decided-by"], io: io)
    {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let format: String
    let colors: Bool
    var maxRegions = InputSpaceDiff.maxRegions
    if let raw = scanner.value("--max-regions") {
      guard let n = Int(raw), n >= 0 else {
        return usageError("'--max-regions' needs a whole number (0 lists every region), found '\(raw)'", io: io)
      }
      maxRegions = n
    }
    do {
      format = try scanner.choice("--format", ["text", "json", "markdown", "html"], default: "text")
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    guard scanner.positionals.count == 2 else {
      return usageError("expected the old and the new rule file, found \(scanner.positionals.count) arguments", io: io)
    }
    if scanner.positionals.allSatisfy({ $0 == "-" }) {
      return usageError("the old and the new rule file cannot both be read from standard input ('-')", io: io)
    }
    guard let (oldFile, old) = load(scanner.positionals[0], io: io, colors: colors),
      let (newFile, new) = load(scanner.positionals[1], io: io, colors: colors),
      let oldRules = old.rules, let newRules = new.rules
    else { return .invalidInput }

    let byRule = RuleDiff(old: old, new: new)
    let shots: ShotComparison
    switch ShotComparison.run(scanner, old: oldRules, new: newRules, io: io, colors: colors) {
    case .success(let compared): shots = compared
    case .failure(let code): return code
    }

    let space = scanner.flag("--no-space") ? nil : InputSpaceDiff(old: oldRules, new: newRules, limit: maxRegions)
    var report = DiffReport(byRule: byRule, changes: shots.changes, compared: shots.compared, space: space)
    if !oldRules.properties.isEmpty || !newRules.properties.isEmpty {
      report.properties = PropertyDiff(old: oldRules, oldFile: oldFile, new: newRules, newFile: newFile)
    }
    report.showDecidedBy = scanner.flag("--show-decided-by")
    write(report, format: format, scanner, old: oldRules, new: newRules, changedShots: shots.changedShots, io: io)
    let spaceChanged = space.map { !$0.regions.isEmpty || $0.omitted > 0 || $0.withoutWitness > 0 } ?? false
    let changed = !byRule.isEmpty || !shots.changes.isEmpty || spaceChanged || report.properties?.changed == true
    return scanner.flag("--exit-code") && changed ? .findings : .success
  }

  /// The shots of `--fixtures` and `--shots` decided by both tables: how many, and those whose
  /// decision changes.
  private struct ShotComparison {
    var compared = 0
    var changes: [DecisionChange] = []
    /// The shots that change, for the HTML map to draw where they fall.
    var changedShots: [ShotRecord] = []

    /// Decides every shot with both tables; a failure once a file that cannot be read or a shot
    /// that is not valid is reported.
    static func run(
      _ scanner: ParsedArguments, old oldRules: CompiledRules, new newRules: CompiledRules, io: CommandIO, colors: Bool
    ) -> Result<ShotComparison, ExitCode> {
      var shots = ShotComparison()
      let before = Evaluator(oldRules)
      let after = Evaluator(newRules)
      do {
        for path in try TestRunner.fixtures(in: scanner.values["--fixtures"] ?? [], io: io) {
          let file = try InputFiles.sourceFile(path, io: io)
          switch ShotJSONReader.read(file) {
          case .success(let shot): shots.compare(before.decide(shot), after.decide(shot), id: shot.id, path, shot)
          case .failure(let diagnostics):
            io.err(DiagnosticRenderer(colors: colors).render(diagnostics, in: file))
            return .failure(.invalidInput)
          }
        }
        for path in scanner.values["--shots"] ?? [] {
          let valid = try ShotBatches.readShots(path, io: io, colors: colors) { file, line, shot in
            shots.compare(
              before.decisionWithoutID(shot), after.decisionWithoutID(shot), id: shot.id, "\(file):\(line)",
              shot.record)
          }
          if !valid { return .failure(.invalidInput) }
        }
      } catch {
        return .failure(InputFailure.report(error, io: io))
      }
      return .success(shots)
    }

    /// Counts one shot, and keeps it when its decision changes. The source is named only for a
    /// change: most shots decide the same under both tables.
    mutating func compare(
      _ a: Decision, _ b: Decision, id: @autoclosure () -> String?, _ source: @autoclosure () -> String,
      _ shot: @autoclosure () -> ShotRecord
    ) {
      compared += 1
      guard DecisionChange.differs(a, b) else { return }
      var (a, b) = (a, b)
      a.id = id()
      b.id = a.id
      changes.append(DecisionChange(source: source(), old: a, new: b))
      changedShots.append(shot())
    }
  }

  /// The report in the chosen format on stdout; the HTML page draws the new table's map.
  private static func write(
    _ report: DiffReport, format: String, _ scanner: ParsedArguments, old oldRules: CompiledRules,
    new newRules: CompiledRules, changedShots: [ShotRecord], io: CommandIO
  ) {
    switch format {
    case "json": io.out(report.json)
    case "markdown": io.out(report.markdown)
    case "html":
      let page = DiffReportPage(
        oldPath: scanner.positionals[0], newPath: scanner.positionals[1], old: oldRules, new: newRules, report: report,
        changedShots: changedShots,
        map: scanner.flag("--no-space") ? nil : DecisionMap(tables: [oldRules, newRules]))
      io.out(page.html)
    default: io.out(report.text)
    }
  }

  static func load(_ path: String, io: CommandIO, colors: Bool) -> (SourceFile, RuleCompiler.Output)? {
    switch RuleLoading.load(path, io: io, colors: colors) {
    case .success(let (file, _)): return (file, RuleCompiler.compile(file))
    case .failure: return nil
    }
  }
}

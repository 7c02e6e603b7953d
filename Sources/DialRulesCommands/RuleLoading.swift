import CommandLineSupport
import DialRules

/// Loading a rule file for commands that need a working table (`explain`, `eval`, `test`, …)
/// through `RuleFiles`, as `dialshot` does: every diagnostic is printed (warnings do not stop
/// evaluation but are still shown), and any error turns into exit status 2, since those commands
/// cannot do their job.
enum RuleLoading {
  static func load(_ path: String, io: CommandIO, colors: Bool) -> Result<(SourceFile, CompiledRules), ExitCode> {
    switch RuleFiles.load(path, io: io, colors: colors, shown: .all) {
    case .success(let rules):
      return .success((rules.source, rules.compiled))
    case .failure(.unreadable(let error)):
      io.err(error.message + "\n")
      return .failure(.invalidInput)
    case .failure(.doesNotCompile):
      io.err("\(path): error: the rules do not check; run 'dialrules lint \(path)' for details\n")
      return .failure(.invalidInput)
    }
  }
}

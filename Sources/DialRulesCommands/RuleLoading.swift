import CommandLineSupport
import DialRules

/// Loading a rule file for commands that need a working table (`explain`, `eval`, `test`, …):
/// any error is printed and turns into exit status 2, since those commands cannot do their job.
enum RuleLoading {
  static func load(_ path: String, io: CommandIO, colors: Bool) -> Result<(SourceFile, CompiledRules), ExitCode> {
    let file: SourceFile
    do {
      file = try InputFiles.read(path, io: io)
    } catch {
      io.err(error.message + "\n")
      return .failure(.invalidInput)
    }
    let out = RuleCompiler.compile(file)
    let renderer = DiagnosticRenderer(colors: colors)
    guard let rules = out.rules else {
      io.err(DiagnosticListing.render(out.diagnostics, in: file, renderer: renderer))
      io.err("\(path): error: the rules do not check; run 'dialrules lint \(path)' for details\n")
      return .failure(.invalidInput)
    }
    // Warnings do not stop evaluation but are still shown.
    if !out.diagnostics.isEmpty { io.err(DiagnosticListing.render(out.diagnostics, in: file, renderer: renderer)) }
    return .success((file, rules))
  }
}

import CommandLineSupport
import DialRules

/// Reading `--shots FILE.jsonl` (one shot JSON v1 per line) for `diff` and `report`.
enum ShotBatches {
  /// Calls `each` with the place (`FILE:LINE`) and shot of every valid line of `path`; prints
  /// the diagnostics of every invalid line to standard error. Returns whether every line was
  /// valid.
  static func read(_ path: String, io: CommandIO, colors: Bool, _ each: (String, ShotRecord) -> Void)
    throws(FileError) -> Bool
  {
    let file = try InputFiles.sourceFile(path, io: io, limit: InputFiles.batchFileLimit)
    var valid = true
    ShotJSONReader.readLines(file) { line, result in
      switch result {
      case .success(let shot): each("\(file.path):\(line)", shot)
      case .failure(let diagnostics):
        io.err(DiagnosticRenderer(colors: colors).render(diagnostics, in: file))
        valid = false
      }
    }
    return valid
  }

  /// `read` for the compiled evaluator: `each` gets the file's name, the line number and the
  /// line's compact shot (valid only inside `each`; `ReadShot.record` builds the record), so a
  /// batch of 100,000 shots builds no record and no place text it does not need.
  static func readShots(
    _ path: String, io: CommandIO, colors: Bool, _ each: (_ file: String, _ line: Int, ReadShot) -> Void
  ) throws(FileError) -> Bool {
    let file = try InputFiles.sourceFile(path, io: io, limit: InputFiles.batchFileLimit)
    var valid = true
    ShotJSONReader.readShots(file) { line, result in
      switch result {
      case .success(let shot): each(file.path, line, shot)
      case .failure(let diagnostics):
        io.err(DiagnosticRenderer(colors: colors).render(diagnostics, in: file))
        valid = false
      }
    }
    return valid
  }
}

/// An input of `diff` or `report` that could not be read (a file, a fixture): the message on
/// standard error and exit status 2.
enum InputFailure {
  static func report(_ error: any Error, io: CommandIO) -> ExitCode {
    let message: String
    switch error {
    case let error as FileError: message = error.message
    case let problem as TestRunner.InputProblem: message = problem.message
    default: message = "error: \(error)"
    }
    io.err(message.hasSuffix("\n") ? message : message + "\n")
    return .invalidInput
  }
}

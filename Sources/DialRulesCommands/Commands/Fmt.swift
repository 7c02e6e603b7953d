import CommandLineSupport
import DialRules

/// `dialrules fmt`: print rule files in the canonical layout, check it, or rewrite files in place.
///
/// Before anything is printed or written the formatted text is parsed again and compared with the
/// original tree and comments; if they differ the file is left alone (exit 70, a formatter bug).
enum FmtCommand: Subcommand {
  static let name = "fmt"
  static let abstract = "Format rule files in the one canonical layout"
  static let usage = [
    "dialrules fmt [--check | --write] [--diff] [PATH…]"
  ]
  static let details = """
    ARGUMENTS:
      PATH              Rule files, or directories: every *.dialrules below them, in sorted order
                        (hidden entries skipped). With none, formats standard input to standard
                        output.

    OPTIONS:
      --check           Print nothing but the names of files that would change; exit 1 if any would.
      --write           Rewrite the files in place (requires PATH).
      --diff            Print what would change as a unified diff (3 lines of context) instead
                        of the formatted text; 'patch -p0' applies it.
      -h, --help        Show this help.

    EXIT CODES:
      0 done (with --check: every file is formatted); 1 with --check, a file would change;
      2 a file could not be read or does not parse (a file that parses is formatted even when it
      has type or name errors: those are for 'lint'); 64 usage error; 70 the formatter would have
      changed a file's meaning (a bug: please report it).

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(arguments, valued: [], flags: ["--check", "--write", "--diff"], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let check = scanner.flag("--check")
    let write = scanner.flag("--write")
    let diff = scanner.flag("--diff")
    if check && write { return usageError("'--check' and '--write' cannot be used together", io: io) }
    if write && diff { return usageError("'--write' and '--diff' cannot be used together", io: io) }
    let paths = scanner.positionals.isEmpty ? ["-"] : scanner.positionals
    if write && scanner.positionals.isEmpty { return usageError("'--write' needs the files to rewrite", io: io) }

    var status = ExitCode.success
    var files: [String] = []
    for path in paths {
      do {
        files += try FileSearch.ruleFiles(path, io: io)
      } catch {
        io.err(error.message + "\n")
        status = worse(status, .invalidInput)
      }
    }
    for path in files {
      let file: SourceFile
      do {
        file = try InputFiles.sourceFile(path, io: io)
      } catch {
        io.err(error.message + "\n")
        status = worse(status, .invalidInput)
        continue
      }
      let formatted: String
      switch faultInjected
        ? .failure(.unsound("fault injected by DIALRULES_FAULT=fmt-unsound")) : FormatRunner.format(file)
      {
      case .success(let text): formatted = text
      case .failure(.syntaxErrors(let diagnostics)):
        io.err(DiagnosticListing.render(diagnostics, in: file, renderer: DiagnosticRenderer()))
        status = worse(status, .invalidInput)
        continue
      case .failure(.unsound(let why)):
        io.err("\(file.path): internal error: \(why); the file was not changed. Please report this as a bug.\n")
        status = worse(status, .internalError)
        continue
      }
      let original = String(decoding: file.bytes, as: UTF8.self)
      let changed = formatted != original
      if check {
        if changed {
          io.out(file.path + "\n")
          status = worse(status, .findings)
        }
      } else if diff {
        // Both sides named as given, so `patch -p0` run where that path is relative applies it.
        if changed { io.out(LineDiff.unified(from: original, to: formatted, path: file.path)) }
      } else if write {
        guard changed else { continue }
        do {
          try AtomicFile.write(formatted, to: path, io: io)
        } catch {
          io.err(error.message + "\n")
          status = worse(status, .invalidInput)
        }
      } else {
        io.out(formatted)
      }
    }
    return status
  }

  /// Fault injection for the end-to-end test of exit status 70 (see `docs/robustness.md`): the
  /// safety net's refusal path cannot be reached by any input when the formatter is correct.
  static var faultInjected: Bool {
    ProcessEnvironment.variables()["DIALRULES_FAULT"] == "fmt-unsound"
  }

  /// The more serious of two statuses (internal error > input error > findings > success).
  static func worse(_ a: ExitCode, _ b: ExitCode) -> ExitCode {
    let rank: [ExitCode: Int] = [.success: 0, .findings: 1, .invalidInput: 2, .usage: 3, .internalError: 4]
    return (rank[a] ?? 0) >= (rank[b] ?? 0) ? a : b
  }

}

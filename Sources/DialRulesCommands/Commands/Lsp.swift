import CommandLineSupport
import DialRulesLanguageServer

/// `dialrules lsp`: the language server for editors (Language Server Protocol 3.17 over standard
/// input and output). Editors start it themselves; `docs/editors.md` shows how for VS Code,
/// Neovim and Helix.
enum LspCommand: Subcommand {
  static let name = "lsp"
  static let abstract = "Run the language server for editors (LSP over standard input and output)"
  static let usage = ["dialrules lsp [--stdio] [--analysis-delay MS]"]
  static let details = """
    Speaks the Language Server Protocol 3.17 on standard input and output: diagnostics as you type
    (and the table analysis once you pause), hover, go to definition, references, rename, symbols,
    completion, formatting, quick fixes, a code lens per rule with its examples' results, and
    semantic tokens. Editors start it; see docs/editors.md.

    OPTIONS:
      --stdio               Accepted for editors that pass it; standard I/O is the only transport.
      --analysis-delay MS   Milliseconds a document must stay unchanged before its table analysis
                            runs (default 150; 0 runs it after every change).
      -h, --help            Show this help.

    EXIT CODES:
      0 the client sent 'shutdown' then 'exit' (or closed the connection after 'shutdown');
      1 the connection ended without 'shutdown'; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(arguments, valued: ["--analysis-delay"], flags: ["--stdio"], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    guard scanner.positionals.isEmpty else {
      return usageError("unexpected argument '\(scanner.positionals[0])'", io: io)
    }
    var delay = 150
    if let raw = scanner.value("--analysis-delay") {
      guard let n = Int(raw), n >= 0, n <= 60_000 else {
        return usageError("'--analysis-delay' needs milliseconds from 0 to 60000, found '\(raw)'", io: io)
      }
      delay = n
    }
    io.flush()
    let status = ServerLoop.run(
      input: 0, output: 1,
      options: .init(analysisDelay: .milliseconds(delay), serverVersion: DialRulesCLI.version))
    return status == 0 ? .success : .findings
  }
}

import DialRules

/// The one way both command-line tools load a rule file they need working (`dialrules explain`,
/// `eval`, `test`, `table`, `report`, `diff`; `dialshot log`, `suggest`, `replay`, …): read it
/// within the small-file limit, compile it to a `RuleSet`, and print its diagnostics to standard
/// error as `lint` lists them (at most `DiagnosticListing.defaultLimit`, normalized order).
///
/// What the failure means to the user is each tool's own wording (its last line, its language);
/// both end with exit status 2.
package enum RuleFiles {
  /// Why a rule file gives no working table.
  package enum Failure: Error, Equatable {
    /// The file cannot be read; nothing was printed (the tool words the file error).
    case unreadable(FileError)
    /// The file does not compile; its diagnostics were printed. `path` is the name they show.
    case doesNotCompile(path: String)
  }

  /// Which diagnostics `load` prints.
  package enum Shown: Sendable {
    /// Nothing: for rules that only word what was decided, where a broken file is not the
    /// command's concern.
    case nothing
    /// The errors of a file that does not compile, nothing for one that does.
    case errors
    /// Every diagnostic: a file's warnings too, even when it compiles.
    case all
  }

  /// Reads `path` (`-`: standard input) and compiles it, printing the diagnostics `shown` asks for.
  package static func load(_ path: String, io: CommandIO, colors: Bool = false, shown: Shown = .errors)
    -> Result<RuleSet, Failure>
  {
    let file: SourceFile
    do {
      file = try InputFiles.sourceFile(path, io: io)
    } catch {
      return .failure(.unreadable(error))
    }
    let renderer = DiagnosticRenderer(colors: colors)
    switch RuleSet.compile(file) {
    case .success(let rules):
      if shown == .all, !rules.warnings.isEmpty {
        io.err(DiagnosticListing.render(rules.warnings, in: file, renderer: renderer))
      }
      return .success(rules)
    case .failure(let problems):
      if shown != .nothing {
        let printed = shown == .all ? Array(problems) : problems.filter(\.isError)
        io.err(DiagnosticListing.render(printed, in: file, renderer: renderer))
      }
      return .failure(.doesNotCompile(path: file.path))
    }
  }
}

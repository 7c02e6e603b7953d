import DialRules

/// Diagnostics as a command prints them to stderr: at most `limit` per file, in normalized order,
/// then one note saying how many more there were. A hostile rule file can have tens of thousands
/// of problems; the first hundred are the ones worth reading, and printing the rest would only
/// bury them (and take time).
package enum DiagnosticListing {
  /// The default for every command; `lint --max-errors N` changes it.
  package static let defaultLimit = 100

  package static func render(
    _ diagnostics: [Diagnostic], in file: SourceFile, renderer: DiagnosticRenderer, limit: Int = defaultLimit
  ) -> String {
    let sorted = diagnostics.normalized()
    var out = renderer.render(Array(sorted.prefix(limit)), in: file)
    if sorted.count > limit {
      out += "\(file.path): note: \(sorted.count - limit) more diagnostics not shown\n"
    }
    return out
  }
}

import DialRules

/// `textDocument/formatting`: the canonical layout of `dialrules fmt`, through the same
/// `FormatRunner` and its safety net.
///
/// When the formatter refuses — the file has syntax errors, or its output would not mean the same
/// (a formatter bug) — nothing changes: the answer is an empty list of edits (and for a refusal
/// that is a bug, a message saying so). Otherwise one edit replaces only the lines that change, so
/// the editor keeps the cursor and marks outside them.
package enum FormattingFeature {
  static func format(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    guard !context.model.tooLarge else { return [] }
    switch FormatRunner.format(context.source) {
    case .failure(.syntaxErrors):
      return []
    case .failure(.unsound(let why)):
      throw ResponseError.requestFailed("the formatter refused (\(why)); the file was not changed — please report this")
    case .success(let text):
      guard let (span, replacement) = changedLines(context.source, Array(text.utf8)) else { return [] }
      return [context.edit(span, replacement)]
    }
  }

  /// The smallest run of whole lines of `source` that differs from `formatted`, with its
  /// replacement; nil when nothing changes.
  package static func changedLines(_ source: SourceFile, _ formatted: [UInt8]) -> (SourceSpan, String)? {
    let old = source.bytes
    guard old != formatted else { return nil }
    var prefix = 0
    while prefix < old.count, prefix < formatted.count, old[prefix] == formatted[prefix] { prefix += 1 }
    // Back to the start of the line, so the edit covers whole lines.
    while prefix > 0, old[prefix - 1] != 0x0A { prefix -= 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < formatted.count - prefix,
      old[old.count - 1 - suffix] == formatted[formatted.count - 1 - suffix]
    {
      suffix += 1
    }
    // Forward to just after a line break, so the edit ends at a line start.
    while suffix > 0, old[old.count - suffix - 1] != 0x0A { suffix -= 1 }
    let span = SourceSpan(start: prefix, end: old.count - suffix)
    let replacement = String(decoding: formatted[prefix..<(formatted.count - suffix)], as: UTF8.self)
    return (span, replacement)
  }
}

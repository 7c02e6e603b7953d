/// Finding one text in another, Character by Character. The standard library's string searches
/// (`contains(_:)` with a string, `ranges(of:)`, `firstRange(of:)`, `replacing(_:with:)`) live in
/// `_StringProcessing`, which Embedded Swift (the browser playground, Tests/Playground/build.sh)
/// does not have; the library uses these instead in every build, so there is one code path.
extension StringProtocol {
  /// The first range where `pattern` occurs, or nil. An empty pattern occurs at the start.
  package func firstOccurrence(of pattern: some StringProtocol) -> Range<Index>? {
    occurrence(of: pattern, from: startIndex)
  }

  /// The ranges where `pattern` occurs, left to right and not overlapping; none for an empty
  /// pattern.
  package func occurrences(of pattern: some StringProtocol) -> [Range<Index>] {
    guard !pattern.isEmpty else { return [] }
    var found: [Range<Index>] = []
    var from = startIndex
    while let range = occurrence(of: pattern, from: from) {
      found.append(range)
      from = range.upperBound
    }
    return found
  }

  /// Whether `pattern` occurs in the text.
  package func containsText(_ pattern: some StringProtocol) -> Bool { firstOccurrence(of: pattern) != nil }

  /// The text with every occurrence of `pattern` (left to right, not overlapping) replaced by
  /// `replacement`.
  package func replacingEvery(_ pattern: some StringProtocol, with replacement: some StringProtocol) -> String {
    var result = ""
    var from = startIndex
    for range in occurrences(of: pattern) {
      result += self[from..<range.lowerBound]
      result += replacement
      from = range.upperBound
    }
    result += self[from...]
    return result
  }

  /// The text with every `scalar` replaced by `replacement`, Unicode scalar by Unicode scalar.
  /// Unlike `replacingEvery(_:with:)`, which compares Characters, this also replaces the `\n` of a
  /// `\r\n` (one Character): what a renderer wants when it indents or flattens lines.
  package func replacingEvery(scalar: Unicode.Scalar, with replacement: some StringProtocol) -> String {
    var result = String.UnicodeScalarView()
    for s in unicodeScalars {
      if s == scalar {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(s)
      }
    }
    return String(result)
  }

  /// The first occurrence of `pattern` starting at or after `from`.
  private func occurrence(of pattern: some StringProtocol, from: Index) -> Range<Index>? {
    var start = from
    while true {
      var i = start
      var j = pattern.startIndex
      while i != endIndex, j != pattern.endIndex, self[i] == pattern[j] {
        formIndex(after: &i)
        pattern.formIndex(after: &j)
      }
      if j == pattern.endIndex { return start..<i }
      guard start != endIndex else { return nil }
      formIndex(after: &start)
    }
  }
}

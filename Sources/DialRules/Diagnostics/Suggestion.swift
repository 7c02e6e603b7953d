/// "Did you mean …?" for names, tags and JSON keys: the closest candidate by edit distance, when it
/// is close enough to be a plausible typo.
package enum Suggestion {
  /// The candidate nearest to `word`, or nil when none is within a third of the word's length
  /// (at least one edit). Failing that, a candidate that is the word plus a unit suffix (`dose` →
  /// `dose_g`, the commonest slip in shot JSON). Ties go to the earlier candidate, so results are
  /// deterministic. Words longer than 64 bytes get no suggestion, which bounds the work.
  package static func closest<C: Collection>(to word: String, among candidates: C) -> String?
  where C.Element == String {
    let w = Array(word.lowercased().utf8)
    guard w.count <= 64, !w.isEmpty else { return nil }
    if let near = nearest(w, candidates) { return near }
    let prefix = word.lowercased() + "_"
    return candidates.first { $0.lowercased().hasPrefix(prefix) }
  }

  static func nearest<C: Collection>(_ w: [UInt8], _ candidates: C) -> String? where C.Element == String {
    let threshold = max(1, w.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
      WorkMeter.count(.suggestionCandidates)
      // Cheap length test first (lowercasing can change a length by a few bytes at most), so a
      // long list costs a pass over the lengths, not an allocation per candidate.
      guard abs(candidate.utf8.count - w.count) <= threshold + 4 else { continue }
      let c = Array(candidate.lowercased().utf8)
      guard abs(c.count - w.count) <= threshold else { continue }
      let d = distance(w, c)
      if d <= threshold, best == nil || d < best?.1 ?? Int.max { best = (candidate, d) }
    }
    return best?.0
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent transpositions, the commonest typo).
  static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, previous2[j - 2] + 1) }
        current[j] = v
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }

  /// The "did you mean" help for `word` at `span` and the fix-it that makes the change: replace the
  /// word with the suggestion. Both empty when no candidate is close enough.
  static func fix(_ span: SourceSpan, _ word: String, among candidates: [String]) -> (
    help: String?, fixIts: [Diagnostic.FixIt]
  ) {
    guard let guess = closest(to: word, among: candidates) else { return (nil, []) }
    let fixIt = Diagnostic.FixIt(
      message: "Replace '\(word)' with '\(guess)'", edits: [.init(span: span, replacement: guess)])
    return ("did you mean '\(guess)'?", [fixIt])
  }
}

/// "Did you mean …?" for unknown keys, tags and words in shot JSON: the closest candidate by
/// optimal string alignment distance (Levenshtein plus adjacent transpositions, so `yeild_g` finds
/// `yield_g` in one edit), when it is within a third of the word's length (at least one edit).
///
/// Deliberately the same rule as the language's suggestions, so a misspelled tag gets the same
/// answer in a rule file and in a shot; when a shared helper lands in `Diagnostics/` this should
/// call it instead.
enum ShotJSONSuggestion {
  /// The nearest candidate, or nil when none is close enough. Case is ignored; ties go to the
  /// earlier candidate. Words longer than 64 bytes get no suggestion, which bounds the work a
  /// hostile key can cause.
  static func closest(to word: String, among candidates: [String]) -> String? {
    guard word.utf8.count <= 64 else { return nil }
    let w = Array(word.lowercased().utf8)
    let threshold = max(1, w.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let c = Array(candidate.lowercased().utf8)
      guard abs(c.count - w.count) <= threshold else { continue }
      let d = distance(w, c)
      if d <= threshold, d < best?.distance ?? Int.max { best = (candidate, d) }
    }
    return best?.candidate
  }

  /// Optimal string alignment distance between two byte strings.
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
}

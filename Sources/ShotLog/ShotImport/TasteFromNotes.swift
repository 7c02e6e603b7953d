import DialRules

/// The taste words `dialshot import --taste-from-notes` reads in a shot's notes: a fixed,
/// documented list (docs/importing.md, "Taste from notes"), matched whole-word and without case,
/// so the same notes always give the same verdict.
///
/// A word right after a negation (`not`, `no`, `never`, `less`, `without`, `isn't`, `wasn't`,
/// `hardly`) does not count: "not sour" is no verdict of sourness. Notes in which no listed word
/// counts give no verdict at all — the taste stays unknown, never "none" — so decisions keep
/// saying what is missing.
public enum TasteFromNotes {
  /// Each tag with the words that mean it.
  public static let words: [(tag: TasteTag, words: [String])] = [
    (.sour, ["sour", "sourish", "sourness", "tart", "underextracted", "under-extracted"]),
    (.bitter, ["bitter", "bitterness", "burnt", "ashy", "overextracted", "over-extracted"]),
    (.balanced, ["balanced"]),
    (.thin, ["thin", "watery", "weak"]),
    (.strong, ["strong", "intense"]),
    (.harsh, ["harsh", "astringent"]),
  ]

  /// The words that cancel the taste word after them.
  public static let negations: Set<String> = ["not", "no", "never", "less", "without", "isn't", "wasn't", "hardly"]

  private static let lookup: [String: TasteTag] = {
    var out: [String: TasteTag] = [:]
    for (tag, list) in words { for w in list { out[w] = tag } }
    return out
  }()

  /// The tastes the notes name, or nil when they name none.
  public static func tastes(in notes: String) -> TagSet<TasteTag>? {
    var found = TagSet<TasteTag>()
    var previous = ""
    for word in tokens(notes) {
      if let tag = lookup[word], !negations.contains(previous) { found.insert(tag) }
      previous = word
    }
    return found.isEmpty ? nil : found
  }

  /// The notes as lowercase words: letters, with `-` and `'` kept inside a word.
  static func tokens(_ text: String) -> [String] {
    var out: [String] = []
    var current = ""
    func flush() {
      while current.last == "-" || current.last == "'" { current.removeLast() }
      if !current.isEmpty { out.append(current) }
      current = ""
    }
    for ch in text.lowercased() {
      if ch.isLetter {
        current.append(ch)
      } else if (ch == "-" || ch == "'" || ch == "’"), !current.isEmpty {
        current.append(ch == "’" ? "'" : ch)
      } else {
        flush()
      }
    }
    flush()
    return out
  }
}

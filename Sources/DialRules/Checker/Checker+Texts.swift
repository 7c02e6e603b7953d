/// The texts a barista reads — `because` rationales and abstention reasons — and their
/// translations (`docs/language.md` §4.3): language codes, duplicates, and the languages the
/// ruleset declares it carries.
extension Checker {
  /// The two-letter ISO 639-1 language codes: a translation is tagged with one of them.
  package static let languageCodes: Set<String> = [
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm", "bn",
    "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee", "el", "en",
    "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he",
    "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv",
    "ka", "kg", "ki", "kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li",
    "ln", "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd", "ne",
    "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi", "pl", "ps", "pt", "qu", "rm",
    "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss", "st",
    "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk",
    "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh", "yi", "yo", "za", "zh", "zu",
  ]

  /// Three-letter codes an author may write by habit, for C022's help.
  static let threeLetterCodes: [String: String] = [
    "deu": "de", "ger": "de", "spa": "es", "eng": "en", "fra": "fr", "fre": "fr", "ita": "it", "por": "pt",
    "nld": "nl", "dut": "nl", "jpn": "ja", "zho": "zh", "chi": "zh",
  ]

  /// The translations of `text` by language code; unknown codes (C022) and a second text for one
  /// language (C023, the first one counts; `en` is always a second English text) are reported and
  /// left out.
  mutating func checkTranslations(_ text: TextSyntax) -> [String: String] {
    var texts: [String: String] = [:]
    var first: [String: SourceSpan] = [:]
    for t in text.translations {
      let code = t.language.name
      if code == "en" {
        report(CheckerMessages.duplicateTranslation(t.language.span, code, first: text.english.span))
      } else if !Self.languageCodes.contains(code) {
        report(CheckerMessages.unknownLanguage(t.language.span, code))
      } else if let earlier = first[code] {
        report(CheckerMessages.duplicateTranslation(t.language.span, code, first: earlier))
      } else {
        first[code] = t.language.span
        texts[code] = t.text.value
      }
    }
    return texts
  }

  /// `languages de es`: the codes, each known and listed once (`en` is accepted and ignored: every
  /// table has its English texts).
  mutating func checkLanguages(_ codes: [Identifier], span: SourceSpan) {
    if let first = languagesSpan {
      report(CheckerMessages.duplicateRulesetClause(span, "languages", first: first))
      return
    }
    languagesSpan = span
    var seen: [String: SourceSpan] = [:]
    for code in codes {
      if !Self.languageCodes.contains(code.name) {
        report(CheckerMessages.unknownLanguage(code.span, code.name))
      } else if let earlier = seen[code.name] {
        report(CheckerMessages.duplicateLanguage(code.span, code.name, first: earlier))
      } else {
        seen[code.name] = code.span
        if code.name != "en" { declaredLanguages.append(code.name) }
      }
    }
  }

  /// With `languages …` declared, warns (C024) when `text` lacks some of them.
  mutating func checkComplete(_ texts: [String: String], _ what: String, span: SourceSpan) {
    guard let declared = languagesSpan else { return }
    let missing = declaredLanguages.filter { texts[$0] == nil }
    if !missing.isEmpty { report(CheckerMessages.missingTranslation(span, what, missing: missing, declared: declared)) }
  }
}

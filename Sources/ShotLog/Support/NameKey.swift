/// How profile names are compared: two names are the same when their full case foldings are
/// canonically equivalent, so "Café", "café", "CAFÉ" and a decomposed "Cafe\u{301}" are one bean.
///
/// Both come from the Swift standard library's public API, without Foundation and without tables
/// of our own: case folding as the lowercase mapping of the uppercase mapping of each scalar
/// (`Unicode.Scalar.Properties`), and canonical equivalence from `String` itself, whose `==` and
/// hashing compare canonically equivalent strings as equal. So a key is only ever compared as a
/// `String` (dictionary keys, `==`), never by its scalars or bytes, and needs no normalisation of
/// its own. Checked over every code point against Unicode's full case folding (CaseFolding.txt,
/// statuses C and F, as recorded in `Fixtures/unicode/casefold.txt`), which it follows except for
/// two letters, handled here: U+1E9E "ẞ" folds to "ss" like "ß", and U+0131 dotless "ı" folds to
/// itself, not to "i". (Cherokee letters fold to their uppercase form in CaseFolding.txt and to
/// the lowercase one here: both give one key per pair of letters, so names compare the same.)
/// `NameKeyTests` repeats that check.
enum NameKey {
  /// The comparison key of `name`: trimmed and case folded, to be compared as a `String`.
  static func key(_ name: String) -> String {
    var folded = String.UnicodeScalarView()
    for scalar in name.trimmingSpaces.unicodeScalars {
      if scalar.isASCII {
        // The common case, without building mapping strings.
        let v = scalar.value
        folded.append((0x41...0x5A).contains(v) ? Unicode.Scalar(v + 32) ?? scalar : scalar)
        continue
      }
      switch scalar.value {
      case 0x131:
        folded.append(scalar)
      case 0x1E9E:
        folded.append(contentsOf: "ss".unicodeScalars)
      default:
        for upper in scalar.properties.uppercaseMapping.unicodeScalars {
          folded.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
        }
      }
    }
    return String(folded)
  }
}

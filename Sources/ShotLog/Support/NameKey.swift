/// How profile names are compared: two names are the same when they are equal after Unicode
/// normalisation (NFC) and full case folding, so "Café", "café", "CAFÉ" and a decomposed
/// "Cafe\u{301}" are one bean.
///
/// Both come from the Swift standard library, without Foundation and without tables of our own:
/// NFC from `String._nfcCodeUnits` (public, underscored; the normaliser behind `String`'s own
/// comparison), and case folding as the lowercase mapping of the uppercase mapping of each scalar
/// (`Unicode.Scalar.Properties`). Checked over every code point against Python's `str.casefold`
/// (Unicode's CaseFolding.txt, statuses C and F), that agrees except for two letters, handled
/// here: U+1E9E "ẞ" folds to "ss" like "ß", and U+0131 dotless "ı" folds to itself, not to "i".
/// (Cherokee letters fold to their uppercase form in CaseFolding.txt and to the lowercase one
/// here: both give one key per pair of letters, so names compare the same.) The test
/// `NameKeyTests` repeats that check with the Python of the machine it runs on.
enum NameKey {
  /// The comparison key of `name`: trimmed, case folded, NFC.
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
    return String(decoding: String(folded)._nfcCodeUnits, as: UTF8.self)
  }
}

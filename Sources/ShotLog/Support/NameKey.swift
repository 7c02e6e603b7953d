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

extension NameKey {
  /// The looser key a typed reference is also matched by: `key` without accents, so `cafe`
  /// finds "Café Lumen" and `sao` finds "São Paulo". A Latin letter with a diacritic becomes its
  /// base letter (read from the scalar's Unicode name, "LATIN SMALL LETTER E WITH ACUTE" → `e`, so
  /// no table of our own) and a combining mark is dropped. Other scripts are left as they are.
  static func loose(_ name: String) -> String {
    let key = key(name)
    guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return key }
    var out = String.UnicodeScalarView()
    for scalar in key.unicodeScalars {
      if scalar.isASCII {
        out.append(scalar)
        continue
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: continue
      default: break
      }
      out.append(contentsOf: baseLetter(scalar).unicodeScalars)
    }
    return String(out)
  }

  /// `e` for é, `o` for ø, `ae` for æ; the scalar itself when it is not a Latin letter with a mark.
  private static func baseLetter(_ scalar: Unicode.Scalar) -> String {
    guard let name = scalar.properties.name else { return String(scalar) }
    for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      let letter = rest.prefix { $0 != " " }
      let tail = rest.dropFirst(letter.count)
      guard tail.isEmpty || tail.hasPrefix(" WITH ") else { break }
      if letter.count == 1 || letter == "AE" || letter == "OE" { return letter.lowercased() }
      break
    }
    return String(scalar)
  }

  /// The starts of the words of a loose key (`"cafe lumen"` → `"cafe lumen"`, `"lumen"`): a
  /// reference may name a profile by the start of any of its words (`sette` for "Baratza Sette
  /// 270").
  static func wordStarts(_ looseKey: String) -> [Substring] {
    var starts: [Substring] = []
    var atStart = true
    for index in looseKey.indices {
      let c = looseKey[index]
      if c == " " || c == "-" || c == "/" || c == "(" {
        atStart = true
      } else if atStart {
        starts.append(looseKey[index...])
        atStart = false
      }
    }
    return starts
  }
}

import DialRules
import ShotLog

/// How values read in text output. An unknown value is `–` everywhere, so "not measured" never
/// looks like zero.
enum Formatting {
  static let unknown = "–"

  static func grams(_ value: ExactNumber?) -> String { value.map { $0.decimalText + " g" } ?? unknown }
  static func seconds(_ value: ExactNumber?) -> String { value.map { $0.decimalText + " s" } ?? unknown }
  static func celsius(_ value: ExactNumber?) -> String { value.map { $0.decimalText + " °C" } ?? unknown }

  /// `1:2.0`, or unknown.
  static func ratio(_ value: ExactNumber?) -> String { value.map { "1:" + ratioText($0) } ?? unknown }

  // The same in a language's number format (`36,5 g`, `1:2,0`), for the review.
  static func grams(_ value: ExactNumber?, _ w: Wording) -> String { value.map { w.number($0) + " g" } ?? unknown }
  static func seconds(_ value: ExactNumber?, _ w: Wording) -> String { value.map { w.number($0) + " s" } ?? unknown }
  static func celsius(_ value: ExactNumber?, _ w: Wording) -> String {
    value.map { w.number($0) + " °C" } ?? unknown
  }
  static func ratio(_ value: ExactNumber?, _ w: Wording) -> String {
    value.map { "1:" + shownValue(ratioText($0), w) } ?? unknown
  }

  /// A value the library stored as English display text (`36.5 g`, `14`, `1:2.11`) in `w`'s
  /// number format: the one place the command line decides a decimal comma for such text (typed
  /// numbers go through `Wording.number`).
  static func shownValue(_ text: String, _ w: Wording) -> String {
    w.language == .english ? visible(text) : Wording.decimalComma(visible(text))
  }

  /// A grind setting as the barista reads it: a number in the language's format (`10,5`), a
  /// named setting (`2B+3`) as written.
  static func grindText(_ text: String, _ w: Wording) -> String {
    ExactNumber(text) != nil ? shownValue(text, w) : visible(text)
  }

  /// Tags in vocabulary order in `w`'s language (`sauer, Kanalbildung`; `ácido, canalización`).
  static func tags<Tag: TagVocabulary>(_ set: TagSet<Tag>?, _ w: Wording) -> String {
    guard let set else { return unknown }
    if set.isEmpty { return w.pick("none", de: "keine", es: "ninguno") }
    return set.members.map { tagWord($0.rawValue, w) }.joined(separator: ", ")
  }

  /// A taste or flow tag as a barista says it: `sour` is `sauer`, `ácido`; `channeling` is
  /// `Kanalbildung`, `canalización`. (What the barista types stays the English tag.)
  static func tagWord(_ tag: String, _ w: Wording) -> String {
    let words: [String: (de: String, es: String)] = [
      "sour": ("sauer", "ácido"), "bitter": ("bitter", "amargo"), "balanced": ("ausgewogen", "equilibrado"),
      "thin": ("dünn", "aguado"), "strong": ("kräftig", "intenso"), "harsh": ("kratzig", "astringente"),
      "channeling": ("Kanalbildung", "canalización"), "gushing": ("schießt durch", "sale a chorro"),
      "choked": ("läuft nicht durch", "ahogado"),
    ]
    guard let word = words[tag] else { return tag }
    return w.pick(tag, de: word.de, es: word.es)
  }

  /// Tags in vocabulary order; `none` for an empty verdict, unknown when not given.
  static func tags<Tag: TagVocabulary>(_ set: TagSet<Tag>?) -> String {
    guard let set else { return unknown }
    return set.isEmpty ? "none" : set.members.map(\.rawValue).joined(separator: ", ")
  }

  /// Stored tag text (`sour,thin`) shown as `tags` shows a set, without parsing it.
  static func storedTags(_ text: String?) -> String {
    guard let text else { return unknown }
    return text.isEmpty ? "none" : text.replacing(",", with: ", ")
  }

  /// The short label of a decision for lists: the adjustment's rule text, `no change`, or
  /// `insufficient (reason)`.
  static func decisionLabel(kind: Decision.Kind?, text: String?) -> String {
    guard let kind else { return "(no rules)" }
    switch kind {
    case .adjust: return text ?? "adjust"
    case .noChange: return "No change"
    case .insufficientEvidence: return "insufficient evidence"
    }
  }

  /// `9 days after roasting`, `roasted the same day`, `3 days before roasting` (a date typo).
  static func daysText(_ days: Int64, _ w: Wording = Wording(.english)) -> String {
    if w.language != .english {
      switch days {
      case 0: return w.pick("", de: "am Röstdatum", es: "tostado el mismo día")
      case 1: return w.pick("", de: "1 Tag nach der Röstung", es: "1 día después del tueste")
      case 2...: return w.pick("", de: "\(days) Tage nach der Röstung", es: "\(days) días después del tueste")
      default:
        return w.pick(
          "", de: "\(-days) \(days == -1 ? "Tag" : "Tage") vor der Röstung",
          es: "\(-days) \(days == -1 ? "día" : "días") antes del tueste")
      }
    }
    switch days {
    case 0: return "roasted the same day"
    case 1: return "1 day after roasting"
    case 2...: return "\(days) days after roasting"
    default: return "\(-days) day\(days == -1 ? "" : "s") before roasting"
    }
  }

  /// A decision outcome's headline.
  static func headline(_ decision: Decision) -> String {
    switch decision.outcome {
    case .adjust, .noChange: return decision.text
    case .insufficientEvidence(let reason):
      return "Not enough evidence to suggest a change (\(reason.rawValue)): \(decision.text)"
    }
  }
}

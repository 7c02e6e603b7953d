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

  /// A grinder scale in words: `step 0.5 from 0 to 50, lower is finer` (the log's own English
  /// text), `Schritt 0,5 von 0 bis 50, niedriger ist feiner`, `paso 0,5 de 0 a 50, más bajo es
  /// más fino`; `free-text settings` without a scale.
  static func scaleText(_ scale: GrinderScale?, _ w: Wording) -> String {
    guard w.language != .english else { return ShotLogStore.scaleText(scale) }
    guard let scale else {
      return w.pick("", de: "Einstellungen als Freitext", es: "ajustes en texto libre")
    }
    let (step, low, high) = (w.number(scale.step), w.number(scale.min), w.number(scale.max))
    return w.pick(
      "", de: "Schritt \(step) von \(low) bis \(high), \(ScaleRuns.words(scale.finer, w))",
      es: "paso \(step) de \(low) a \(high), \(ScaleRuns.words(scale.finer, w))")
  }

  /// Stored tag text (`sour,thin`) in `w`'s language, as `tags(_:_:)` shows a set.
  static func storedTags(_ text: String?, _ w: Wording) -> String {
    guard w.language != .english else { return storedTags(text) }
    guard let text else { return unknown }
    if text.isEmpty { return w.pick("none", de: "keine", es: "ninguno") }
    return text.split(separator: ",").map { tagWord(String($0), w) }.joined(separator: ", ")
  }

  /// `3 shots`, `1 Bezug`, `3 extracciones`: a count of shots in `w`'s language.
  static func shots(_ n: Int, _ w: Wording) -> String {
    w.pick(
      "\(n) shot\(n == 1 ? "" : "s")", de: "\(n) \(n == 1 ? "Bezug" : "Bezüge")",
      es: "\(n) \(n == 1 ? "extracción" : "extracciones")")
  }

  /// The clock's label for a column heading (`UTC`, `Europe/Berlin`, `local`: `lokal`).
  static func clockLabel(_ p: Presentation) -> String {
    let label = p.clock.label
    return label == "local" ? p.pick(label, de: "lokal", es: "local") : label
  }

  /// The adjustment an English decision text names (`Grind finer by 1 step`, `Increase the yield
  /// by 1.5 g`, `Lower the temperature by 1 °C`, `No change`: `Adjustment.text`), for text the log
  /// stored in English; nil for any other text.
  static func adjustment(_ text: String) -> Adjustment? {
    if text == "No change" { return .noChange }
    let words = text.split(separator: " ").map(String.init)
    if words.count == 5, words[0] == "Grind", words[2] == "by", words[4] == "step" || words[4] == "steps",
      let direction = GrindDirection(rawValue: words[1]), let steps = Int(words[3]), steps > 0
    {
      return .grind(direction, steps: steps)
    }
    guard words.count == 6, words[1] == "the", words[3] == "by", let amount = ExactNumber(words[4]) else { return nil }
    let negative = ExactNumber("-" + words[4])
    switch (words[0], words[2], words[5]) {
    case ("Increase", "yield", "g"): return .yield(deltaGrams: amount)
    case ("Decrease", "yield", "g"): return negative.map { .yield(deltaGrams: $0) }
    case ("Raise", "temperature", "°C"): return .temperature(deltaCelsius: amount)
    case ("Lower", "temperature", "°C"): return negative.map { .temperature(deltaCelsius: $0) }
    default: return nil
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

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
  static func daysText(_ days: Int64) -> String {
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

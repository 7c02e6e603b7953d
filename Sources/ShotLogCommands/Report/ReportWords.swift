import ShotLog

/// The words `dialshot report` uses for a stored suggestion: the change, `No change`, or
/// `insufficient evidence` with why — the same reasons `history` gives (`SuggestionWords`).
enum ReportWords {
  /// `Grind finer by 1 step`, `No change`, `insufficient evidence: needs taste`,
  /// `insufficient evidence: rules disagree`, `(no rules)`.
  static func suggestion(_ row: HistoryRow) -> String {
    guard row.decisionKind == .insufficientEvidence else { return SuggestionWords.label(row) }
    var reason = SuggestionWords.label(row)
    if reason.hasPrefix("? ") { reason.removeFirst(2) }
    let plain = reason.lowercased()
    guard !reason.isEmpty, plain != "insufficient evidence" else { return "insufficient evidence" }
    // The rules' own sentence goes on after the colon: its first letter in lower case, unless
    // the word is written in capitals (`TDS`).
    if let first = reason.first, reason.dropFirst().first?.isLowercase == true {
      reason = first.lowercased() + reason.dropFirst()
    }
    return "insufficient evidence: " + reason
  }
}

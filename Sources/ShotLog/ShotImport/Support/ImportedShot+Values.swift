import DialRules

/// A value as a source file holds it, before it is checked: the readers turn JSON numbers,
/// numeric strings, Tcl words and CSV cells into this.
enum RawValue: Hashable, Sendable {
  /// Nothing there (absent, `null`, an empty string).
  case missing
  /// Decimal text that reads as a number.
  case number(DecimalText)
  /// Something else, as written (shown in the notice).
  case other(String)

  /// Reads text: empty (after trimming) is missing, decimal text a number, anything else other.
  init(text: String?) {
    guard let text else {
      self = .missing
      return
    }
    let trimmed = Array(text.utf8).trimmingASCIISpaces
    if trimmed.isEmpty {
      self = .missing
    } else if let number = DecimalText(trimmed) {
      self = .number(number)
    } else {
      self = .other(String(decoding: trimmed, as: UTF8.self))
    }
  }

  /// The number, when there is one.
  var number: DecimalText? {
    if case .number(let n) = self { return n }
    return nil
  }
}

extension ImportedShot {
  /// Sets a measured quantity from `raw`, checked against the shot log's range for it.
  ///
  /// Missing stays nil. Zero is the sources' "not recorded" (Decent's dose `0`, Beanconqueror's
  /// empty fields) and also stays nil, silently, when `zeroIsMissing`. A value that is not a
  /// number, or out of the quantity's range (docs/shot-log.md), is left out with a notice naming
  /// the source's field, so the preview shows what was not carried over.
  mutating func set(
    _ path: WritableKeyPath<ImportedShot, ExactNumber?>, _ quantity: Quantity, _ raw: RawValue, field: String,
    zeroIsMissing: Bool = true
  ) {
    switch raw {
    case .missing: return
    case .other(let text):
      notices.append("\(field) '\(Self.clipped(text))' is not a number; left out")
    case .number(let number):
      if number.isZero && zeroIsMissing { return }
      guard let value = number.exact else {
        notices.append("\(field) is out of range; left out")
        return
      }
      // A first drop of 0 s is a known value; every other quantity must be above 0.
      if quantity == .firstDrop, value.isZero {
        self[keyPath: path] = value
        return
      }
      guard quantity.accepts(value) else {
        let range = "0–\(quantity.maximum.decimalText) \(quantity.unit)"
        notices.append("\(field) \(value.decimalText) \(quantity.unit) is outside \(range); left out")
        return
      }
      self[keyPath: path] = value
    }
  }

  /// Text for a notice: at most 40 characters, control characters shown as `?`.
  static func clipped(_ text: String) -> String {
    let shown = String(text.unicodeScalars.map { $0.value < 0x20 ? "?" : Character($0) })
    return shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
  }

  /// Sets the notes: trimmed of surrounding white space, nil when that leaves nothing.
  mutating func setNotes(_ text: String?) {
    guard let text else { return }
    let trimmed = text.trimmingSpaces
    if !trimmed.isEmpty { notes = trimmed }
  }
}

extension String {
  /// The text trimmed (`trimmingSpaces`), or nil when nothing is left: for names and other optional
  /// texts.
  var nonEmptyTrimmed: String? {
    let t = trimmingSpaces
    return t.isEmpty ? nil : t
  }
}

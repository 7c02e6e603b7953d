/// A record built in code checked in its own terms: each broken bound as the field, the value and
/// the bound, with no JSON text or position in sight. The problems are the shot JSON reader's own
/// (`validate()` reads the record back through it), so they agree with `validate()` exactly.
extension ShotRecord {
  /// One bound a record breaks.
  ///
  /// ```swift
  /// var shot = ShotRecord(shot: .init(doseG: -1))
  /// let problem = shot.violations()[0]
  /// problem.field            // .shotDose, at \ShotRecord.shot?.doseG
  /// problem.value            // "-1"
  /// problem.bound?.maximum   // 100 (grams)
  /// problem.description      // "shot.dose_g is -1; expected more than 0 and at most 100 g"
  /// ```
  public struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the value. New problems may be added in a minor release; end a
    /// `switch` with `@unknown default`.
    public enum Problem: Hashable, Sendable {
      /// The number is outside the field's `bound`.
      case outOfRange
      /// The field takes whole numbers only (grind steps).
      case notWholeNumber
      /// The number breaks the limits of exact numbers (`ExactNumber.Limits`): too many decimals,
      /// too many digits, too large.
      case number(ExactNumber.TextError)
      /// The text is longer than shot JSON admits.
      case textTooLong(bytes: Int, limit: Int)
      /// The grinder's minimum is not below its maximum (reported at `grinder.min`).
      case minimumNotBelowMaximum
      /// Another problem; `message` says which.
      case other
    }

    /// The field, when the problem is about one.
    public var field: Field?
    /// The value as the record holds it, in decimal text (`-1`, `0.0000000001`) or the text itself.
    public var value: String
    /// What is wrong.
    public var problem: Problem
    /// The field's bound, for a number field.
    public var bound: Bound?
    /// The shot JSON code of the problem (`J025`), the same `validate()` reports.
    public var code: String
    /// The reader's message, without a place: `number -1 at 'shot.dose_g' is out of range; …`.
    public var message: String

    /// `shot.dose_g is -1; expected more than 0 and at most 100 g`; the message for other problems.
    public var description: String {
      switch problem {
      case .outOfRange:
        guard let field, let bound else { return message }
        return "\(field.jsonPath) is \(value); expected \(bound.text)"
      case .notWholeNumber:
        return "\(field?.jsonPath ?? "?") is \(value); expected a whole number"
      case .textTooLong(let bytes, let limit):
        return "\(field?.jsonPath ?? "?") is \(bytes) bytes long; the limit is \(limit)"
      case .number, .minimumNotBelowMaximum, .other:
        return message
      }
    }

    /// The violation a reader's diagnostic about this record describes.
    init(_ d: Diagnostic, record: ShotRecord) {
      func text(_ name: String) -> String? {
        if case .text(let t)? = d.argument(name) { return t }
        return nil
      }
      field = text("path").flatMap(Field.init(rawValue:))
      code = d.code
      message = d.message
      value = text("text") ?? ""
      bound = field?.bound
      switch d.messageID {
      case "shotJSON.outOfRange": problem = .outOfRange
      case "shotJSON.notWholeNumber": problem = .notWholeNumber
      case "shotJSON.badNumber":
        switch d.code {
        case "J022": problem = .number(.tooLarge)
        case "J023": problem = .number(.tooPrecise)
        case "J024": problem = .number(.tooManyDigits)
        default: problem = .number(.malformed)
        }
      case "shotJSON.stringTooLong":
        if case .integer(let size)? = d.argument("size"), case .integer(let limit)? = d.argument("limit") {
          problem = .textTooLong(bytes: size, limit: limit)
        } else {
          problem = .other
        }
        // The text as recorded: `id` and `grinder.name` are the fields that hold text.
        switch field {
        case .id?: value = record.id ?? ""
        case .grinderName?: value = record.grinder?.name ?? ""
        default: value = ""
        }
      case "shotJSON.grinderRangeInverted":
        problem = .minimumNotBelowMaximum
        field = .grinderMin
        value = text("min") ?? ""
        bound = nil
      default: problem = .other
      }
      // The value as written into the round trip's JSON: decimal text of the exact number.
      if let number = ExactNumber(fractionText: value) { value = number.exactText }
    }
  }

  /// Every bound the record breaks, in the record's terms (empty for a valid record): the field
  /// (its JSON path and key path), the value and the bound. `validate()` reports the same problems
  /// as diagnostics of the shot JSON reader, which point into the JSON text the record is written
  /// as; an app that built the record in code shows these instead.
  public func violations() -> [Violation] {
    guard case .failure(let problems) = validate() else { return [] }
    return problems.map { Violation($0, record: self) }
  }
}

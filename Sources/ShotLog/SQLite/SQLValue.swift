/// One SQLite value, as bound to a statement parameter or read from a result column.
enum SQLValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The text, when the value is text.
  var text: String? {
    if case .text(let s) = self { return s }
    return nil
  }

  /// The integer, when the value is an integer.
  var integer: Int64? {
    if case .integer(let i) = self { return i }
    return nil
  }
}

/// Values that can be bound as statement parameters.
protocol SQLBindable {
  var sqlValue: SQLValue { get }
}

extension String: SQLBindable {
  var sqlValue: SQLValue { .text(self) }
}

extension Int64: SQLBindable {
  var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
  var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLBindable {
  var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension SQLValue: SQLBindable {
  var sqlValue: SQLValue { self }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
  var sqlValue: SQLValue {
    switch self {
    case .none: .null
    case .some(let value): value.sqlValue
    }
  }
}

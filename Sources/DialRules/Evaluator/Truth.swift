/// A three-valued truth: Kleene's strong logic (docs/design.md §4). `unknown` means "could be either,
/// given what was observed". Explanations report each rule's and each condition's truth. These
/// three values are all there will be: a `switch` over them needs no `default`.
public enum Truth: Hashable, Sendable {
  /// False for every shot that agrees with what was observed.
  case no
  /// True.
  case yes
  /// It depends on an observation the shot does not carry.
  case unknown

  init(_ value: Bool) { self = value ? .yes : .no }

  /// `not U = U`.
  @inline(__always)
  var negated: Truth {
    switch self {
    case .no: .yes
    case .yes: .no
    case .unknown: .unknown
    }
  }

  /// `F and U = F`; otherwise unknown wins over true.
  @inline(__always)
  static func && (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .no || rhs == .no { return .no }
    if lhs == .unknown || rhs == .unknown { return .unknown }
    return .yes
  }

  /// `T or U = T`; otherwise unknown wins over false.
  @inline(__always)
  static func || (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .yes || rhs == .yes { return .yes }
    if lhs == .unknown || rhs == .unknown { return .unknown }
    return .no
  }

  /// `true`, `false` or `unknown`, as explanations print it.
  public var word: String {
    switch self {
    case .no: "false"
    case .yes: "true"
    case .unknown: "unknown"
    }
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension Truth: Codable {}
#endif

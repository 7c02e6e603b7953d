/// A tag vocabulary: the fixed words a shot record may use for taste or flow.
public protocol TagVocabulary: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
  /// What the set is called in rule files and JSON paths (`taste`, `flow`).
  static var setName: String { get }
  /// Position in the vocabulary (the tag's bit in a `TagSet`).
  var ordinal: Int { get }
}

/// How a shot tasted, as the barista judged it. Design §6 fixes the words.
public enum TasteTag: String, TagVocabulary {
  case sour, bitter, balanced, thin, strong, harsh
  public static var setName: String { "taste" }
  public var ordinal: Int {
    switch self {
    case .sour: 0
    case .bitter: 1
    case .balanced: 2
    case .thin: 3
    case .strong: 4
    case .harsh: 5
    }
  }
}

/// What the barista saw while the shot ran; absent means nothing was noted.
public enum FlowTag: String, TagVocabulary {
  case channeling, gushing, choked
  public static var setName: String { "flow" }
  public var ordinal: Int {
    switch self {
    case .channeling: 0
    case .gushing: 1
    case .choked: 2
    }
  }
}

/// A set of tags as a bit mask: membership tests on the evaluator's hot path are one AND.
public struct TagSet<Tag: TagVocabulary>: Hashable, Sendable, Sequence {
  package private(set) var bits: UInt32

  public init() { bits = 0 }
  public init<S: Sequence>(_ tags: S) where S.Element == Tag {
    bits = 0
    for t in tags { insert(t) }
  }

  @inline(__always)
  static func bit(_ tag: Tag) -> UInt32 { 1 << UInt32(tag.ordinal) }

  public mutating func insert(_ tag: Tag) { bits |= Self.bit(tag) }
  public func contains(_ tag: Tag) -> Bool { bits & Self.bit(tag) != 0 }
  package func contains(mask: UInt32) -> Bool { bits & mask != 0 }
  public var isEmpty: Bool { bits == 0 }

  /// Members in vocabulary order, which is also the order JSON output uses.
  public var members: [Tag] { Tag.allCases.filter { contains($0) } }

  public func makeIterator() -> IndexingIterator<[Tag]> { members.makeIterator() }
}

/// A tag vocabulary: the fixed words a shot record may use for taste or flow.
///
/// The vocabularies are `TasteTag` and `FlowTag`; the protocol is public so that `TagSet` can be
/// generic over them. A type of your own that conforms is not one the rules or shot JSON know.
public protocol TagVocabulary: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
  /// What the set is called in rule files and JSON paths (`taste`, `flow`).
  static var setName: String { get }
  /// Position in the vocabulary (the tag's bit in a `TagSet`).
  var ordinal: Int { get }
}

/// How a shot tasted, as the barista judged it. docs/design.md §6 fixes the words; the raw values are the
/// words of shot JSON and rule files. New tags may be added in a minor release; end a `switch` with
/// `@unknown default`.
public enum TasteTag: String, TagVocabulary {
  /// Sharp, acidic: usually under-extracted.
  case sour
  /// Harsh bitterness: usually over-extracted.
  case bitter
  /// Sweet and even: nothing to fix.
  case balanced
  /// Watery, little body.
  case thin
  /// Heavy, too intense.
  case strong
  /// Drying, astringent.
  case harsh

  /// `taste`.
  public static var setName: String { "taste" }
  /// The tag's position in the vocabulary.
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

/// What the barista saw while the shot ran; absent means nothing was noted. The raw values are the
/// words of shot JSON and rule files. New tags may be added in a minor release; end a `switch` with
/// `@unknown default`.
public enum FlowTag: String, TagVocabulary {
  /// Water found a path through the puck (spurts, a blond stripe, holes in the puck).
  case channeling
  /// The puck gave way and the shot ran far too fast.
  case gushing
  /// Barely any flow: far too fine or too much coffee.
  case choked

  /// `flow`.
  public static var setName: String { "flow" }
  /// The tag's position in the vocabulary.
  public var ordinal: Int {
    switch self {
    case .channeling: 0
    case .gushing: 1
    case .choked: 2
    }
  }
}

/// A set of tags as a bit mask: membership tests on the evaluator's hot path are one AND.
///
/// ```swift
/// let taste: TagSet<TasteTag> = [.sour, .thin]
/// taste.contains(.sour)   // true
/// ```
public struct TagSet<Tag: TagVocabulary>: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
  package private(set) var bits: UInt32

  /// The empty set.
  public init() { bits = 0 }
  /// The set with these bits (from another `TagSet` of the same vocabulary).
  init(bits: UInt32) { self.bits = bits }
  /// The set of the given tags (repeats are ignored).
  public init<S: Sequence>(_ tags: S) where S.Element == Tag {
    bits = 0
    for t in tags { insert(t) }
  }

  @inline(__always)
  static func bit(_ tag: Tag) -> UInt32 { 1 << UInt32(tag.ordinal) }

  /// The set of the tags listed: `[.sour, .thin]`.
  public init(arrayLiteral tags: Tag...) {
    self.init(tags)
  }

  /// Adds `tag` (nothing happens when it is already there).
  public mutating func insert(_ tag: Tag) { bits |= Self.bit(tag) }
  /// Removes `tag` (nothing happens when it is not there).
  public mutating func remove(_ tag: Tag) { bits &= ~Self.bit(tag) }
  /// Whether `tag` is in the set.
  public func contains(_ tag: Tag) -> Bool { bits & Self.bit(tag) != 0 }
  func contains(mask: UInt32) -> Bool { bits & mask != 0 }
  /// Whether the set has no tag.
  public var isEmpty: Bool { bits == 0 }

  /// Members in vocabulary order, which is also the order JSON output uses.
  public var members: [Tag] { Tag.allCases.filter { contains($0) } }

  /// Iterates the members in vocabulary order.
  public func makeIterator() -> IndexingIterator<[Tag]> { members.makeIterator() }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  /// A tag set encodes as the array of its members' shot JSON words, in vocabulary order
  /// (`["sour", "thin"]`); decoding rejects a word that is not a tag of the vocabulary.
  extension TagSet: Codable {
    /// Decodes an array of tag words.
    public init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      self.init()
      while !container.isAtEnd {
        let word = try container.decode(String.self)
        guard let tag = Tag(rawValue: word) else {
          throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "'\(word)' is not a \(Tag.setName) tag")
        }
        insert(tag)
      }
    }

    /// Encodes the members' words, in vocabulary order.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for tag in members { try container.encode(tag.rawValue) }
    }
  }

  extension TasteTag: Codable {}
  extension FlowTag: Codable {}
#endif

/// A half-open byte range `[start, end)` into one `SourceFile`.
///
/// Spans are offsets, not line/column pairs: the line table turns them into positions only when a
/// diagnostic is rendered, so stages stay cheap and never disagree about where a line starts.
public struct SourceSpan: Hashable, Sendable, Comparable {
  /// The offset of the first byte.
  public var start: Int
  /// The offset just past the last byte (equal to `start` for an empty span).
  public var end: Int

  /// The bytes `start..<end`; an `end` before `start` is taken as `start`.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty span at `offset`, used for "expected X here" diagnostics.
  public static func at(_ offset: Int) -> SourceSpan { SourceSpan(start: offset, end: offset) }

  /// The smallest span covering both.
  public func union(_ other: SourceSpan) -> SourceSpan {
    SourceSpan(start: min(start, other.start), end: max(end, other.end))
  }

  /// The number of bytes covered.
  public var length: Int { end - start }

  /// Orders by start, then end.
  public static func < (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
    (lhs.start, lhs.end) < (rhs.start, rhs.end)
  }
}

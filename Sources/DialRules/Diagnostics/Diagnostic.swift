/// One finding about an input, from any stage: lexer, parser, checker, analysis, shot JSON reader.
///
/// The `code` is stable once released (see `docs/diagnostics.md`); the wording of `message` may
/// improve. Messages start lowercase, have no trailing period, and name constructs in quotes; the
/// remedy goes in `help`, related places in `notes`.
public struct Diagnostic: Hashable, Sendable {
  public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int {
      switch self {
      case .info: 0
      case .warning: 1
      case .error: 2
      }
    }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// A secondary message, optionally pointing at its own place.
  public struct Note: Hashable, Sendable {
    public var message: String
    public var span: SourceSpan?
    public init(_ message: String, span: SourceSpan? = nil) {
      self.message = message
      self.span = span
    }
  }

  /// A suggested edit: replace the bytes of `span` with `replacement`.
  public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [Edit]
    public struct Edit: Hashable, Sendable {
      public var span: SourceSpan
      public var replacement: String
      public init(span: SourceSpan, replacement: String) {
        self.span = span
        self.replacement = replacement
      }
    }
    public init(message: String, edits: [Edit]) {
      self.message = message
      self.edits = edits
    }
  }

  public var code: String
  public var severity: Severity
  public var message: String
  public var span: SourceSpan
  public var notes: [Note]
  public var help: String?
  public var fixIts: [FixIt]

  public init(
    code: String, severity: Severity = .error, message: String, span: SourceSpan,
    notes: [Note] = [], help: String? = nil, fixIts: [FixIt] = []
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.span = span
    self.notes = notes
    self.help = help
    self.fixIts = fixIts
  }

  public var isError: Bool { severity == .error }
}

extension Array where Element == Diagnostic {
  /// Sorted by offset, then code; exact duplicates (same code and span) removed. The stages that
  /// collect diagnostics (the rule compiler, the shot JSON reader) finish with this, so output
  /// never depends on the order they happened to find things nor reports one mistake twice.
  /// Renderers do not de-duplicate: analysis findings may share a code and a place.
  package func normalized() -> [Diagnostic] {
    var seen = Set<String>()
    var out: [Diagnostic] = []
    for d in sortedByPlace() {
      let key = "\(d.code)@\(d.span.start)-\(d.span.end)"
      if seen.insert(key).inserted { out.append(d) }
    }
    return out
  }

  /// Sorted by offset, then code; diagnostics that tie keep their order, and none is dropped.
  package func sortedByPlace() -> [Diagnostic] {
    enumerated().sorted { a, b in
      (a.element.span.start, a.element.span.end, a.element.code, a.offset)
        < (b.element.span.start, b.element.span.end, b.element.code, b.offset)
    }.map(\.element)
  }

  package var hasErrors: Bool { contains { $0.isError } }
}

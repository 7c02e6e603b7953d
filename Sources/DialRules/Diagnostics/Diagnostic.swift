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
    public var span: Span?
    public init(_ message: String, span: Span? = nil) {
      self.message = message
      self.span = span
    }
  }

  /// A suggested edit: replace the bytes of `span` with `replacement`.
  public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [Edit]
    public struct Edit: Hashable, Sendable {
      public var span: Span
      public var replacement: String
      public init(span: Span, replacement: String) {
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
  public var span: Span
  public var notes: [Note]
  public var help: String?
  public var fixIts: [FixIt]

  public init(
    code: String, severity: Severity = .error, message: String, span: Span,
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
  /// Sorted by offset, then code; exact duplicates (same code and span) removed. Every renderer goes
  /// through this so output never depends on the order stages happened to find things.
  public func normalized() -> [Diagnostic] {
    var seen = Set<String>()
    var out: [Diagnostic] = []
    for d in self.sorted(by: { ($0.span.start, $0.span.end, $0.code) < ($1.span.start, $1.span.end, $1.code) }) {
      let key = "\(d.code)@\(d.span.start)-\(d.span.end)"
      if seen.insert(key).inserted { out.append(d) }
    }
    return out
  }

  public var hasErrors: Bool { contains { $0.isError } }
}

/// One finding about an input, from any stage: lexer, parser, checker, analysis, shot JSON reader.
///
/// The `code` is stable once released (`docs/diagnostics.md` lists every code); the wording of
/// `message` may improve. Messages start lowercase, have no trailing period, and name constructs
/// in quotes; the remedy goes in `help`, related places in `notes`. Places are byte ranges
/// (`SourceSpan`) into the `SourceFile` the diagnostic is about: `SourceFile.position(of:)` turns
/// one into a line and column, and `DiagnosticRenderer` renders the whole diagnostic.
public struct Diagnostic: Hashable, Sendable {
  /// How serious a diagnostic is. Only errors stop a rule file from compiling or a shot from being
  /// read. New severities may be added in a minor release; end a `switch` with `@unknown default`.
  public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// Worth knowing, not a problem: most analysis findings (`A…`).
    case info
    /// Probably a mistake, but the input still works.
    case warning
    /// The input cannot be used as it is.
    case error

    private var rank: Int {
      switch self {
      case .info: 0
      case .warning: 1
      case .error: 2
      }
    }

    /// Orders by seriousness: `info < warning < error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// A secondary message, optionally pointing at its own place ("rule 'x' is shadowed by this
  /// rule").
  public struct Note: Hashable, Sendable {
    /// The note's text.
    public var message: String
    /// The place it is about, in the same file as the diagnostic; nil for a note without one.
    public var span: SourceSpan?

    /// A note with a message and, optionally, a place.
    public init(_ message: String, span: SourceSpan? = nil) {
      self.message = message
      self.span = span
    }
  }

  /// A suggested edit: replace the bytes of each edit's `span` with its `replacement`.
  public struct FixIt: Hashable, Sendable {
    /// What the edit does, for a menu or a tooltip.
    public var message: String
    /// The replacements, in the diagnostic's file.
    public var edits: [Edit]

    /// One replacement of a byte range.
    public struct Edit: Hashable, Sendable {
      /// The bytes to replace (empty for an insertion).
      public var span: SourceSpan
      /// The text that replaces them.
      public var replacement: String

      /// An edit replacing `span` with `replacement`.
      public init(span: SourceSpan, replacement: String) {
        self.span = span
        self.replacement = replacement
      }
    }

    /// A fix-it with its description and edits.
    public init(message: String, edits: [Edit]) {
      self.message = message
      self.edits = edits
    }
  }

  /// The stable code, grouped by stage: `L…` lexing, `P…` parsing, `C…`/`T…` checking, `A…`
  /// analysis, `J…` shot JSON. A code never changes meaning.
  public var code: String
  /// How serious it is.
  public var severity: Severity
  /// What is wrong, in one line: `expected unit 'g', found 's'`.
  public var message: String
  /// The main place: a byte range into the file the diagnostic is about.
  public var span: SourceSpan
  /// Secondary messages, each optionally with its own place.
  public var notes: [Note]
  /// The remedy, when there is an obvious one: `try '==' instead`.
  public var help: String?
  /// Suggested edits (none of today's diagnostics carries one; the room is kept for them).
  public var fixIts: [FixIt]
  /// Which catalogued message this is, stable like `code` but one per message (a code may have
  /// several): the stage and the message's name, `checker.unknownName`, `shotJSON.outOfRange`,
  /// `lexer.exponent`. Empty for a diagnostic made with the public initialiser. An app that words
  /// messages itself keys its texts by this and fills them from `arguments`; `docs/diagnostics.md`
  /// lists the codes, and a test checks that every catalogued message has a distinct id.
  public var messageID: String
  /// The values the message names, as data, in the order of the message's parameters: for
  /// `checker.unknownName`, the `name` written (`sourr`) and the `candidates` suggested. The
  /// English `message`, `notes` and `help` are made from the same values.
  public var arguments: [Argument]

  /// A diagnostic; `severity` defaults to `.error`. `messageID` and `arguments` are for messages
  /// of an app's own catalogue (the library's own diagnostics always carry both).
  public init(
    code: String, severity: Severity = .error, message: String, span: SourceSpan,
    notes: [Note] = [], help: String? = nil, fixIts: [FixIt] = [], messageID: String = "", arguments: [Argument] = []
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.span = span
    self.notes = notes
    self.help = help
    self.fixIts = fixIts
    self.messageID = messageID
    self.arguments = arguments
  }

  /// A catalogued diagnostic (the `…Messages` files): its message id and typed arguments first.
  init(
    messageID: String, arguments: [Argument], code: String, severity: Severity = .error, message: String,
    span: SourceSpan, notes: [Note] = [], help: String? = nil, fixIts: [FixIt] = []
  ) {
    self.init(
      code: code, severity: severity, message: message, span: span, notes: notes, help: help, fixIts: fixIts,
      messageID: messageID, arguments: arguments)
  }

  /// The value of the argument called `name`, when the message has one.
  public func argument(_ name: String) -> Argument.Value? {
    arguments.first { $0.name == name }?.value
  }

  /// Whether the severity is `.error`.
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
    }.map { $0.element }
  }

  package var hasErrors: Bool { contains { $0.isError } }
}

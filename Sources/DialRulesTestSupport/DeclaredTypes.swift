import Foundation

/// The top-level types a module's sources declare, read from the source text, so a test can check
/// that a hand-written list of them is complete (the compiler checks that it is correct).
public enum DeclaredTypes {
  /// How visible a declaration is, from its leading modifier.
  public enum Access: String, Sendable, CaseIterable {
    case `public`, package, `internal`
  }

  /// The names of the top-level `struct`, `enum`, `class`, `actor`, `protocol` and `typealias`
  /// declarations in the `.swift` files under `directory` (relative to the package) whose access
  /// is one of `access` (private and fileprivate ones are never returned). Fails when the
  /// directory holds no Swift file, so a moved folder cannot make a check pass vacuously.
  public static func topLevel(
    in directory: String, access: Set<Access>, from filePath: String = #filePath
  ) throws -> Set<String> {
    Set(try declarations(in: directory, access: access, from: filePath).keys)
  }

  /// The same declarations, each name with its keyword (`struct`, `typealias`, …).
  public static func declarations(
    in directory: String, access: Set<Access>, from filePath: String = #filePath
  ) throws -> [String: String] {
    let root = PackageRoot.file(directory, from: filePath)
    guard let walker = FileManager.default.enumerator(atPath: root) else { throw Missing(directory: directory) }
    var names: [String: String] = [:]
    var files = 0
    let pattern = try Regex(
      #"^(?:(public|package|internal|private|fileprivate) )?(?:final )?(?:indirect )?(struct|enum|class|actor|protocol|typealias) ([A-Za-z_][A-Za-z0-9_]*)"#
    )
    for case let path as String in walker where path.hasSuffix(".swift") {
      files += 1
      let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        guard let match = try pattern.prefixMatch(in: line) else { continue }
        let modifier = match.output[1].substring.map(String.init) ?? "internal"
        guard let level = Access(rawValue: modifier), access.contains(level) else { continue }
        if let keyword = match.output[2].substring, let name = match.output[3].substring {
          names[String(name)] = String(keyword)
        }
      }
    }
    guard files > 0 else { throw Missing(directory: directory) }
    return names
  }

  /// A source directory that does not exist or holds no Swift file.
  public struct Missing: Error, CustomStringConvertible {
    /// The directory, relative to the package.
    public var directory: String
    /// Names the directory.
    public var description: String { "no Swift sources under \(directory)" }
  }

  /// Top-level type names that Foundation (Apple's and swift-corelibs-foundation), the Swift
  /// standard library, Synchronization, Observation or Swift Testing declare: a module type with
  /// one of these names is ambiguous in any file that imports both. Not exhaustive; it lists the
  /// names a rule language or a shot log could plausibly reuse. The compiler catches the rest for
  /// the Foundation this machine has (the name tests refer to every type unqualified).
  public static let reservedNames: Set<String> = [
    // Foundation
    "AffineTransform", "AttributeContainer", "AttributeScope", "AttributeScopes", "AttributedString",
    "AttributedSubstring", "Bundle", "ByteCountFormatter", "Calendar", "CharacterSet", "CocoaError",
    "ComparisonResult", "Data", "Date", "DateComponents", "DateFormatter", "DateInterval", "Decimal",
    "Dimension", "Expression", "FileHandle", "FileManager", "FormatStyle", "Formatter", "Host",
    "IndexPath", "IndexSet", "InflectionRule", "InputStream", "JSONDecoder", "JSONEncoder",
    "JSONSerialization", "ListFormatter", "Locale", "LocalizedError", "Measurement",
    "MeasurementFormatter", "Morphology", "Notification", "NotificationCenter", "NumberFormatter",
    "Operation", "OperationQueue", "OutputStream", "PersonNameComponents", "Pipe", "Port",
    "PortMessage", "Predicate", "PredicateExpression", "PredicateExpressions", "Process",
    "ProcessInfo", "Progress", "PropertyListDecoder", "PropertyListEncoder", "RecoverableError",
    "RunLoop", "Scanner", "SortComparator", "SortDescriptor", "SortOrder", "Stream", "Thread",
    "TimeInterval", "TimeZone", "Timer", "URL", "URLComponents", "URLError", "URLQueryItem",
    "URLRequest", "URLResponse", "URLSession", "UUID", "Unit", "UnitDuration", "UnitMass",
    "UnitTemperature", "UserDefaults", "XMLDocument", "XMLElement", "XMLNode", "XMLParser",
    // The standard library, Synchronization, Observation
    "Array", "AsyncSequence", "AsyncStream", "Atomic", "Character", "Clock", "ClosedRange",
    "Collection", "ContinuousClock", "Dictionary", "Duration", "Error", "Hasher", "InlineArray",
    "Int128", "KeyPath", "Mirror", "MutableRawSpan", "MutableSpan", "Mutex", "Never",
    "ObjectIdentifier", "Observable", "Observation", "Optional", "OutputRawSpan", "OutputSpan",
    "Range", "RangeSet", "RawSpan", "Regex", "Result", "Sequence", "Set", "Slice", "Span",
    "StaticString", "String", "Substring", "Task", "TaskGroup", "UInt128", "Unicode",
    // Swift Testing (test targets import it beside every module)
    "Attachment", "Bug", "Comment", "Confirmation", "Expectation", "Issue", "SourceLocation",
    "Suite", "Tag", "Test", "Trait",
  ]
}

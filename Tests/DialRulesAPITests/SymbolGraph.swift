import Foundation

/// The part of a symbol graph file (`swift-symbolgraph-extract`'s JSON, the input of `docc`) that
/// the API checks read: each public symbol with its declaration, doc comment and place, and the
/// conformances.
struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable { var identifier: String }
    struct Identifier: Decodable { var precise: String }
    struct Fragment: Decodable { var spelling: String }
    struct DocComment: Decodable {
      struct Line: Decodable { var text: String }
      /// The module the comment was written in: another one for a comment inherited from a
      /// protocol the symbol implements.
      var module: String?
      var lines: [Line]
    }
    struct Location: Decodable {
      struct Position: Decodable { var line: Int }
      var uri: String
      var position: Position
    }
    struct Extension: Decodable {
      struct Constraint: Decodable { var kind: String, lhs: String, rhs: String }
      var constraints: [Constraint]?
    }
    struct Availability: Decodable {
      struct Version: Decodable { var major: Int, minor: Int?, patch: Int? }
      var domain: String?
      var introduced: Version?
      var deprecated: Version?
      var obsoleted: Version?
      var message: String?
      var renamed: String?
      var isUnconditionallyDeprecated: Bool?
    }

    var kind: Kind
    var identifier: Identifier
    /// `public` or `package` (a graph extracted with `-minimum-access-level package`).
    var accessLevel: String
    var pathComponents: [String]
    var declarationFragments: [Fragment]
    var docComment: DocComment?
    /// Absent for a declaration the compiler synthesised (a raw-value enum's `init(rawValue:)`).
    var location: Location?
    var swiftExtension: Extension?
    var availability: [Availability]?

    /// The declaration as written: `func decide(_ shot: ShotRecord) -> Decision`.
    var declaration: String { declarationFragments.map(\.spelling).joined() }
    /// `Decision.Outcome.adjust(_:)`-style dotted path.
    var path: String { pathComponents.joined(separator: ".") }
    /// `Sources/…/File.swift:12`, package-relative when it can be.
    var place: String {
      guard let location else { return "<synthesised>" }
      let file = URL(string: location.uri)?.path ?? location.uri
      let relative = file.range(of: "/Sources/").map { String(file[file.index(after: $0.lowerBound)...]) } ?? file
      return "\(relative):\(location.position.line + 1)"
    }
  }

  struct Relationship: Decodable {
    struct Constraint: Decodable { var kind: String, lhs: String, rhs: String }
    var kind: String
    var source: String
    var target: String
    var targetFallback: String?
    var swiftConstraints: [Constraint]?
  }

  var symbols: [Symbol]
  var relationships: [Relationship]

  /// Every `*.symbols.json` file in `directory` (the module's own and, if it extends other
  /// modules' types, `Module@Other.symbols.json`), merged.
  static func load(directory: String) throws -> SymbolGraph {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".symbols.json") }.sorted()
    var merged = SymbolGraph(symbols: [], relationships: [])
    for file in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
      let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
      merged.symbols += graph.symbols
      merged.relationships += graph.relationships
    }
    return merged
  }
}

extension SymbolGraph {
  /// Marker protocols every type has (or that follow from `Sendable`): listing them would only
  /// add noise that changes with the compiler.
  static let impliedProtocols: Set<String> = ["Copyable", "Escapable", "SendableMetatype"]

  /// The public API as reviewed text: one line per declaration with its conformances, sorted,
  /// members indented under their type; `[@available …]` marks availability.
  func listing() -> String {
    let byID = Dictionary(symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { first, _ in first })
    var conformances: [String: [String]] = [:]
    for r in relationships where r.kind == "conformsTo" {
      var name = byID[r.target]?.path ?? r.targetFallback ?? r.target
      if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
      guard !Self.impliedProtocols.contains(name) else { continue }
      if let constraints = r.swiftConstraints, !constraints.isEmpty {
        name += " where " + constraints.map { "\($0.lhs) \($0.kind) \($0.rhs)" }.joined(separator: ", ")
      }
      conformances[r.source, default: []].append(name)
    }
    let paths = Set(symbols.map(\.pathComponents))
    var lines: [(key: [String], text: String)] = []
    // Members of another module's type are listed under an `extension` line of their own.
    for parent in Set(symbols.map { Array($0.pathComponents.dropLast()) })
    where !parent.isEmpty && !paths.contains(parent) {
      lines.append(
        (parent, String(repeating: "  ", count: parent.count - 1) + "extension " + parent.joined(separator: ".")))
    }
    for symbol in symbols {
      let indent = String(repeating: "  ", count: symbol.pathComponents.count - 1)
      var text = indent + symbol.declaration
      if let constraints = symbol.swiftExtension?.constraints, !constraints.isEmpty,
        !symbol.declaration.contains(" where ")
      {
        text += " where " + constraints.map { "\($0.lhs) \($0.kind) \($0.rhs)" }.joined(separator: ", ")
      }
      // Conformances as Swift writes them: `struct TagSet<Tag>: Equatable, … where Tag : TagVocabulary`.
      if symbol.kind.identifier != "swift.protocol", let list = conformances[symbol.identifier.precise] {
        let clause = ": " + Set(list).sorted().joined(separator: ", ")
        if let whereClause = text.range(of: " where ") {
          text.insert(contentsOf: clause, at: whereClause.lowerBound)
        } else {
          text += clause
        }
      }
      text += Self.availabilityText(symbol.availability ?? [])
      lines.append((symbol.pathComponents, text))
    }
    lines.sort { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.text < $1.text) }
    return lines.map { $0.text + "\n" }.joined()
  }

  private static func availabilityText(_ items: [Symbol.Availability]) -> String {
    items.map { a in
      func version(_ v: Symbol.Availability.Version?) -> String? {
        v.map { [$0.major, $0.minor, $0.patch].compactMap { $0 }.map(String.init).joined(separator: ".") }
      }
      var parts = [a.domain ?? "*"]
      if a.isUnconditionallyDeprecated == true { parts.append("deprecated") }
      if let v = version(a.introduced) { parts.append("introduced \(v)") }
      if let v = version(a.deprecated) { parts.append("deprecated \(v)") }
      if let v = version(a.obsoleted) { parts.append("obsoleted \(v)") }
      if let renamed = a.renamed { parts.append("renamed \(renamed)") }
      if let message = a.message { parts.append("\"\(message)\"") }
      return "  [@available " + parts.joined(separator: ", ") + "]"
    }.joined()
  }
}

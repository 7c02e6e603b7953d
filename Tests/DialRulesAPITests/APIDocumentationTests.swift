import DialRulesTestSupport
import Foundation
import Testing

/// The libraries' API documentation and reviewed public surface, from the modules this test
/// bundle was built with: `docs/api/build.sh` extracts their symbol graphs and builds the DocC
/// archives (no warning allowed); the tests below read the same symbol graphs.
@Suite struct APIDocumentationTests {
  static let libraries = ["DialRules", "ShotLog", "DialRulesFoundation"]

  /// Fewest public symbols and top-level types each library has (so an empty symbol graph fails):
  /// the Foundation bridge is mostly extensions of the other two libraries' types.
  static let least: [String: (symbols: Int, types: Int)] = [
    "DialRules": (100, 20), "ShotLog": (100, 20), "DialRulesFoundation": (20, 2),
  ]

  /// One run of the documentation build for all the tests: its exit status and output, and where
  /// it wrote the symbol graphs.
  struct Build: Sendable {
    var status: Int32
    var output: String
    var directory: String
  }

  static let build: Result<Build, BuildError> = {
    // Beside the build products, so each run replaces the last one's output.
    let directory = BuiltProducts.directory + "/api-docs"
    do {
      let run = try BuiltProducts.run(
        executableAt: "/bin/bash",
        ["docs/api/build.sh", "--modules", BuiltProducts.directory + "/Modules", "--output", directory])
      return .success(Build(status: run.status, output: run.stdout + run.stderr, directory: directory))
    } catch {
      return .failure(BuildError(description: "could not run docs/api/build.sh: \(error)"))
    }
  }()

  struct BuildError: Error, CustomStringConvertible { var description: String }

  static func graph(_ library: String) throws -> SymbolGraph {
    try SymbolGraph.load(directory: try build.get().directory + "/symbol-graphs/" + library)
  }

  /// `docs/api/build.sh` builds both archives with `--warnings-as-errors` and fails on any
  /// warning it prints: a broken symbol link, an undocumented parameter, a bad article.
  @Test func theDocumentationBuildsWithoutWarnings() throws {
    let build = try Self.build.get()
    #expect(build.status == 0, "docs/api/build.sh failed:\n\(build.output)")
    for library in Self.libraries {
      #expect(
        FileManager.default.fileExists(atPath: "\(build.directory)/\(library).doccarchive/data/documentation"),
        "no \(library) archive:\n\(build.output)")
    }
  }

  /// Every public declaration has a `///` comment of its own (one inherited from a standard
  /// library protocol does not count); only what the compiler synthesises is exempt.
  @Test(arguments: libraries) func everyPublicDeclarationIsDocumented(_ library: String) throws {
    let graph = try Self.graph(library)
    #expect(
      graph.symbols.count > Self.least[library]!.symbols, "only \(graph.symbols.count) public symbols in \(library)")
    let undocumented = graph.symbols.filter { symbol in
      guard symbol.location != nil else { return false }
      guard let comment = symbol.docComment, comment.module == nil || comment.module == library else { return true }
      return comment.lines.allSatisfy { $0.text.trimmingCharacters(in: .whitespaces).isEmpty }
    }
    let list = undocumented.map { "\($0.place): public '\($0.path)' has no /// doc comment" }
    #expect(list.isEmpty, "\(list.count) public declarations without documentation:\n\(list.joined(separator: "\n"))")
  }

  /// The public surface is the reviewed one in `docs/api/<Library>.txt`. A change to it is an
  /// API change (docs/api-stability.md): regenerate the file and review the diff.
  @Test(arguments: libraries) func thePublicSurfaceIsTheReviewedOne(_ library: String) throws {
    let graph = try Self.graph(library)
    let listing = graph.listing()
    #expect(listing.split(separator: "\n").count > Self.least[library]!.symbols)
    let header = """
      # The public API of \(library), one line per declaration, read from its symbol graph.
      # Checked by Tests/DialRulesAPITests/APIDocumentationTests.swift. After a deliberate API change,
      # rewrite it with `DIALRULES_UPDATE_GOLDENS=1 swift test --filter APIDocumentationTests`,
      # review the diff and follow docs/api-stability.md (additions are minor, changes major).


      """
    let failure = Golden.check(header + listing, against: "docs/api/\(library).txt")
    #expect(
      failure == nil,
      """
      the public API of \(library) changed. If that is intended, run
      DIALRULES_UPDATE_GOLDENS=1 swift test --filter APIDocumentationTests and commit the reviewed
      docs/api/\(library).txt (see docs/api-stability.md); otherwise restore the declarations.
      \(failure ?? "")
      """)
  }

  /// The libraries whose `package` declarations other modules of this package use.
  static let toolingLibraries = ["DialRules", "ShotLog"]

  /// The tooling surface, the `package` declarations the command layers, the language server, the
  /// playground and the test support use, is the reviewed one in `docs/api/tooling/<Library>.txt`
  /// (docs/api-stability.md, "The tooling surface"): it is not the apps' API and may change in
  /// any release, but every change to it is seen in review.
  @Test(arguments: toolingLibraries) func theToolingSurfaceIsTheReviewedOne(_ library: String) throws {
    let all = try SymbolGraph.load(directory: try Self.build.get().directory + "/tooling-symbol-graphs/" + library)
    var graph = all
    graph.symbols = all.symbols.filter { $0.accessLevel == "package" }
    // A graph of public symbols only would list nothing here; each library has a tooling surface.
    #expect(graph.symbols.count > 40, "only \(graph.symbols.count) package symbols in \(library)")
    #expect(all.symbols.count > graph.symbols.count, "the tooling graph of \(library) has no public symbols")
    let header = """
      # The tooling surface of \(library): its `package` declarations, which the command layers, the
      # language server, the playground and the test support use (not apps: see docs/api-stability.md).
      # One line per declaration, members under their type, read from the symbol graph. Checked by
      # Tests/DialRulesAPITests/APIDocumentationTests.swift; after a deliberate change, rewrite it with
      # `DIALRULES_UPDATE_GOLDENS=1 swift test --filter APIDocumentationTests` and review the diff.


      """
    let failure = Golden.check(header + graph.listing(), against: "docs/api/tooling/\(library).txt")
    #expect(
      failure == nil,
      """
      the tooling surface of \(library) changed. If that is intended, run
      DIALRULES_UPDATE_GOLDENS=1 swift test --filter APIDocumentationTests and commit the reviewed
      docs/api/tooling/\(library).txt; a declaration no other module uses belongs in `internal`.
      \(failure ?? "")
      """)
  }

  /// Every top-level public type is filed under a topic on the library's landing page, so a new
  /// type is placed in the documentation when it is added.
  @Test(arguments: libraries) func everyTypeHasATopic(_ library: String) throws {
    let graph = try Self.graph(library)
    let landing = try PackageRoot.read("Sources/\(library)/\(library).docc/\(library).md")
    let types = Set(graph.symbols.filter { $0.pathComponents.count == 1 }.map(\.path))
    #expect(types.count >= Self.least[library]!.types)
    let missing = types.filter { !landing.contains("- ``\($0)``") }.sorted()
    #expect(
      missing.isEmpty,
      "add these to a '### …' group under '## Topics' in Sources/\(library)/\(library).docc/\(library).md: \(missing)")
  }
}

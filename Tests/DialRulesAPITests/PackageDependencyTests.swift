import DialRulesTestSupport
import Foundation
import Testing

/// The README's dependency snippet, as an app's manifest: SwiftPM names a path dependency by its
/// directory (its identity), not by the manifest's `name: "DialRules"`, so the snippet's
/// `package:` must be the directory of its `.package(path:)`, and SwiftPM must accept it.
@Suite struct PackageDependencyTests {
  /// The README's `## Embedding` code block.
  static func snippet() throws -> String {
    let readme = try PackageRoot.read("README.md")
    let section = try #require(readme.firstRange(of: "## Embedding").map { readme[$0.upperBound...] })
    let open = try #require(section.firstRange(of: "```\n"))
    let close = try #require(section[open.upperBound...].firstRange(of: "```"))
    return String(section[open.upperBound..<close.lowerBound])
  }

  @Test func theSnippetNamesThePathDependencyByItsDirectory() throws {
    let snippet = try Self.snippet()
    let path = try #require(snippet.firstMatch(of: /\.package\(path: "([^"]+)"\)/)).1
    let directory = path.split(separator: "/").last.map(String.init) ?? ""
    let names = snippet.matches(of: /package: "([^"]+)"/).map { String($0.1) }
    #expect(names.count == 2)
    #expect(names.allSatisfy { $0 == directory }, "package: \(names) for a path dependency on \(path)")
  }

  /// `swift package describe` on an app whose manifest is the snippet, beside a checkout of this
  /// package in the directory the snippet names (a symbolic link): SwiftPM resolves the products.
  @Test func swiftPMAcceptsTheSnippet() throws {
    let snippet = try Self.snippet()
    let path = String(try #require(snippet.firstMatch(of: /\.package\(path: "([^"]+)"\)/)).1)
    let target = try #require(snippet.firstRange(of: ".target(")).lowerBound
    let dependency = snippet[..<target].replacing("…", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    let targetText = String(snippet[target...]).trimmingCharacters(in: .whitespacesAndNewlines)
    let work = TemporaryDirectory(prefix: "dialrules-dependency")
    let app = work.file("app")
    try FileManager.default.createDirectory(atPath: app + "/Sources/MyApp", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: URL(fileURLWithPath: app).appending(path: path).standardized.path,
      withDestinationPath: PackageRoot.path())
    try "print(1)\n".write(toFile: app + "/Sources/MyApp/main.swift", atomically: true, encoding: .utf8)
    let manifest = """
      // swift-tools-version:6.2
      import PackageDescription
      let package = Package(
        name: "MyApp", platforms: [.macOS("15.0"), .iOS("18.0")],
        dependencies: [\(dependency.hasSuffix(",") ? String(dependency.dropLast()) : dependency)],
        targets: [\(targetText.replacing(".target(", with: ".executableTarget(").dropLast(targetText.hasSuffix(",") ? 1 : 0))])

      """
    try manifest.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
    let swift = try #require(
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/swift" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "no swift on PATH")
    let run = try BuiltProducts.run(executableAt: swift, ["package", "describe"], in: app)
    #expect(run.status == 0, "\(manifest)\n\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("MyApp"))
  }
}

import DialRulesTestSupport
import Foundation
import Testing

/// Every top-level type of `DialRules`, internal ones included, can be named unqualified in a file
/// that imports Foundation and Swift Testing beside `@testable import DialRules`: package code
/// (commands, the shot log, tests) that imports Foundation never meets an ambiguous name. The
/// names are read from the sources (`DeclaredTypes`), not kept by hand; `PublicNamesTests` does
/// the same for the public surfaces of both libraries without `@testable`.
@Suite struct ModuleNamesTests {
  @Test func everyTypeIsUnambiguousBesideFoundationAndTesting() throws {
    let names = try DeclaredTypes.declarations(in: "Sources/DialRules", access: Set(DeclaredTypes.Access.allCases))
    // The module declares far more than its public surface; a broken scan would find few.
    #expect(names.count > 150)
    let outcome = try NameLookup.check(names, imports: ["DialRules"], testable: ["DialRules"])
    #expect(outcome.errors == [])
    #expect(outcome.status == 0)
  }

  /// The check fails where it should: a module that declares `Data` and `Expectation` (Foundation's
  /// and Swift Testing's names), compiled here, gets one error for each.
  @Test func aCollidingNameIsReported() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("colliding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("Colliding.swift").path
    try "public struct Data {}\nstruct Expectation {}\npublic struct Fine<T> {}\ntypealias Bytes = [UInt8]\n"
      .write(toFile: source, atomically: true, encoding: .utf8)
    let build = try BuiltProducts.run(
      executableAt: "/usr/bin/env",
      [
        "swiftc", "-emit-module", "-module-name", "Colliding", "-enable-testing", source, "-o",
        directory.appendingPathComponent("Colliding.swiftmodule").path,
      ])
    #expect(build.status == 0, "\(build.stderr)")
    let outcome = try NameLookup.check(
      ["Data": "struct", "Expectation": "struct", "Fine": "struct", "Bytes": "typealias"], imports: ["Colliding"],
      testable: ["Colliding"], moduleDirectories: [directory.path])
    #expect(outcome.checked == 4)
    #expect(outcome.errors.count == 2)
    #expect(outcome.errors.contains { $0.contains("'Data' is ambiguous for type lookup") })
    #expect(outcome.errors.contains { $0.contains("'Expectation' is ambiguous for type lookup") })
  }
}

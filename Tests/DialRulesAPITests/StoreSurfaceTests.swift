import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

/// The shot log's surface by concern, read from the reviewed listing `docs/api/ShotLog.txt` (which
/// `APIDocumentationTests` checks against the built module) and from the sources of its errors:
/// the two stores have the same parts with the same methods, the stores themselves keep only
/// opening, settings and checks, and every error case is filed under its family in the code and in
/// the documentation.
@Suite struct StoreSurfaceTests {
  static let parts = ["Exchange", "Profiles", "Replay", "ShotImport", "Shots"]

  /// The members listed under `header` (a top-level line of the listing), by the nested type
  /// they belong to ("" for the type's own members).
  static func members(of header: String) throws -> [String: [String]] {
    let listing = try PackageRoot.read("docs/api/ShotLog.txt").split(separator: "\n").map(String.init)
    guard let start = listing.firstIndex(where: { $0.hasPrefix(header) }) else { return [:] }
    var members: [String: [String]] = [:]
    var nested = ""
    for line in listing[(start + 1)...] {
      if !line.hasPrefix("  ") { break }
      if line.hasPrefix("    ") {
        members[nested, default: []].append(line.trimmingCharacters(in: .whitespaces))
      } else {
        let member = line.trimmingCharacters(in: .whitespaces)
        nested = member.hasPrefix("struct ") ? String(member.dropFirst(7).prefix { $0 != ":" }) : ""
        if nested.isEmpty { members["", default: []].append(member) }
      }
    }
    return members
  }

  @Test func theAsyncPartsHaveTheSynchronousPartsMethods() throws {
    let sync = try Self.members(of: "final class ShotLogStore")
    let async = try Self.members(of: "actor AsyncShotLogStore")
    for part in Self.parts {
      let methods = try #require(sync[part], "ShotLogStore.\(part) is not in the listing")
      #expect(methods.count >= 2)
      let asyncMethods = async[part, default: []].map {
        $0.replacingOccurrences(of: " async throws(", with: " throws(")
      }
      #expect(asyncMethods == methods, "AsyncShotLogStore.\(part) differs from ShotLogStore.\(part)")
    }
  }

  /// What the stores keep besides their parts: opening, settings and checks (and, for the async
  /// store, observing and closing); every other member is a deprecated name of a part's method.
  @Test func theStoresKeepOnlyTheirOwnConcerns() throws {
    let kept = try Self.members(of: "final class ShotLogStore")[""].map { $0.filter { !$0.contains("deprecated") } }
    let names = Set((kept ?? []).compactMap(Self.name))
    #expect(
      names == [
        "open", "openInMemory", "path", "isReadOnly", "setting", "setSetting", "allSettings", "integrityProblems",
        "appliedMigrations", "profiles", "shots", "exchange", "shotImport", "replay",
      ])
    let asyncKept = try Self.members(of: "actor AsyncShotLogStore")[""].map { $0.filter { !$0.contains("deprecated") } }
    let asyncNames = Set((asyncKept ?? []).compactMap(Self.name))
    #expect(
      asyncNames == [
        "open", "inMemory", "path", "isReadOnly", "isClosed", "close", "changes", "checkForChanges", "revision",
        "withStore", "unownedExecutor", "profiles", "shots", "exchange", "shotImport", "replay",
      ])
  }

  /// The declared name of a listing line (`func open(at:…)` → `open`), nil for a nested type.
  static func name(_ line: String) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" }).map(String.init)
    guard let keyword = words.firstIndex(where: { ["func", "var", "let"].contains($0) }) else { return nil }
    return words[keyword + 1]
  }

  /// Every case of `ShotLogError` is listed in one `MARK` section of the enum, is mapped to that
  /// section's family by `ShotLogError.family`, and is filed under that family's topic of the
  /// DocC page `ShotLogError.md`.
  @Test func everyErrorCaseIsFiledUnderItsFamily() throws {
    let source = try PackageRoot.read("Sources/ShotLog/Store/ShotLogError.swift")
    let families = [
      "The database file": "databaseFile", "Lookups": "lookup", "Values": "value", "Recipes": "recipe",
      "Answering a suggestion": "answer", "Corrections": "correction", "Log import": "import",
      "Damaged content": "damagedContent", "Bugs": "bug",
    ]
    var declared: [String: String] = [:]  // case → family
    var section: String?
    for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("// MARK: ") {
        section = families[String(line.dropFirst(9))]
        #expect(section != nil, "'\(line)' is not a family")
      } else if line.hasPrefix("public enum TextProblem") {
        break
      } else if line.hasPrefix("case "), let section {
        declared[String(line.dropFirst(5).prefix { $0.isLetter || $0.isNumber })] = section
      }
    }
    #expect(declared.count >= 50)

    // `family`'s switch: each `case .a, .b: .family` group.
    let switchText = try PackageRoot.read("Sources/ShotLog/Store/ShotLogError+Family.swift")
    let body = try #require(switchText.range(of: "public var family: Family {")).upperBound
    var mapped: [String: String] = [:]
    for group in switchText[body...].components(separatedBy: "case .").dropFirst() {
      let names = group.prefix { $0 != ":" }
      let family = group.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
        .split(separator: "\n")[0].trimmingCharacters(in: CharacterSet(charactersIn: ". `"))
      for name in ("." + names).split(separator: ",") {
        mapped[name.trimmingCharacters(in: CharacterSet(charactersIn: ". \n"))] = family
      }
    }
    #expect(
      Self.differences(mapped, declared) == [], "ShotLogError.family maps these cases to another family than their MARK"
    )

    // The DocC page: one `### … (`family`)` topic per family, each case once, under its family.
    let page = try PackageRoot.read("Sources/ShotLog/ShotLog.docc/ShotLogError.md")
    var filed: [String: String] = [:]
    var topic: String?
    for line in page.split(separator: "\n").map(String.init) {
      if line.hasPrefix("### ") {
        topic = line.split(separator: "`").dropFirst().first.map(String.init)
      } else if line.hasPrefix("- ``ShotLogError/"), let topic {
        let name = String(line.dropFirst(17).prefix { $0.isLetter || $0.isNumber })
        #expect(filed[name] == nil, "\(name) is filed twice")
        filed[name] = topic
      }
    }
    #expect(
      Self.differences(filed, declared) == [],
      "Sources/ShotLog/ShotLog.docc/ShotLogError.md files these cases under another family than their MARK")
  }

  /// The cases whose family differs between `found` and `declared` (or that one of them lacks),
  /// as `case: found ≠ declared`.
  static func differences(_ found: [String: String], _ declared: [String: String]) -> [String] {
    Set(found.keys).union(declared.keys).sorted().compactMap { name in
      found[name] == declared[name] ? nil : "\(name): \(found[name] ?? "none") ≠ \(declared[name] ?? "none")"
    }
  }

  @Test func theFamilyOfACaseIsPublic() {
    #expect(ShotLogError.noShotsYet.family == .lookup)
    #expect(ShotLogError.busy(path: "log.sqlite").family == .databaseFile)
    #expect(ShotLogError.staleImportToken("t").family == .import)
    #expect(ShotLogError.internalError(detail: "x").family == .bug)
  }
}

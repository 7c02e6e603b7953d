import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

/// The public types of `DialRules` and `ShotLog` as an app sees them: every public type either
/// library declares (read from the sources by `DeclaredTypes`) is named unqualified in a file that
/// imports Foundation and Swift Testing beside both libraries, not `@testable`, and type-checked by
/// the toolchain (`NameLookup`); a public name that Foundation, the standard library or the other
/// library also declares fails there with "'X' is ambiguous for type lookup", exactly as it would
/// in an app.
@Suite struct PublicNamesTests {
  @Test func everyPublicTypeIsUnambiguousInAnApp() throws {
    let rules = try DeclaredTypes.declarations(in: "Sources/DialRules", access: [.public])
    let log = try DeclaredTypes.declarations(in: "Sources/ShotLog", access: [.public])
    // Both surfaces are dozens of types; a broken scan would find few.
    #expect(rules.count > 20)
    #expect(log.count > 40)
    #expect(Set(rules.keys).isDisjoint(with: log.keys))
    let outcome = try NameLookup.check(
      rules.merging(log) { a, _ in a }, imports: ["DialRules", "ShotLog"],
      moduleDirectories: [PackageRoot.file("Sources/CSQLite"), PackageRoot.file("Sources/CZlib")])
    #expect(outcome.errors == [])
    #expect(outcome.status == 0)
  }

  /// No type of either module, whatever its access, takes a name Foundation, the standard library
  /// or Swift Testing declare, including the ones only Apple's Foundation has (which this
  /// machine's compiler cannot see).
  @Test func noTypeTakesAReservedName() throws {
    let all = try DeclaredTypes.topLevel(in: "Sources/DialRules", access: Set(DeclaredTypes.Access.allCases))
    let publicOnes = try DeclaredTypes.topLevel(in: "Sources/DialRules", access: [.public])
    #expect(all.count > publicOnes.count)
    #expect(all.intersection(DeclaredTypes.reservedNames).sorted() == [])
    let shotLog = try DeclaredTypes.topLevel(in: "Sources/ShotLog", access: Set(DeclaredTypes.Access.allCases))
    let shotLogPublic = try DeclaredTypes.topLevel(in: "Sources/ShotLog", access: [.public])
    #expect(shotLog.count > shotLogPublic.count)
    #expect(shotLog.intersection(DeclaredTypes.reservedNames).sorted() == [])
  }
}

import DialRulesTestSupport
import Foundation
import Testing

/// The benchmarks' C reference (`Tests/Benchmarks/Reference/reference.c`) is the default table
/// written again by hand, so a table change it does not follow would make every side-by-side
/// figure compare two different tables. This suite builds the reference and the shot generator
/// with the toolchain's C compiler and requires the reference's exact mode and the real
/// `dialrules eval` to write the same decision JSON, byte for byte, for every generated shot (the
/// boundary shots at each threshold of the table come first): the decision, its English text and
/// the deciding rules.
@Suite struct CReferenceTests {
  static let shots = 3_000

  /// The C compiler: the one beside `swift` (the toolchain always ships clang), else `cc`.
  static func compiler() -> String? {
    var candidates = ["/opt/swift/usr/bin/clang"]
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      candidates += ["\(directory)/clang", "\(directory)/cc", "\(directory)/gcc"]
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  @Test func theReferenceDecidesEveryShotAsDialrulesEval() throws {
    let cc = try #require(Self.compiler(), "no C compiler: the toolchain's clang is expected")
    let dir = TemporaryDirectory(prefix: "c-reference")
    let source = PackageRoot.path() + "/Tests/Benchmarks/Reference/"
    for program in ["make_shots", "reference"] {
      let built = try BuiltProducts.run(
        executableAt: cc, ["-O1", "-o", dir.file(program), source + program + ".c"])
      try #require(built.status == 0, "\(program).c: \(built.stderr)")
    }
    let made = try BuiltProducts.run(
      executableAt: dir.file("make_shots"), ["\(Self.shots)", dir.file("flat.jsonl"), dir.file("v1.jsonl")])
    try #require(made.status == 0, "\(made.stderr)")
    let decided = try BuiltProducts.run(
      executableAt: dir.file("reference"), [dir.file("flat.jsonl"), dir.file("c.jsonl"), "--fixed"])
    try #require(decided.status == 0, "\(decided.stderr)")
    let evaluated = try BuiltProducts.run("dialrules", ["eval", "rules/espresso.dialrules", dir.file("v1.jsonl")])
    try #require(evaluated.status == 0, "\(evaluated.stderr)")

    let reference = try #require(dir.read("c.jsonl")).split(separator: "\n").map(String.init)
    let ours = evaluated.stdout.split(separator: "\n").map(String.init)
    #expect(reference.count == Self.shots)
    #expect(ours.count == Self.shots)
    let differing = zip(ours, reference).filter { $0 != $1 }
    #expect(differing.count == 0, "\(differing.count) differ, first: \(differing.prefix(3))")
    // Not a vacuous agreement: the shots reach every kind of answer and most of the table.
    let decisions = try ours.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    let kinds = Set(
      decisions.compactMap { d -> String? in
        let decision = d["decision"] as? [String: Any]
        let adjustment = decision?["adjustment"] as? [String: Any]
        return adjustment?["type"] as? String ?? decision?["kind"] as? String
      })
    #expect(kinds == ["grind", "yield", "no_change", "insufficient_evidence"])
    // The abstentions the shots reach: a rule's own (`explicit`) and no rule. `incomplete` needs
    // an absent observation, which a flat shot never has, and `conflict` two matching rules with
    // different actions, which `lint` proves the default table never gives (no A001): so the
    // reference's conflict text is written by no shot, and a table change that made one reachable
    // would show here first.
    let reasons = Set(decisions.compactMap { ($0["decision"] as? [String: Any])?["reason"] as? String })
    #expect(reasons == ["explicit", "no_rule"])
    let rules = Set(decisions.flatMap { $0["decided_by"] as? [String] ?? [] })
    #expect(rules.count >= 30, "only \(rules.count) rules decide a generated shot")
  }
}

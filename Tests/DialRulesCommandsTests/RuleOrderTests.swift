import DialRules
import DialRulesTestSupport
import Foundation
import Testing

/// File order never changes a result (docs/design.md §3, item 7): the default rules with their rules reversed
/// and shuffled decide every fixture shot the same through the real `eval`. `decided_by` lists
/// rule ids in source order by design, so it is compared as a set; everything else byte for byte.
@Suite struct RuleOrderTests {
  /// The default rule file cut into its header (everything before the first rule) and its rules.
  static func rules() throws -> (header: String, rules: [String]) {
    let text = try PackageRoot.read("rules/espresso.dialrules")
    let parts = text.components(separatedBy: "\nrule ")
    return (parts[0] + "\n", parts.dropFirst().map { "rule " + $0.trimmingCharacters(in: .newlines) + "\n" })
  }

  /// Every fixture shot as one JSON Lines batch (canonical, one line each).
  static func batch() throws -> String {
    var lines: [String] = []
    for path in try Corpus.files(in: "Fixtures/shots", suffix: ".json") {
      let record = try ShotJSONReader.read(SourceFile(path: path, bytes: PackageRoot.bytes(path))).get()
      lines.append(record.jsonText)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each output line with `decided_by` sorted, so lines compare byte for byte otherwise.
  static func normalized(_ output: String) throws -> [String] {
    try output.split(separator: "\n").map { line in
      var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if let ids = object["decided_by"] as? [String] { object["decided_by"] = ids.sorted() }
      // The conflict sentence names the disagreeing rules in source order too, and several
      // abstentions' messages follow each other in source order.
      let several = (object["decided_by"] as? [String])?.count ?? 0 > 1
      if var decision = object["decision"] as? [String: Any],
        decision["reason"] as? String == "conflict" || (decision["reason"] as? String == "explicit" && several)
      {
        decision["text"] = nil
        object["decision"] = decision
      }
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }
  }

  @Test(arguments: [UInt64(0), 1, 2, 3])
  func permutedRulesDecideEveryFixtureShotTheSame(seed: UInt64) throws {
    let (header, rules) = try Self.rules()
    #expect(rules.count == 39)
    var rng = SeededGenerator(seed: seed)
    let order = seed == 0 ? Array(rules.indices.reversed()) : Array(rules.indices).shuffled(using: &rng)
    let dir = try temporaryDirectory()
    try (header + order.map { rules[$0] }.joined(separator: "\n")).write(
      toFile: dir + "/permuted.dialrules", atomically: true, encoding: .utf8)
    try Self.batch().write(toFile: dir + "/shots.jsonl", atomically: true, encoding: .utf8)
    let original = try BuiltProducts.run("dialrules", ["eval", "rules/espresso.dialrules", dir + "/shots.jsonl"])
    let permuted = try BuiltProducts.run("dialrules", ["eval", dir + "/permuted.dialrules", dir + "/shots.jsonl"])
    #expect(original.status == 0 && permuted.status == 0, "\(original.stderr)\(permuted.stderr)")
    let a = try Self.normalized(original.stdout)
    let b = try Self.normalized(permuted.stdout)
    #expect(a.count == (try Corpus.files(in: "Fixtures/shots", suffix: ".json")).count)
    #expect(a == b)
  }
}

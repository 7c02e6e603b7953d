import DialRules
import Foundation

/// Generated shots that exercise every rule of the default table: varied times, yields, doses,
/// tastes and flows, with some observations missing.
enum Workload {
  static func number(_ tenths: Int) -> ExactNumber {
    ExactNumber(significand: Int128(tenths), scale: 1) ?? .zero
  }

  static func shots(count: Int, seed: UInt64 = 42) -> [ShotRecord] {
    var rng = BenchGenerator(state: seed)
    var out: [ShotRecord] = []
    out.reserveCapacity(count)
    let tastes = TasteTag.allCases
    for i in 0..<count {
      var taste = TagSet<TasteTag>()
      for t in tastes where Int.random(in: 0..<4, using: &rng) == 0 { taste.insert(t) }
      let missingTaste = Int.random(in: 0..<20, using: &rng) == 0
      let shot = ShotRecord.Measurements(
        doseG: number(Int.random(in: 172...188, using: &rng)), yieldG: number(Int.random(in: 330...390, using: &rng)),
        timeS: Int.random(in: 0..<30, using: &rng) == 0 ? nil : number(Int.random(in: 180...380, using: &rng)),
        taste: missingTaste ? nil : taste,
        flow: Int.random(in: 0..<10, using: &rng) == 0 ? TagSet([.channeling]) : nil)
      let previous: ShotRecord.Previous? =
        Int.random(in: 0..<3, using: &rng) == 0 ? .init(adjustment: .grind(.finer, steps: 1)) : nil
      out.append(
        ShotRecord(
          id: "shot-\(i)", recipe: .init(doseG: number(180), yieldG: number(360), timeS: number(280)), shot: shot,
          previous: previous))
    }
    return out
  }

  static func defaultRules() throws -> (SourceFile, CompiledRules) {
    let path = FileManager.default.currentDirectoryPath + "/rules/espresso.dialrules"
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let file = SourceFile(path: "rules/espresso.dialrules", bytes: Array(data))
    guard let rules = RuleCompiler.compile(file).rules else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return (file, rules)
  }
}

import DialRules
import Foundation
import Testing

@testable import ShotLog

/// A synthetic but valid export document of any size, for the performance figures in
/// docs/performance.md: 10 beans on 3 grinders, a recipe snapshot chain per bean (an accepted
/// suggestion every 40 shots), shots ten minutes apart with varied times and tastes, each with the
/// previous shot of its bean and the decision the built-in rules give for its record (so an
/// import derives all of them again and finds them as stated), and a rejection for every fifth
/// that can be answered.
enum BenchmarkLog {
  static func uuid(_ kind: UInt8, _ n: Int) -> String {
    var bytes = [UInt8](repeating: 0, count: 16)
    bytes[0] = kind
    bytes[6] = 0x40
    bytes[8] = 0x80
    for i in 0..<6 { bytes[15 - i] = UInt8(truncatingIfNeeded: n >> (8 * i)) }
    return formatUUID(bytes)
  }

  static func export(attempts count: Int) -> [UInt8] {
    let start = Timestamp.parse("2024-01-01T07:00:00Z")?.millisecondsSinceEpoch ?? 0
    let beans = 10
    let grinders = 3
    var w = JSONWriter(lineDepth: 2, hexEscapesForBackspaceAndFormFeed: true, reservingCapacity: count * 1_500)
    w.beginObject()
    w.member("format", "dialshot-export")
    w.key("version")
    w.integer(1)
    w.key("settings")
    w.beginObject()
    w.member("machine_note", "benchmark")
    w.endObject()
    w.key("beans")
    w.beginArray()
    for b in 0..<beans {
      w.beginObject()
      w.member("uuid", uuid(1, b))
      w.member("name", "Bean \(b)")
      w.member("roaster", "Roaster \(b % 3)")
      w.member("roast_date", "2023-12-\(10 + b)")
      w.member("created_at", Timestamp(millisecondsSinceEpoch: start - 86_400_000).iso8601)
      w.endObject()
    }
    w.endArray()
    w.key("grinders")
    w.beginArray()
    for g in 0..<grinders {
      w.beginObject()
      w.member("uuid", uuid(2, g))
      w.member("name", "Grinder \(g)")
      w.key("scale")
      w.beginObject()
      w.member("step", number: "0.5")
      w.member("min", number: "0")
      w.member("max", number: "50")
      w.member("finer", g == 2 ? "higher" : "lower")
      w.endObject()
      w.member("created_at", Timestamp(millisecondsSinceEpoch: start - 86_400_000).iso8601)
      w.endObject()
    }
    w.endArray()
    w.key("baskets")
    w.beginArray()
    w.endArray()

    // Snapshots: one chain per bean; a new link every 40 shots of that bean.
    let perBean = (count + beans - 1) / beans
    let links = perBean / 40 + 1
    var snapshotUUID: [[String]] = Array(repeating: [], count: beans)
    var grindOf: [[Int]] = Array(repeating: [], count: beans)
    w.key("recipe_snapshots")
    w.beginArray()
    var serial = 0
    for link in 0..<links {
      for b in 0..<beans {
        let id = uuid(3, serial)
        serial += 1
        let grind = 28 - (link % 8)  // Whole numbers, always inside the scale.
        w.beginObject()
        w.member("uuid", id)
        w.member("bean", uuid(1, b))
        w.member("grinder", uuid(2, b % grinders))
        if let parent = snapshotUUID[b].last { w.member("parent", parent) }
        w.member("dose_g", number: "18")
        w.member("yield_g", number: "36")
        w.member("time_s", number: "28")
        w.member("grind", String(grind))
        w.member("reason", link == 0 ? "new" : "accept")
        w.member(
          "created_at", Timestamp(millisecondsSinceEpoch: start + Int64(link * 40 * beans) * 600_000 - 1).iso8601)
        w.endObject()
        snapshotUUID[b].append(id)
        grindOf[b].append(grind)
      }
    }
    w.endArray()

    let tastes: [[TasteTag]?] = [[.sour], [.bitter], [.balanced], nil, [.sour, .thin], [.strong], []]
    let rules = RuleSet.defaultEspresso
    /// A snapshot of bean `b` at chain link `link`, as the import reads it (for the adjustment
    /// between two shots' snapshots).
    func snapshot(_ b: Int, _ link: Int) -> RecipeSnapshot {
      RecipeSnapshot(
        uuid: snapshotUUID[b][link], beanID: Int64(b), grinderID: Int64(b % grinders),
        grinderScale: GrinderScale(step: 0.5, min: 0, max: 50, finer: b % grinders == 2 ? .higher : .lower),
        doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: String(grindOf[b][link])), reason: .new,
        createdAt: Timestamp(millisecondsSinceEpoch: 0))
    }
    var previousOf: [Int: (index: Int, link: Int, shot: ShotRecord.Measurements)] = [:]
    var answerable = [Bool](repeating: false, count: count)
    w.key("attempts")
    w.beginArray()
    for i in 0..<count {
      let b = i % beans
      let n = i / beans
      let link = min(n / 40, links - 1)
      let time = ExactNumber(significand: Int128(200 + (i * 37) % 140), scale: 1) ?? .zero
      let taste = tastes[i % tastes.count]
      let shot = ShotRecord.Measurements(
        doseG: ExactNumber(18), yieldG: ExactNumber(significand: Int128(350 + i % 20), scale: 1), timeS: time,
        taste: taste.map { TagSet($0) })
      // Each shot was compared with the bean's shot before it (one grinder per bean).
      var previous: ShotRecord.Previous?
      if let earlier = previousOf[b] {
        let adjustment =
          earlier.link == link
          ? nil : snapshot(b, link).adjustment(from: snapshot(b, earlier.link), scale: snapshot(b, link).grinderScale)
        previous = ShotRecord.Previous(adjustment: adjustment, shot: earlier.shot)
      }
      let record = ShotRecord(
        id: uuid(4, i),
        recipe: ShotRecord.Recipe(
          doseG: ExactNumber(18), yieldG: ExactNumber(36), timeS: ExactNumber(28),
          grind: GrindSetting(text: String(grindOf[b][link]))),
        grinder: ShotRecord.Grinder(
          name: "Grinder \(b % grinders)", step: ExactNumber("0.5"), min: .zero, max: ExactNumber(50),
          finer: b % grinders == 2 ? .higher : .lower),
        shot: shot, previous: previous)
      w.beginObject()
      w.member("uuid", uuid(4, i))
      w.member("snapshot", snapshotUUID[b][link])
      let pulled = Timestamp(millisecondsSinceEpoch: start + Int64(i) * 600_000)
      w.member("pulled_at", pulled.iso8601)
      w.member("created_at", pulled.iso8601)
      if let earlier = previousOf[b] { w.member("previous", uuid(4, earlier.index)) }
      if i % 3 == 0 { w.member("notes", "shot \(i), \"benchmark\"") }
      w.key("record")
      w.raw(record.jsonText)
      // The decision the built-in rules give for the record, as a log would have stored it.
      let suggestion = rules.storedSuggestion(for: record)
      w.key("suggestion")
      w.beginObject()
      w.key("ruleset")
      w.beginObject()
      w.member("name", suggestion.rulesetName)
      w.member("hash", suggestion.rulesetHash)
      w.endObject()
      w.key("decision")
      w.raw(suggestion.decisionJSON)
      w.endObject()
      w.endObject()
      previousOf[b] = (i, link, shot)
      if case .insufficientEvidence = suggestion.decision.outcome {} else { answerable[i] = true }
    }
    w.endArray()

    w.key("suggestion_events")
    w.beginArray()
    // A rejection for every fifth shot that has a change or "no change" to reject.
    for i in stride(from: 0, to: count, by: 5) where answerable[i] {
      w.beginObject()
      w.member("uuid", uuid(5, i))
      w.member("attempt", uuid(4, i))
      w.member("action", "rejected")
      w.member("at", Timestamp(millisecondsSinceEpoch: start + Int64(i) * 600_000 + 60_000).iso8601)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    var bytes = w.bytes
    bytes.append(0x0A)
    return bytes
  }
}

@Suite struct BenchmarkLogTests {
  /// The generator's output is a valid export that round-trips (so the benchmark measures real
  /// work, not a rejected file).
  @Test func theSyntheticLogImportsAndRoundTrips() throws {
    let bytes = BenchmarkLog.export(attempts: 400)
    let scratch = Scratch()
    let store = try scratch.store()
    let preview = try store.exchange.previewLogImport(bytes)
    #expect(preview.invalid == [])
    #expect(preview.added.attempts == 400)
    #expect(preview.checkedDecisions == 400)
    #expect(preview.added.events > 30)
    try store.exchange.applyLogImport(bytes, token: preview.token)
    #expect(try store.shots.history(HistoryFilter(beanID: store.profiles.findBean("Bean 3").id)).count == 40)
    let exported = try store.exchange.exportJSON()
    let again = Scratch()
    let other = try again.store()
    try other.exchange.applyLogImport(exported, token: other.exchange.previewLogImport(exported).token)
    #expect(try other.exchange.exportJSON() == exported)
  }

  /// Writes the 100,000-shot file when DIALSHOT_BENCH_EXPORT names a path (see docs/performance.md).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["DIALSHOT_BENCH_EXPORT"] != nil))
  func writeTheBenchmarkFile() throws {
    let path = try #require(ProcessInfo.processInfo.environment["DIALSHOT_BENCH_EXPORT"])
    let count = ProcessInfo.processInfo.environment["DIALSHOT_BENCH_ATTEMPTS"].flatMap(Int.init) ?? 100_000
    let bytes = BenchmarkLog.export(attempts: count)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(fileBytes(path).count == bytes.count)
  }
}

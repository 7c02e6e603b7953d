import DialRules
import DialRulesTestSupport
import Foundation
import Synchronization
import Testing

@testable import ShotLog

/// The shot log's promise, checked over long random sequences of what baristas do — log,
/// back-dated log, accept, reject, undo, amend, void, edit a grinder or a recipe, import a
/// (back-dated) shot from another app, restore a backup, merge an export — with two rule files:
///
/// 1. for every shot, evaluating its exported record with its rules gives its stored decision;
/// 2. nothing stored is re-interpreted: a shot's line in the export never changes once written;
/// 3. a replacing import restores a backup exactly (the export after it is the backup's bytes),
///    and merging a log's own export adds nothing.
///
/// At the end, a sample of the records is run through the real `dialrules explain`.
@Suite(.serialized) struct HistoryInvariantTests {
  /// A clock the test moves.
  final class ManualClock: Sendable {
    let milliseconds = Mutex<Int64>(Timestamp.parse("2026-03-01T07:00:00Z")?.millisecondsSinceEpoch ?? 0)
    func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: milliseconds.withLock { $0 }) }
    func advance(minutes: Int64) { milliseconds.withLock { $0 += minutes * 60_000 } }
  }

  /// The default rules with a wider "fast" window: another content hash, other decisions.
  static let variantText = DefaultRules.source.replacing("let fast = dt < -3 s", with: "let fast = dt < -4 s")
    .replacing("ruleset \"espresso\"", with: "ruleset \"espresso-wide\"")

  static let seeds = TestScale.seeds([1, 2, 3], longRunAdds: 17, from: 100)

  @Test(arguments: seeds)
  func everyStoredDecisionIsWhatItsRecordGivesAndNothingChanges(_ seed: UInt64) throws {
    let directory = TemporaryDirectory(prefix: "shotlog-invariant")
    let variant = try RuleSet.compile(Self.variantText, path: "wide.dialrules").get()
    let variantPath = directory.file("wide.dialrules")
    try Self.variantText.write(toFile: variantPath, atomically: true, encoding: .utf8)
    let rulesByHash = [
      RuleSet.defaultEspresso.contentHash: RuleSet.defaultEspresso, variant.contentHash: variant,
    ]
    let clock = ManualClock()
    let ids = SequentialIdentifiers(startingAt: seed << 32)
    var generation = 0
    func open() throws -> ShotLogStore {
      generation += 1
      return try ShotLogStore.open(
        at: directory.file("log-\(generation).sqlite"), clock: { clock.now() }, ids: ids)
    }
    var store = try open()
    var random = SeededGenerator(seed: seed)

    // Two beans on two grinders (one lower-is-finer, one higher-is-finer), a basket.
    let beans = [try store.profiles.addBean(name: "Guji"), try store.profiles.addBean(name: "Kenya")]
    let niche = try store.profiles.addGrinder(
      name: "Niche", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
    let lagom = try store.profiles.addGrinder(
      name: "Lagom", scale: GrinderScale(step: 1, min: 0, max: 40, finer: .higher))
    let basket = try store.profiles.addBasket(name: "VST 18", capacityG: 18)
    for (bean, grinder) in zip(beans, [niche, lagom]) {
      var recipe = RecipeChange()
      recipe.grinderID = grinder.id
      recipe.doseG = 18
      recipe.yieldG = 36
      recipe.timeS = 28
      recipe.temperatureC = .some(93)
      recipe.grind = "20"
      try store.profiles.setRecipe(for: bean, recipe)
    }

    var counts: [String: Int] = [:]
    var refusals = 0
    /// Each shot's line in the export as first seen: it must never change.
    var seen: [String: String] = [:]
    var backups: [[UInt8]] = []
    var imported = 0
    /// The most shots the log held at once (a restore goes back to fewer).
    var peak = 0
    let operations = TestScale.count(240, long: 600)

    func measurements() -> ShotRecord.Measurements {
      let time = ExactNumber(significand: Int128(Int.random(in: 180...360, using: &random)), scale: 1) ?? 28
      var m = ShotRecord.Measurements(
        doseG: [ExactNumber(18), 18, 18, ExactNumber("18.6") ?? 18].randomElement(using: &random),
        yieldG: ExactNumber(significand: Int128(Int.random(in: 340...380, using: &random)), scale: 1),
        timeS: time)
      if Bool.random(using: &random) { m.firstDropS = ExactNumber(Int.random(in: 3...8, using: &random)) }
      switch Int.random(in: 0..<8, using: &random) {
      case 0: m.taste = nil
      case 1: m.taste = TagSet()
      case 2:
        var tags = TagSet<TasteTag>()
        for tag in TasteTag.allCases where Int.random(in: 0..<3, using: &random) == 0 { tags.insert(tag) }
        m.taste = tags
      default:
        let tag: TasteTag = [TasteTag.sour, .bitter, .balanced, .sour, .bitter].randomElement(using: &random) ?? .sour
        m.taste = TagSet([tag])
      }
      if Int.random(in: 0..<10, using: &random) == 0, let flow = FlowTag.allCases.randomElement(using: &random) {
        m.flow = TagSet([flow])
      }
      return m
    }
    /// Mostly the shot just logged (what a barista answers), sometimes any shot at all.
    func anyAttempt() throws -> ShotAttempt? {
      let count = try store.shots.attemptCount()
      guard count > 0 else { return nil }
      if Int.random(in: 0..<3, using: &random) > 0 { return try store.shots.latestAttempt() }
      return try store.shots.attempt(id: Int64.random(in: 1...Int64(count), using: &random))
    }
    func rules() -> RuleSet { Bool.random(using: &random) ? .defaultEspresso : variant }
    func attempt(_ name: String, _ body: () throws -> Void) {
      do {
        try body()
        counts[name, default: 0] += 1
      } catch let error as ShotLogError {
        if case .internalError(let detail) = error { Issue.record("seed \(seed), \(name): internal error \(detail)") }
        refusals += 1  // A refusal the barista would be told about (already answered, voided, …).
      } catch {
        Issue.record("seed \(seed), \(name): \(error)")
      }
    }

    for _ in 0..<operations {
      clock.advance(minutes: Int64.random(in: 1...9, using: &random))
      let bean = beans.randomElement(using: &random) ?? beans[0]
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        attempt("log") { try store.shots.logShot(measurements(), of: bean, rating: 4, rules: rules()) }
      case 30..<38:
        let back = Timestamp(
          millisecondsSinceEpoch: clock.now().millisecondsSinceEpoch - Int64.random(in: 1...180, using: &random)
            * 60_000)
        attempt("back-dated log") { try store.shots.logShot(measurements(), of: bean, pulledAt: back, rules: rules()) }
      case 38..<52:
        guard let shot = try anyAttempt() else { continue }
        var made = false
        attempt("accept") { made = try store.shots.accept(shot).snapshot != nil }
        // Half the time (and the first time) the barista changes their mind at once.
        if made, counts["undo"] == nil || Bool.random(using: &random) { attempt("undo") { try store.shots.undo(shot) } }
      case 52..<57:
        guard let shot = try anyAttempt() else { continue }
        attempt("reject") { try store.shots.reject(shot) }
      case 57..<62:
        guard let shot = try anyAttempt() else { continue }
        attempt("undo") { try store.shots.undo(shot) }
      case 62..<68:
        guard let shot = try anyAttempt() else { continue }
        var m = shot.measurements
        let tag: TasteTag = [TasteTag.sour, .bitter, .balanced, .thin].randomElement(using: &random) ?? .sour
        m.taste = TagSet([tag])
        attempt("amend") {
          try store.shots.amend(shot, measurements: m, rating: 3.5, notes: "tasted again", rules: rules())
        }
      case 68..<72:
        guard let shot = try anyAttempt() else { continue }
        attempt("void") { try store.shots.void(shot, reason: "scale not tared") }
      case 72..<78:
        var grinder = [niche, lagom].randomElement(using: &random) ?? niche
        if let current = try store.profiles.grinder(id: grinder.id) { grinder = current }
        if var scale = grinder.scale {
          scale.step = [ExactNumber("0.5") ?? 1, 1, ExactNumber("0.25") ?? 1].randomElement(using: &random) ?? 1
          if Bool.random(using: &random) { scale.finer = scale.finer == .lower ? .higher : .lower }
          grinder.scale = scale
        }
        attempt("grinder edit") { _ = try store.profiles.updateGrinder(grinder) }
      case 78..<88:
        var change = RecipeChange()
        switch Int.random(in: 0..<5, using: &random) {
        case 0: change.grind = String(Int.random(in: 10...30, using: &random))
        case 1: change.yieldG = ExactNumber(Int.random(in: 34...40, using: &random))
        case 2: change.temperatureC = .some(ExactNumber(Int.random(in: 90...95, using: &random)))
        case 3: change.basketID = .some(Bool.random(using: &random) ? basket.id : nil)
        default: change.doseG = [ExactNumber(18), 19, ExactNumber("17.5") ?? 18].randomElement(using: &random)
        }
        attempt("recipe set") { try store.profiles.setRecipe(for: bean, change) }
      case 88..<91:
        // Restore a recent backup into this log, replacing what was logged since.
        guard let backup = backups.suffix(2).randomElement(using: &random) else {
          backups.append(try store.exchange.exportJSON())
          continue
        }
        let preview = try store.exchange.previewLogImport(backup, rules: [variant], replacing: true)
        #expect(preview.canApply, "seed \(seed): \(preview.invalid.prefix(3)) \(preview.conflicts.prefix(3))")
        attempt("restore") {
          try store.exchange.applyLogImport(backup, token: preview.token, rules: [variant], replacing: true)
        }
        #expect(try store.exchange.exportJSON() == backup, "seed \(seed): a restore gives the backup's bytes")
        seen = [:]
      case 91..<94:
        // Move to a new file by restoring everything there; go on with the copy.
        let bytes = try store.exchange.exportJSON()
        let copy = try open()
        let preview = try copy.exchange.previewLogImport(bytes, rules: [variant], replacing: true)
        attempt("copy") {
          try copy.exchange.applyLogImport(bytes, token: preview.token, rules: [variant], replacing: true)
        }
        #expect(try copy.exchange.exportJSON() == bytes, "seed \(seed): the copy exports the same bytes")
        store = copy
      case 94..<97:
        // A shot from another app (Visualizer), often pulled before shots already logged.
        imported += 1
        let pulled = Timestamp(
          millisecondsSinceEpoch: clock.now().millisecondsSinceEpoch - Int64.random(in: 0...120, using: &random)
            * 60_000)
        let grinder = bean.id == beans[0].id ? niche : lagom
        let taste = ["sour", "bitter", "balanced", "thin", "harsh"].randomElement(using: &random) ?? "sour"
        let text = """
          {"id": "app-\(seed)-\(imported)", "start_time": "\(pulled.iso8601)", "profile_title": "Default",
           "duration": "\(Int.random(in: 20...36, using: &random)).0", "bean_type": "\(bean.name)",
           "grinder_model": "\(grinder.name)", "grinder_setting": "\(Int.random(in: 15...25, using: &random))",
           "bean_weight": "18.0", "drink_weight": "\(Int.random(in: 34...38, using: &random)).0",
           "espresso_notes": "\(taste)", "timeframe": ["0.0", "0.5"], "data": {"espresso_pressure": ["1.5", "9.0"]}}
          """
        let files = [ShotImportFile(name: "shot-\(imported).json", bytes: Array(text.utf8))]
        let options = ShotImportOptions(formats: [.visualizer], tasteFromNotes: true, rules: rules())
        do {
          let preview = try store.shotImport.previewShotImport(files, options: options)
          let done = try store.shotImport.applyShotImport(files, options: options, token: preview.token)
          if done.attempts.count == 1 { counts["app import", default: 0] += 1 }
        } catch {
          Issue.record("seed \(seed): importing a shot from another app: \(error)")
        }
      default:
        backups.append(try store.exchange.exportJSON())
        let preview = try store.exchange.previewLogImport(try store.exchange.exportJSON(), rules: [variant])
        #expect(
          preview.canApply && preview.added.total == 0,
          "seed \(seed): merging a log's own export adds nothing: \(preview.invalid.prefix(2)) \(preview.conflicts.prefix(2)) \(preview.added)"
        )
        counts["merge", default: 0] += 1
      }
      try check(store, rulesByHash, &seen, seed: seed)
      peak = max(peak, try store.shots.attemptCount())
    }

    // Not a vacuous pass: every kind of operation happened, and the log holds a real history.
    for name in [
      "log", "back-dated log", "accept", "reject", "undo", "amend", "void", "grinder edit", "recipe set", "app import",
    ] {
      #expect(counts[name, default: 0] > 0, "seed \(seed): no successful \(name) (\(counts), \(refusals) refused)")
    }
    #expect(counts["restore", default: 0] + counts["copy", default: 0] > 0, "seed \(seed): no restore (\(counts))")
    #expect(peak >= 30, "seed \(seed): at most \(peak) shots at once")
    try explainSample(store, variantPath: variantPath, variant: variant, directory: directory, random: &random)
  }

  /// The invariants, over the whole export.
  func check(_ store: ShotLogStore, _ rules: [String: RuleSet], _ seen: inout [String: String], seed: UInt64) throws {
    let file = SourceFile(path: "export.json", bytes: try store.exchange.exportJSON())
    let root = try JSONScanner.readTree(file).get()
    for item in root["attempts"]?.elements ?? [] {
      let uuid = item["uuid"]?.string ?? "?"
      let line = String(decoding: file.bytes[item.span.start..<item.span.end], as: UTF8.self)
      if let before = seen[uuid] {
        #expect(before == line, "seed \(seed): shot \(uuid) changed in the export")
      } else {
        seen[uuid] = line
      }
      guard let suggestion = item["suggestion"], let recordNode = item["record"] else { continue }
      let record = try ShotJSONReader.read(file, in: recordNode.span.start..<recordNode.span.end).get()
      guard let hash = suggestion["ruleset"]?["hash"]?.string, let set = rules[hash] else {
        Issue.record("seed \(seed): shot \(uuid) names unknown rules")
        continue
      }
      let decision = set.decide(record)
      let stored = suggestion["decision"]
      #expect(decision.text == stored?["text"]?.string, "seed \(seed): shot \(uuid)")
      #expect(decision.outcome.kind.rawValue == stored?["kind"]?.string)
      #expect(decision.decidedBy == (stored?["decided_by"]?.elements ?? []).compactMap(\.string))
      #expect(decision.missing == (stored?["missing"]?.elements ?? []).compactMap(\.string))
    }
  }

  /// A sample of records through the real `dialrules explain --format json`, with their rules.
  func explainSample(
    _ store: ShotLogStore, variantPath: String, variant: RuleSet, directory: TemporaryDirectory,
    random: inout SeededGenerator
  ) throws {
    let file = SourceFile(path: "export.json", bytes: try store.exchange.exportJSON())
    let root = try JSONScanner.readTree(file).get()
    let attempts = (root["attempts"]?.elements ?? []).filter { $0["suggestion"] != nil }
    var checked = 0
    for item in attempts.shuffled(using: &random).prefix(8) {
      guard let recordNode = item["record"], let hash = item["suggestion"]?["ruleset"]?["hash"]?.string else {
        continue
      }
      let path = directory.file("shot-\(checked).json")
      try Data(file.bytes[recordNode.span.start..<recordNode.span.end]).write(to: URL(fileURLWithPath: path))
      let rulesPath = hash == variant.contentHash ? variantPath : PackageRoot.file("rules/espresso.dialrules")
      let run = try BuiltProducts.run("dialrules", ["explain", "--format", "json", rulesPath, path])
      #expect(run.status == 0, "\(run.stderr)")
      let explained = try JSONScanner.readTree(SourceFile(path: "explain.json", text: run.stdout)).get()
      let stored = item["suggestion"]?["decision"]
      #expect(explained["decision"]?["text"]?.string == stored?["text"]?.string)
      #expect(explained["decision"]?["kind"]?.string == stored?["kind"]?.string)
      #expect(
        (explained["decided_by"]?.elements ?? []).compactMap(\.string)
          == (stored?["decided_by"]?.elements ?? []).compactMap(\.string))
      #expect(
        (explained["missing"]?.elements ?? []).compactMap(\.string)
          == (stored?["missing"]?.elements ?? []).compactMap(\.string))
      checked += 1
    }
    #expect(checked >= 5, "only \(checked) records went through dialrules explain")
  }
}

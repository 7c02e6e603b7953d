/// What a rule change does to the table's promises (`dialrules diff`, `docs/analysis.md` §5 A011):
/// every `property` of OLD and of NEW proved against its own table, and each property OLD
/// declares but NEW no longer does proved against NEW's rules as well — deleting a promise
/// together with the rule change that breaks it does not hide the break. A property that held in
/// OLD and fails in NEW is a **regression**, listed first.
package struct PropertyDiff: Sendable {
  /// How one property's verdict moved.
  package enum Change: String, Sendable, CaseIterable {
    /// Proved in OLD, fails in NEW (with a witness the evaluator confirms).
    case regressed
    /// Failed in OLD, proved in NEW.
    case fixed
    /// Any other move between proved, fails and undecided (`proved → undecided`: no longer proved).
    case changed
    /// Only NEW declares it.
    case added
    /// Only OLD declares it (its verdict against NEW, when that could be checked, is `new`).
    case removed
    /// The same verdict in both.
    case unchanged
  }

  /// One property, by id.
  package struct Row: Sendable {
    package var id: String
    package var change: Change
    /// Its verdict on OLD (nil: OLD does not declare it).
    package var old: PropertyVerdict?
    /// Its verdict on NEW's rules (nil: only OLD declares it and it could not be checked on NEW).
    package var new: PropertyVerdict?
    /// Whether NEW declares it (false: OLD's declaration was proved against NEW's rules).
    package var declaredInNew: Bool
    /// Why a property only OLD declares could not be proved against NEW (it did not compile there).
    package var notChecked: String?
  }

  /// Regressions first, then fixed, changed, added, removed and unchanged; each in source order.
  package var rows: [Row]

  package var regressed: [Row] { rows.filter { $0.change == .regressed } }

  /// Whether anything but `unchanged` happened.
  package var changed: Bool { rows.contains { $0.change != .unchanged } }

  /// Compares the properties of `old` and `new` (both checked without errors), compiled from
  /// `oldFile` and `newFile`.
  package init(old: CompiledRules, oldFile: SourceFile, new: CompiledRules, newFile: SourceFile) {
    let oldVerdicts = PropertyProof(old).verdicts
    let newVerdicts = PropertyProof(new).verdicts
    let newIDs = Set(new.properties.map { $0.id })
    // OLD's promises NEW dropped, proved against NEW's rules: NEW's text with them appended.
    let dropped = old.properties.filter { !newIDs.contains($0.id) }
    var carried: [String: PropertyVerdict] = [:]
    var notChecked: [String: String] = [:]
    if !dropped.isEmpty {
      let (verdicts, problem) = Self.prove(dropped, from: oldFile, against: newFile)
      for v in verdicts { carried[v.id] = v }
      if let problem { for p in dropped where carried[p.id] == nil { notChecked[p.id] = problem } }
    }
    var rows: [Row] = []
    for p in old.properties {
      let before = oldVerdicts.first { $0.index == p.index }
      if newIDs.contains(p.id) {
        let after = newVerdicts.first { $0.id == p.id }
        rows.append(
          Row(
            id: p.id, change: Self.change(before?.status, after?.status), old: before, new: after,
            declaredInNew: true))
      } else {
        let after = carried[p.id]
        let change: Change = before?.status == .proved && after?.status == .fails ? .regressed : .removed
        rows.append(
          Row(id: p.id, change: change, old: before, new: after, declaredInNew: false, notChecked: notChecked[p.id]))
      }
    }
    let oldIDs = Set(old.properties.map { $0.id })
    for p in new.properties where !oldIDs.contains(p.id) {
      rows.append(
        Row(id: p.id, change: .added, old: nil, new: newVerdicts.first { $0.index == p.index }, declaredInNew: true))
    }
    let order = Dictionary(uniqueKeysWithValues: Change.allCases.enumerated().map { ($1, $0) })
    self.rows = rows.enumerated().sorted { a, b in
      let (x, y) = (order[a.element.change] ?? 0, order[b.element.change] ?? 0)
      return x != y ? x < y : a.offset < b.offset
    }.map { $0.element }
  }

  static func change(_ old: PropertyVerdict.Status?, _ new: PropertyVerdict.Status?) -> Change {
    switch (old, new) {
    case (.proved, .fails): .regressed
    case (.fails, .proved): .fixed
    case let (a, b) where a == b: .unchanged
    default: .changed
    }
  }

  /// `properties` of `oldFile`, their source text appended to `newFile`'s, proved there (NEW's own
  /// properties are not proved again); when the combined text does not compile, why (the first
  /// error).
  static func prove(_ properties: [CompiledProperty], from oldFile: SourceFile, against newFile: SourceFile)
    -> (verdicts: [PropertyVerdict], problem: String?)
  {
    var bytes = newFile.bytes
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    for p in properties {
      bytes.append(UInt8(ascii: "\n"))
      bytes += oldFile.bytes[p.span.start..<min(p.span.end, oldFile.bytes.count)]
      bytes.append(UInt8(ascii: "\n"))
    }
    let combined = SourceFile(path: newFile.path, bytes: bytes)
    let output = RuleCompiler.compile(combined)
    guard let rules = output.rules else {
      let first = output.diagnostics.first { $0.severity == .error }
      return ([], first.map { "it does not compile against NEW: \($0.message)" } ?? "it does not compile against NEW")
    }
    // Only the carried properties: NEW's own are proved once, against NEW alone (`init`).
    let ids = Set(properties.map { $0.id })
    var carried = rules
    carried.properties = rules.properties.filter { ids.contains($0.id) }
    return (PropertyProof(carried).verdicts, nil)
  }
}

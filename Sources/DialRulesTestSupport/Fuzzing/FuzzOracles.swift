import DialRules

/// What must hold for *every* input, checked by the libFuzzer targets in `Tests/Fuzz/` and, over the
/// seed corpus and every saved crash in `Fixtures/regressions/`, by the unit tests.
///
/// Each check returns the broken properties as readable lines (empty when all hold). A fuzz target
/// turns a non-empty answer into a crash so libFuzzer saves the input; a test records it as an
/// issue. Crashes inside the library (a trap, an out-of-bounds access) need no oracle: the
/// sanitizer build catches them, and the regression test then crashes too until it is fixed.
public enum FuzzOracles {
  /// The fuzz targets, named as `Tests/Fuzz/run.sh` and `Fixtures/regressions/` name them.
  public enum Target: String, CaseIterable, Sendable {
    /// Lexer, parser and checker on arbitrary bytes.
    case frontEnd = "front-end"
    /// Generated valid tables × generated shots: determinism, monotonicity, order independence.
    case evaluator
    /// Format → re-parse → same tree; format twice → same text.
    case formatter
    /// The shot JSON reader, as one document and as JSON Lines.
    case shotJSON = "shot-json"

    /// Runs this target's oracle on one input.
    public func check(_ bytes: [UInt8]) -> [String] {
      switch self {
      case .frontEnd: FuzzOracles.frontEnd(bytes)
      case .evaluator: FuzzOracles.evaluator(bytes)
      case .formatter: FuzzOracles.formatter(bytes)
      case .shotJSON: FuzzOracles.shotJSON(bytes)
      }
    }
  }

  // MARK: - Front end

  /// Any bytes compile to diagnostics that are in bounds, sorted, rendered without trapping, and
  /// the same on a second run; a table comes out exactly when there is no error, and it can be
  /// evaluated (every inline example too) and analysed.
  public static func frontEnd(_ bytes: [UInt8]) -> [String] {
    let file = SourceFile(path: "fuzz.dialrules", bytes: bytes)
    let out = RuleCompiler.compile(file)
    var failures = diagnosticProblems(out.diagnostics, in: file, codePrefixes: "LPCT")
    if (out.rules == nil) != out.diagnostics.hasErrors {
      failures.append(
        "a table was produced: \(out.rules != nil), but errors were reported: \(out.diagnostics.hasErrors)")
    }
    let again = RuleCompiler.compile(file)
    if again.diagnostics != out.diagnostics || again.rules != out.rules {
      failures.append("compiling the same bytes twice gave different results")
    }
    if let rules = out.rules {
      let evaluator = Evaluator(rules)
      let empty = ShotRecord()
      if evaluator.decide(empty) != evaluator.explain(empty).decision {
        failures.append("decide and explain disagree on the empty shot")
      }
      _ = ExampleRunner.run(rules)
      failures += analysisProblems(rules, evaluator, in: file)
    }
    return failures
  }

  /// `lint`'s analysis of a table that checked: it finishes (libFuzzer's timeout catches one that
  /// does not), says the same on a second run, points inside the file, and every witness it shows
  /// really gets the decision it claims.
  static func analysisProblems(_ rules: CompiledRules, _ evaluator: Evaluator, in file: SourceFile) -> [String] {
    let analysis = Analyzer.analyze(rules)
    var failures: [String] = []
    if Analyzer.analyze(rules).diagnostics != analysis.diagnostics {
      failures.append("analysing the same table twice gave different findings")
    }
    for finding in analysis.findings {
      let d = finding.diagnostic
      let spans = [d.span] + d.notes.compactMap(\.span)
      if spans.contains(where: { $0.start < 0 || $0.end > file.bytes.count || $0.start > $0.end }) {
        failures.append("\(d.code) points outside the file")
      }
      if let witness = finding.witness, let claimed = finding.witnessDecision, evaluator.decide(witness) != claimed {
        failures.append(
          "\(d.code) witness \(witness.jsonText) claims \(claimed), the evaluator says \(evaluator.decide(witness))")
      }
    }
    return failures
  }

  /// Diagnostics must point inside the file, come sorted and deduplicated, carry a stage code and a
  /// message, and render without trapping.
  static func diagnosticProblems(_ diagnostics: [Diagnostic], in file: SourceFile, codePrefixes: String) -> [String] {
    var failures: [String] = []
    for d in diagnostics {
      if d.span.start < 0 || d.span.end > file.bytes.count || d.span.start > d.span.end {
        failures.append("\(d.code) span \(d.span.start)..<\(d.span.end) is outside \(file.bytes.count) bytes")
      }
      for note in d.notes {
        if let s = note.span, s.start < 0 || s.end > file.bytes.count {
          failures.append("\(d.code) note span \(s.start)..<\(s.end) is outside \(file.bytes.count) bytes")
        }
      }
      if d.message.isEmpty { failures.append("\(d.code) has an empty message") }
      let code = Array(d.code.utf8)
      let wellFormed =
        code.count == 4 && codePrefixes.utf8.contains(code[0]) && code.dropFirst().allSatisfy { $0 >= 48 && $0 <= 57 }
      if !wellFormed { failures.append("malformed diagnostic code '\(d.code)'") }
    }
    if diagnostics.normalized() != diagnostics {
      failures.append("diagnostics are not sorted and deduplicated")
    }
    _ = DiagnosticRenderer().render(diagnostics, in: file)
    return failures
  }

  // MARK: - Formatter

  /// The formatter's safety net never fires, and its output is a fixed point that checks exactly
  /// when the input does.
  public static func formatter(_ bytes: [UInt8]) -> [String] {
    let file = SourceFile(path: "fuzz.dialrules", bytes: bytes)
    switch FormatRunner.format(file) {
    case .failure(.unsound(let why)):
      return ["formatter would change the meaning: \(why)"]
    case .failure(.syntaxErrors(let diagnostics)):
      return diagnostics.isEmpty || !diagnostics.allSatisfy(\.isError)
        ? ["formatting refused without reporting an error"] : []
    case .success(let text):
      var failures: [String] = []
      let formatted = SourceFile(path: "fuzz.dialrules", text: text)
      switch FormatRunner.format(formatted) {
      case .success(let twice) where twice == text: break
      case .success(let twice):
        failures.append("formatting is not idempotent:\n--- once\n\(text)\n--- twice\n\(twice)")
      case .failure(let failure):
        failures.append("formatted text cannot be formatted again: \(failure)")
      }
      let before = RuleCompiler.compile(file).rules
      let after = RuleCompiler.compile(formatted).rules
      if (before == nil) != (after == nil) {
        failures.append("the input checks: \(before != nil), its formatted text checks: \(after != nil)")
      } else if let before, let after, before.rules.map(\.id) != after.rules.map(\.id) {
        failures.append("formatting changed the rules: \(before.rules.map(\.id)) → \(after.rules.map(\.id))")
      }
      return failures
    }
  }

  // MARK: - Shot JSON

  /// Any bytes read as one document and as JSON Lines: failures carry in-bounds `J` diagnostics,
  /// successes survive a round trip through the canonical writer (read → write → read gives the
  /// same record, and writing it again the same bytes).
  public static func shotJSON(_ bytes: [UInt8]) -> [String] {
    let file = SourceFile(path: "fuzz.json", bytes: bytes)
    var failures: [String] = []
    func checkResult(_ result: Result<ShotRecord, DiagnosticList>, _ context: String) {
      switch result {
      case .success(let record):
        let text = record.jsonText
        switch ShotJSONReader.read(SourceFile(path: "canonical.json", text: text)) {
        case .success(let back) where back == record:
          if back.jsonText != text { failures.append("\(context): canonical JSON is not stable: \(text)") }
        case .success(let back):
          failures.append("\(context): round trip changed the record:\n\(text)\n\(back.jsonText)")
        case .failure(let d):
          failures.append("\(context): canonical JSON does not read back: \(d.map(\.code)) in \(text)")
        }
      case .failure(let diagnostics):
        if !diagnostics.contains(where: \.isError) { failures.append("\(context): rejected with warnings only") }
        failures += diagnosticProblems(diagnostics.diagnostics, in: file, codePrefixes: "J").map { "\(context): \($0)" }
      }
    }
    checkResult(ShotJSONReader.read(file), "document")
    var lastLine = 0
    ShotJSONReader.readLines(file) { line, result in
      if line <= lastLine { failures.append("line \(line) came after line \(lastLine)") }
      lastLine = line
      checkResult(result, "line \(line)")
    }
    return failures
  }

  // MARK: - Evaluator

  /// A generated valid table is analysed soundly (`analysisProblems`) and decides generated shots
  /// deterministically (twice the same; `decide`
  /// equals `explain`), independently of rule order and layout (a shuffled and a formatted copy
  /// decide the same), monotonically (forgetting an observation never turns a decision into a
  /// different one: docs/design.md §4), never "incomplete" with nothing missing, and `missing` lists only
  /// absent paths, sorted. The compiled table (`decide`) and the general plan (`explain`'s) agree
  /// field for field, on those shots and on shots with values at the edges (`compiledAgreement`).
  public static func evaluator(_ bytes: [UInt8]) -> [String] {
    var generator = RuleGenerator(FuzzedBytes(bytes))
    let table = generator.table()
    let text = table.text()
    let file = SourceFile(path: "generated.dialrules", text: text)
    let out = RuleCompiler.compile(file)
    guard let rules = out.rules else {
      let errors = out.diagnostics.filter(\.isError).map { DiagnosticRenderer().render($0, in: file) }
      return ["generated table does not check:\n\(errors.joined())\n\(text)"]
    }
    let evaluator = Evaluator(rules)
    var failures = analysisProblems(rules, evaluator, in: file)
    let order = generator.permutation(table.rules.count)
    let shuffledText = table.text(order: order)
    guard let shuffled = RuleCompiler.compile(SourceFile(path: "shuffled.dialrules", text: shuffledText)).rules else {
      return ["the same table with its rules reordered does not check:\n\(shuffledText)"]
    }
    let reordered = Evaluator(shuffled)
    var formatted: Evaluator?
    switch FormatRunner.format(file) {
    case .success(let f):
      guard let compiled = RuleCompiler.compile(SourceFile(path: "formatted.dialrules", text: f)).rules else {
        return ["the formatted table does not check:\n\(f)"]
      }
      formatted = Evaluator(compiled)
    case .failure(let failure):
      failures.append("the generated table cannot be formatted: \(failure)")
    }
    for n in 0..<generator.shotCount() {
      failures += compiledAgreement(evaluator, generator.extremeShot(id: n)).map { "\($0)\ntable:\n\(text)" }
      let shot = generator.shot(id: n)
      failures += compiledAgreement(evaluator, shot).map { "\($0)\ntable:\n\(text)" }
      let decision = evaluator.decide(shot)
      // Built only for a failure: most inputs break nothing, and this is a hot loop.
      var context: String { "shot \(shot.jsonText)\ntable:\n\(text)" }
      if evaluator.decide(shot) != decision { failures.append("decide is not deterministic: \(context)") }
      if evaluator.explain(shot).decision != decision {
        failures.append("decide and explain disagree: \(decision) vs \(evaluator.explain(shot).decision); \(context)")
      }
      failures += missingProblems(decision, shot).map { "\($0); \(context)" }
      let other = reordered.decide(shot)
      if other.outcome != decision.outcome || Set(other.decidedBy) != Set(decision.decidedBy)
        || other.missing != decision.missing
      {
        failures.append("rule order changed the decision: \(decision) vs \(other); order \(order); \(context)")
      }
      if let formatted, formatted.decide(shot) != decision {
        failures.append("formatting changed the decision: \(decision) vs \(formatted.decide(shot)); \(context)")
      }
      for (path, weaker) in weakenings(of: shot) {
        let after = evaluator.decide(weaker)
        switch after.outcome {
        case .adjust, .noChange:
          // Knowing more can only confirm a decision (docs/design.md §4): forgetting `path` decided
          // `after`, so the full shot must decide the same.
          if after.outcome != decision.outcome {
            failures.append(
              "not monotonic: without \(path) the decision is \(after.outcome), with it \(decision.outcome); \(context)"
            )
          }
        case .insufficientEvidence: break
        }
      }
    }
    return failures
  }

  /// The compiled table's decision for `shot` equals the general plan's, field for field (id,
  /// outcome, text, `decided_by`, `missing`), and so does the decision of the explanation.
  package static func compiledAgreement(_ evaluator: Evaluator, _ shot: ShotRecord) -> [String] {
    let compiled = evaluator.decide(shot)
    let reference = evaluator.referenceDecision(shot)
    var failures: [String] = []
    if compiled != reference {
      failures.append("the compiled table decides \(compiled), the general plan \(reference); shot \(shot.jsonText)")
    }
    let explained = evaluator.explain(shot).decision
    if explained != reference {
      failures.append("explain decides \(explained), the general plan \(reference); shot \(shot.jsonText)")
    }
    return failures
  }

  /// Every observation a rule can read that `shot` has, each paired with the shot without it.
  /// (`shot.flow` and `previous.adjustment` are never unknown, so forgetting them is no weakening.)
  static func weakenings(of shot: ShotRecord) -> [(String, ShotRecord)] {
    let edits: [(String, (inout ShotRecord) -> Void)] = [
      ("previous.shot.dose_g", { $0.previous?.shot?.doseG = nil }),
      ("previous.shot.first_drop_s", { $0.previous?.shot?.firstDropS = nil }),
      ("previous.shot.taste", { $0.previous?.shot?.taste = nil }),
      ("previous.shot.time_s", { $0.previous?.shot?.timeS = nil }),
      ("previous.shot.yield_g", { $0.previous?.shot?.yieldG = nil }),
      ("recipe.dose_g", { $0.recipe?.doseG = nil }),
      ("recipe.temperature_c", { $0.recipe?.temperatureC = nil }),
      ("recipe.time_s", { $0.recipe?.timeS = nil }),
      ("recipe.yield_g", { $0.recipe?.yieldG = nil }),
      ("shot.dose_g", { $0.shot?.doseG = nil }),
      ("shot.first_drop_s", { $0.shot?.firstDropS = nil }),
      ("shot.taste", { $0.shot?.taste = nil }),
      ("shot.time_s", { $0.shot?.timeS = nil }),
      ("shot.yield_g", { $0.shot?.yieldG = nil }),
    ]
    var out: [(String, ShotRecord)] = []
    for (path, edit) in edits {
      var copy = shot
      edit(&copy)
      if copy != shot { out.append((path, copy)) }
    }
    return out
  }

  /// `missing` is empty unless the answer is `incomplete`, and then not empty (docs/design.md §4: on a
  /// valid shot arithmetic never fails, so a decision is incomplete only for want of an
  /// observation), sorted, without repeats, and names only paths the shot lacks.
  public static func missingProblems(_ decision: Decision, _ shot: ShotRecord) -> [String] {
    guard decision.outcome == .insufficientEvidence(.incomplete) else {
      return decision.missing.isEmpty ? [] : ["'missing' is set on a decided answer: \(decision.missing)"]
    }
    var failures: [String] = []
    if decision.missing.isEmpty {
      failures.append("incomplete with nothing missing: some arithmetic failed on a valid shot")
    }
    if decision.missing != Array(Set(decision.missing)).sorted() {
      failures.append("'missing' is not sorted and unique: \(decision.missing)")
    }
    let present = Set(weakenings(of: shot).map(\.0))
    for path in decision.missing where present.contains(path) {
      failures.append("'missing' lists \(path), which the shot has")
    }
    return failures
  }
}

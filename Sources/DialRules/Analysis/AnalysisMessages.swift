/// Every diagnostic the analysis emits (`A…` codes), as static constructors sorted by name.
///
/// Codes never change meaning; wording may improve. `docs/analysis.md` describes each code with an
/// example that triggers it and one that does not.
///
/// - A001 disagreement · A002 gap · A003 shadowed rule · A004 redundant rule · A005 impossible
///   rule · A006 ineffective override · A007 unknown-sensitive rule · A008 rule not analysed ·
///   A009 analysis incomplete · A010 finding withdrawn (internal error)
enum AnalysisMessages {
  static func analysisStopped(_ span: SourceSpan, limit: String) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.analysisStopped", arguments: [.init("limit", .init(limit))],
      code: "A009", severity: .warning, message: "analysis incomplete: the table needs more than \(limit) (limit)",
      span: span,
      notes: [
        .init("gaps and disagreements found so far are reported; shadowed, redundant and override checks are skipped")
      ],
      help: "split the table, or use fewer distinct bounds on the same value")
  }

  /// One finding per set of actions in conflict (`pairs`, almost always two): `ids` are every rule
  /// with one of those actions that disagrees somewhere, `actions` theirs.
  static func disagreement(
    _ span: SourceSpan, ids: [String], actions: [String], otherSpans: [SourceSpan], pairs: [String], required: Bool
  ) -> Diagnostic {
    let names = RegionText.list(ids.map { "'\($0)'" }, "and")
    var notes: [Diagnostic.Note] = []
    for (i, s) in otherSpans.enumerated() {
      notes.append(.init("rule '\(ids[i + 1])' says '\(actions[i + 1])' there", span: s))
    }
    let message: String
    if ids.count == 2 {
      message = "rules \(names) disagree where both match, so the table abstains (conflict)"
    } else {
      // Name the actions, each with its rules: `'grind finer 1 step' (sour_fast or sour_very_fast)`.
      let sides = pairs.map { action in
        let rules = ids.indices.filter { actions[$0] == action }.map { ids[$0] }
        return "'\(action)' (\(RegionText.list(rules, "or")))"
      }
      message = "rules saying \(RegionText.list(sides, "and")) match together, so the table abstains (conflict)"
    }
    return Diagnostic(
      messageID: "analysis.disagreement",
      arguments: [.init("ids", .init(ids)), .init("actions", .init(actions)), .init("required", .init(required))],
      code: "A001", severity: required ? .error : .info,
      message: message,
      span: span,
      notes: notes,
      help: required
        ? "the ruleset requires agreement: let one rule win with 'overrides', or narrow a condition"
        : "if this abstention is not intended, let one rule win with 'overrides', or narrow a condition")
  }

  static func gap(_ span: SourceSpan, index: Int, of total: Int, declared: Bool) -> Diagnostic {
    let which = total > 1 ? " (region \(index) of \(total))" : ""
    return Diagnostic(
      messageID: "analysis.gap",
      arguments: [.init("index", .init(index)), .init("of", .init(total)), .init("declared", .init(declared))],
      code: "A002", severity: declared ? .info : .warning,
      message: "no rule matches some fully observed shots, so 'otherwise' decides\(which)", span: span,
      help: declared ? nil : "add a rule for these shots, or declare 'otherwise' in the ruleset to accept the gap")
  }

  static func impossible(_ span: SourceSpan, _ id: String) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.impossible", arguments: [.init("id", .init(id))],
      code: "A005", severity: .error, message: "the condition of rule '\(id)' can never be true", span: span,
      help: "check the bounds and the 'not's: no valid shot satisfies all of them at once")
  }

  static func ineffectiveOverride(_ span: SourceSpan, _ id: String, target: String, targetSpan: SourceSpan)
    -> Diagnostic
  {
    Diagnostic(
      messageID: "analysis.ineffectiveOverride", arguments: [.init("id", .init(id)), .init("target", .init(target))],
      code: "A006", severity: .warning,
      message: "rule '\(id)' overrides '\(target)', but the two never match the same shot", span: span,
      notes: [.init("rule '\(target)' is here", span: targetSpan)],
      help: "remove '\(target)' from 'overrides', or check the two conditions")
  }

  static func notAnalysed(_ span: SourceSpan, _ id: String, reason: String, ruleSpan: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.notAnalysed", arguments: [.init("id", .init(id)), .init("reason", .init(reason))],
      code: "A008", severity: .info, message: "rule '\(id)' is not analysed: \(reason)", span: span,
      notes: [
        .init("in rule '\(id)'", span: ruleSpan),
        .init(
          "where it may match, no gap or disagreement is reported; shadowed and redundant rules are found "
            + "whatever it turns out to be"),
      ],
      help: "compare one value with constants, e.g. 'let dt = shot.time - recipe.time' and 'dt < -3 s'")
  }

  static func propertyFails(_ property: CompiledProperty, regions: Int) -> Diagnostic {
    let regionCount = regions == 1 ? "" : " (\(regions) regions)"
    var notes: [Diagnostic.Note] = [.init("it says '\(property.patternText)'", span: property.patternSpan)]
    if let because = property.because { notes.append(.init("because: \(because)")) }
    return Diagnostic(
      code: "A011", severity: .error,
      message:
        "property '\(property.id)' fails: some shots \(property.condition == nil ? "" : "its condition holds for ")"
        + "get a decision it rules out\(regionCount)",
      span: property.idSpan, notes: notes,
      help:
        "change the rules the witness names, or narrow the property's 'when' if these shots are meant to be exceptions")
  }

  static func propertyUndecided(_ property: CompiledProperty, reason: String, cells: Int) -> Diagnostic {
    Diagnostic(
      code: "A012", severity: .warning, message: "property '\(property.id)' is not proved: \(reason)",
      span: property.idSpan,
      notes: [.init("the proof swept \(cells) cells (limit \(AnalysisLimits.maxCells))")],
      help:
        "nothing is claimed either way; bring the rules or the condition into the analysed fragment (docs/analysis.md §3)"
    )
  }

  static func redundant(_ span: SourceSpan, _ id: String, partners: [(String, SourceSpan)]) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.redundant",
      arguments: [.init("id", .init(id)), .init("partners", .list(partners.map { $0.0 }))],
      code: "A004", severity: .warning,
      message: "rule '\(id)' is redundant: wherever it matches, the decision is the same without it", span: span,
      notes: ruleNotes(partners) { "without it, rule '\($0)' decides the same there" },
      help: "remove it, or merge it into the rules that cover it")
  }

  static func ruleTooLarge(_ span: SourceSpan, _ id: String) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.ruleTooLarge", arguments: [.init("id", .init(id))],
      code: "A009", severity: .warning,
      message:
        "analysis incomplete: the condition of rule '\(id)' expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes (limit)",
      span: span,
      notes: [
        .init(
          "it is taken to match anywhere: no gap or disagreement is reported where it could, and nothing is "
            + "claimed about it")
      ],
      help: "name parts of the condition with 'let', or split the rule")
  }

  static func shadowed(_ span: SourceSpan, _ id: String, how: String, beaters: [(String, SourceSpan)]) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.shadowed",
      arguments: [.init("id", .init(id)), .init("how", .init(how)), .init("beaters", .list(beaters.map { $0.0 }))],
      code: "A003", severity: .warning, message: "rule '\(id)' never decides: wherever it matches, \(how)", span: span,
      notes: ruleNotes(beaters) { "rule '\($0)' keeps it from deciding where both match" },
      help: "remove it, or change the rules that always win over it")
  }

  static func unknownSensitive(_ span: SourceSpan, path: String, rules: [(String, SourceSpan)], readers: [String])
    -> Diagnostic
  {
    let names = RegionText.list(rules.map { "'\($0.0)'" }, "and")
    var notes: [Diagnostic.Note] = rules.dropFirst().map { .init("rule '\($0.0)' is undecided there too", span: $0.1) }
    let shown = readers.prefix(10).joined(separator: ", ")
    let more = readers.count > 10 ? " and \(readers.count - 10) more" : ""
    notes.append(.init("rules reading '\(path)': \(shown)\(more)"))
    notes.append(.init("the region is where the fully observed shot is decided; the witness leaves '\(path)' out"))
    return Diagnostic(
      messageID: "analysis.unknownSensitive",
      arguments: [
        .init("path", .init(path)), .init("rules", .list(rules.map { $0.0 })), .init("readers", .init(readers)),
      ],
      code: "A007", severity: .info,
      message: "when '\(path)' is not recorded, \(rules.count == 1 ? "rule \(names) turns" : "rules \(names) turn") "
        + "decided shots into undecided ones (incomplete)",
      span: span, notes: notes, help: "'\(path)' is often missing; record it, or make the rules not depend on it")
  }

  static func unrealisable(_ span: SourceSpan, code: String, regions: [String], shared: [String]) -> Diagnostic {
    let count = regions.count == 1 ? "an \(code) region; it is" : "\(regions.count) \(code) regions; they are"
    var notes = regions.prefix(AnalysisFinding.regionsShown).map { Diagnostic.Note("region: \($0)") }
    if regions.count > AnalysisFinding.regionsShown {
      notes.append(.init("and \(regions.count - AnalysisFinding.regionsShown) more (all of them in --format json)"))
    }
    let these = regions.count == 1 ? "this region asks" : "these regions ask"
    let help =
      shared.isEmpty
      ? "\(these) for values at the edge of what the analysis can tell a shot reaches; there may be no valid shot there"
      : "\(these) for values that read the same observations (\(shared.joined(separator: ", "))), which cannot all "
        + "take any value at once: there may be no valid shot there"
    return Diagnostic(
      messageID: "analysis.unrealisable",
      arguments: [.init("code", .init(code)), .init("regions", .init(regions)), .init("shared", .init(shared))],
      code: "A009", severity: .warning,
      message: "analysis incomplete: no valid shot was found for \(count) not reported", span: span, notes: notes,
      help: help)
  }

  static func witnessRejected(_ span: SourceSpan, code: String, reason: String) -> Diagnostic {
    Diagnostic(
      messageID: "analysis.witnessRejected", arguments: [.init("code", .init(code)), .init("reason", .init(reason))],
      code: "A010", severity: .warning,
      message: "internal error: a \(code) finding was withdrawn because its witness failed the check", span: span,
      notes: [.init(reason)], help: "please report this as a bug in dialrules, with the rule file")
  }

  // MARK: - Helpers

  /// Rules named in notes, one note each pointing at the rule: at most ten, then a count, so a
  /// rule overlapping thousands of others gets a readable diagnostic of bounded size.
  static func ruleNotes(_ rules: [(String, SourceSpan)], _ text: (String) -> String) -> [Diagnostic.Note] {
    var notes = rules.prefix(maxNamedRules).map { Diagnostic.Note(text($0.0), span: $0.1) }
    if rules.count > maxNamedRules { notes.append(.init("and \(rules.count - maxNamedRules) more rules")) }
    return notes
  }

  /// Most rules one analysis diagnostic names.
  static let maxNamedRules = 10
}

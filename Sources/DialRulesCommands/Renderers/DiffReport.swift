import DialRules

/// Renders a `diff` as text, JSON or Markdown (for pasting into a pull request).
struct DiffReport {
  var byRule: RuleDiff
  var changes: [DecisionChange]
  var compared: Int
  /// The comparison over every fully observed shot; nil with `--no-space`.
  var space: InputSpaceDiff?
  /// `--show-decided-by`: list the shots that keep their outcome with other deciding rules.
  var showDecidedBy = false
  /// The properties of both tables, proved on each; nil when neither declares one.
  var properties: PropertyDiff?

  var groups: ShotChangeGroups { ShotChangeGroups(changes) }

  /// What decides differently, counted once for every format.
  var counts: DiffCounts { DiffCounts(changes: changes, compared: compared, space: space) }

  static func line(_ c: RuleDiff.Change) -> String {
    switch c {
    case .added(let id, let summary): "+ \(id): \(summary)"
    case .removed(let id, let summary): "- \(id): \(summary)"
    case .changed(let id, let what, let old, let new): "~ \(id) \(what): \(old) → \(new)"
    }
  }

  var text: String {
    var out = properties.map(Self.propertiesText) ?? ""
    if byRule.isEmpty {
      out += "rules: no changes\n"
    } else {
      for (title, list) in [("settings", byRule.settings), ("definitions", byRule.lets), ("rules", byRule.rules)]
      where !list.isEmpty {
        out += "\(title):\n"
        for c in list { out += "  " + Self.line(c) + "\n" }
      }
    }
    if compared > 0 { out += shotsText }
    if let space { out += Self.spaceText(space, counts: counts) }
    return out
  }

  /// The "shots" section: a count line, then one block per outcome change with its shots; the shots
  /// decided by other rules with the same outcome are counted, and listed with `--show-decided-by`.
  var shotsText: String {
    let g = groups
    let counts = counts
    var out = "shots: \(counts.shotsPhrase)"
    if let more = counts.decidedByPhrase {
      out += "; \(more)"
      if !showDecidedBy { out += " (--show-decided-by lists them)" }
    }
    out += "\n"
    for group in g.outcomes {
      out += "  \(group.from) → \(group.to): \(ShotChangeGroups.shots(group.sources.count))\n"
      out += ShotChangeGroups.listed(group.sources, indent: "    ")
    }
    if showDecidedBy && g.rulesCount > 0 {
      out += "deciding rules only: \(ShotChangeGroups.shots(g.rulesCount)) keep their decision\n"
      for group in g.rules {
        out += "  \(group.decision): \(group.change): \(ShotChangeGroups.shots(group.sources.count))\n"
        out += ShotChangeGroups.listed(group.sources, indent: "    ")
      }
    }
    return out
  }

  /// The same in Markdown: a table of outcome changes, then the other shots counted or tabled.
  var shotsMarkdown: String {
    let g = groups
    let counts = counts
    var out = "\n### Shots that decide differently (\(counts.shotsDecidingDifferently) of \(compared))\n\n"
    out += "Shots: \(counts.shotsPhrase)\(counts.decidedByPhrase.map { "; " + $0 } ?? "").\n\n"
    if !g.outcomes.isEmpty {
      out += "| before | after | shots |\n|---|---|---|\n"
      for group in g.outcomes { out += "| \(group.from) | \(group.to) | \(ShotChangeGroups.cell(group.sources)) |\n" }
    }
    guard g.rulesCount > 0 else { return out }
    guard showDecidedBy else {
      return out + (g.outcomes.isEmpty ? "" : "\n") + "Shots that change only their deciding rules are listed with "
        + "`--show-decided-by`.\n"
    }
    out += "\n#### Same decision, other deciding rules (\(ShotChangeGroups.shots(g.rulesCount)))\n\n"
    out += "| decision | deciding rules before | after | shots |\n|---|---|---|---|\n"
    for group in g.rules {
      var before = ShotChangeGroups.RulesGroup.list(group.oldDecidedBy)
      var after = ShotChangeGroups.RulesGroup.list(group.newDecidedBy)
      if group.oldMissing != group.newMissing {
        before += "; missing " + ShotChangeGroups.RulesGroup.list(group.oldMissing)
        after += "; missing " + ShotChangeGroups.RulesGroup.list(group.newMissing)
      }
      out += "| \(group.decision) | \(before) | \(after) | \(ShotChangeGroups.cell(group.sources)) |\n"
    }
    return out
  }

  /// The "input space" section: one block per changed region with its witness.
  static func spaceText(_ space: InputSpaceDiff, counts: DiffCounts) -> String {
    if let reason = space.notAnalysed { return "input space: not analysed: \(reason)\n" }
    let phrase = counts.regionsPhrase ?? ""
    guard counts.regionsDecidingDifferently ?? 0 > 0 || space.unverified > 0 else {
      return "input space: \(phrase)\n"
    }
    var out = "input space: \(phrase) (every observation known)\n"
    for r in space.regions {
      out += "  \(r.from) → \(r.to)\n    where \(r.region)\n    witness \(r.witness.jsonText)\n"
    }
    if space.omitted > 0 { out += "  and \(space.omitted) more region\(space.omitted == 1 ? "" : "s")\n" }
    if space.withoutWitness > 0 {
      out += "  \(space.withoutWitness) more region(s) left out: no shot in them fits shot JSON's bounds\n"
    }
    if space.unverified > 0 {
      out += "  internal error: \(space.unverified) region(s) left out because their witness did not verify\n"
    }
    return out
  }

  var markdown: String {
    var out = properties.map(Self.propertiesMarkdown) ?? ""
    out += "### Rule changes\n\n"
    if byRule.isEmpty {
      out += "No rule, definition or setting changed.\n"
    } else {
      out += "| | name | change |\n|---|---|---|\n"
      for c in byRule.settings + byRule.lets + byRule.rules {
        switch c {
        case .added(let id, let summary): out += "| added | `\(id)` | \(Self.cell(summary)) |\n"
        case .removed(let id, let summary): out += "| removed | `\(id)` | \(Self.cell(summary)) |\n"
        case .changed(let id, let what, let old, let new):
          out += "| changed | `\(id)` | \(what): \(Self.cell(old)) → \(Self.cell(new)) |\n"
        }
      }
    }
    if compared > 0 { out += shotsMarkdown }
    let counts = counts
    if let space {
      out += "\n### Input space\n\n"
      if let reason = space.notAnalysed {
        out += "Not analysed: \(reason)\n"
      } else if space.regions.isEmpty && space.omitted == 0 && space.withoutWitness == 0 {
        out += "Input space: no region decides differently (every observation known).\n"
      } else {
        out += "Input space: \(counts.regionsPhrase ?? "") (every observation known).\n\n"
        out += "| before | after | region | witness |\n|---|---|---|---|\n"
        for r in space.regions {
          out += "| \(r.from) | \(r.to) | \(Self.cell(r.region)) | \(Self.cell(r.witness.jsonText)) |\n"
        }
        if space.omitted > 0 { out += "\nand \(space.omitted) more regions\n" }
      }
      if space.withoutWitness > 0 {
        out += "\n\(space.withoutWitness) more region(s) left out: no shot in them fits shot JSON's bounds.\n"
      }
      if space.unverified > 0 {
        out += "\nInternal error: \(space.unverified) region(s) left out because their witness did not verify.\n"
      }
    }
    return out
  }

  /// Markdown table cells cannot hold `|` or newlines.
  static func cell(_ s: String) -> String {
    "`" + s.replacingEvery(scalar: "|", with: "\\|").replacingEvery(scalar: "\n", with: " ") + "`"
  }

  var json: String {
    func change(_ c: RuleDiff.Change) -> JSONValue {
      switch c {
      case .added(let id, let summary): ["change": "added", "name": .string(id), "summary": .string(summary)]
      case .removed(let id, let summary): ["change": "removed", "name": .string(id), "summary": .string(summary)]
      case .changed(let id, let what, let old, let new):
        ["change": "changed", "name": .string(id), "what": .string(what), "old": .string(old), "new": .string(new)]
      }
    }
    var root: JSONValue = [
      "settings": .array(byRule.settings.map(change)),
      "definitions": .array(byRule.lets.map(change)),
      "rules": .array(byRule.rules.map(change)),
      "shots_compared": .number(ExactNumber(compared)),
      "shots_changed": .array(
        changes.map {
          [
            "source": .string($0.source), "outcome_changed": .bool($0.old.outcome != $0.new.outcome),
            "old": $0.old.jsonObject, "new": $0.new.jsonObject,
          ]
        }),
    ]
    if case .object(var members) = root {
      if let properties { members.insert(.init("properties", Self.propertiesJSON(properties)), at: 0) }
      members.append(.init("summary", counts.json))
      members += groups.jsonMembers
      root = .object(members)
    }
    if let space, case .object(var members) = root {
      members.append(.init("input_space", Self.spaceJSON(space)))
      root = .object(members)
    }
    return root.jsonText + "\n"
  }

  /// The "input space" section as JSON: `analysed`, and either `reason` or the regions.
  static func spaceJSON(_ space: InputSpaceDiff) -> JSONValue {
    if let reason = space.notAnalysed { return ["analysed": false, "reason": .string(reason)] }
    return [
      "analysed": true,
      "regions": .array(
        space.regions.map {
          [
            "from": .string($0.from), "to": .string($0.to), "region": .string($0.region),
            "region_data": $0.data, "witness": $0.witness.jsonObject,
          ]
        }),
      "omitted": .number(ExactNumber(space.omitted)),
      "unverified": .number(ExactNumber(space.unverified)),
      "without_witness": .number(ExactNumber(space.withoutWitness)),
    ]
  }
}

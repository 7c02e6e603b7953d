import DialRules

/// Renders a `diff` as text, JSON or Markdown (for pasting into a pull request).
struct DiffReport {
  var byRule: RuleDiff
  var changes: [DecisionChange]
  var compared: Int

  static func line(_ c: RuleDiff.Change) -> String {
    switch c {
    case .added(let id, let summary): "+ \(id): \(summary)"
    case .removed(let id, let summary): "- \(id): \(summary)"
    case .changed(let id, let what, let old, let new): "~ \(id) \(what): \(old) → \(new)"
    }
  }

  var text: String {
    var out = ""
    if byRule.isEmpty {
      out += "rules: no changes\n"
    } else {
      for (title, list) in [("settings", byRule.settings), ("definitions", byRule.lets), ("rules", byRule.rules)]
      where !list.isEmpty {
        out += "\(title):\n"
        for c in list { out += "  " + Self.line(c) + "\n" }
      }
    }
    if compared > 0 {
      out += "shots: \(changes.count) of \(compared) decide differently\n"
      for c in changes {
        out += "  \(c.source): \(DecisionChange.label(c.old)) → \(DecisionChange.label(c.new))"
        out += "  [\(c.old.decidedBy.joined(separator: ", ")) → \(c.new.decidedBy.joined(separator: ", "))]\n"
      }
    }
    return out
  }

  var markdown: String {
    var out = "### Rule changes\n\n"
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
    if compared > 0 {
      out += "\n### Shots that decide differently (\(changes.count) of \(compared))\n\n"
      if !changes.isEmpty {
        out += "| shot | before | after |\n|---|---|---|\n"
        for c in changes {
          out += "| `\(c.source)` | \(DecisionChange.label(c.old)) (\(c.old.decidedBy.joined(separator: ", ")))"
          out += " | \(DecisionChange.label(c.new)) (\(c.new.decidedBy.joined(separator: ", "))) |\n"
        }
      }
    }
    return out
  }

  /// Markdown table cells cannot hold `|` or newlines.
  static func cell(_ s: String) -> String {
    "`" + s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") + "`"
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
    let root: JSONValue = [
      "settings": .array(byRule.settings.map(change)),
      "definitions": .array(byRule.lets.map(change)),
      "rules": .array(byRule.rules.map(change)),
      "shots_compared": .number(ExactNumber(compared)),
      "shots_changed": .array(
        changes.map { ["source": .string($0.source), "old": $0.old.jsonObject, "new": $0.new.jsonObject] }),
    ]
    return root.jsonText + "\n"
  }
}

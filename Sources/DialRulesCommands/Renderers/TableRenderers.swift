import DialRules

/// `dialrules table` output: Markdown for people (the default), CSV for spreadsheets, JSON for
/// tools. All three show the same rows and columns (`DecisionTableView`).
enum TableRenderers {
  /// A heading, the `otherwise` line, the table, and a legend for named columns.
  static func markdown(_ t: DecisionTableView) -> String {
    var out = "# Decision table" + (t.name.map { ": \($0)" } ?? "") + "\n\n"
    if let d = t.description { out += d + "\n\n" }
    let rules = Set(t.rows.map(\.rule)).count
    out += "\(rules) rule\(rules == 1 ? "" : "s"); when no rule matches: `\(t.otherwise)`"
    out += t.otherwiseDeclared ? ".\n\n" : " (built in).\n\n"
    let header = ["rule"] + t.columns.map(\.header) + ["then", "overrides", "because"]
    out += "| " + header.map(cell).joined(separator: " | ") + " |\n"
    out += "|" + String(repeating: "---|", count: header.count) + "\n"
    for row in t.rows {
      let id = row.part == 1 ? row.rule : "\(row.rule) (or)"
      var cells = row.cells
      if let note = row.note, !cells.isEmpty { cells[0] = "*\(note)*" }
      // A continuation row repeats nothing but the rule: it only adds another box with "or".
      let tail = row.part == 1 ? [row.action, row.overrides.joined(separator: ", "), row.because] : ["″", "", ""]
      let fields = [id] + cells + tail
      out += "| " + fields.map(cell).joined(separator: " | ") + " |\n"
    }
    if !t.legend.isEmpty { out += "\n" + t.legend.map { "- \($0)" }.joined(separator: "\n") + "\n" }
    out += "\nA rule with several rows matches when any of its rows does; an empty cell is no constraint.\n"
    return out
  }

  /// Pipes would end a Markdown cell; line breaks would end the row.
  static func cell(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "|": out += "\\|"
      case "\n", "\r": out += " "
      default: out.append(c)
      }
    }
    return out
  }

  /// RFC 4180 fields with LF line ends; a header row, then one line per row.
  static func csv(_ t: DecisionTableView) -> String {
    let header = ["rule", "part"] + t.columns.map(\.header) + ["then", "overrides", "because", "note"]
    var out = header.map(field).joined(separator: ",") + "\n"
    for row in t.rows {
      let fields =
        [row.rule, String(row.part)] + row.cells
        + [row.action, row.overrides.joined(separator: " "), row.because, row.note ?? ""]
      out += fields.map(field).joined(separator: ",") + "\n"
    }
    return out
  }

  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }

  /// Columns with their kind and expression; rules with their parts, each part holding only the
  /// constrained columns, numeric ones also as exact intervals.
  static func json(_ t: DecisionTableView) -> String {
    let columns: [JSONValue] = t.columns.map { c in
      ["name": .string(c.header), "type": .string(c.type), "of": .string(c.detail), "unit": .string(c.unit)]
    }
    var rules: [JSONValue] = []
    var index: [String: Int] = [:]
    for row in t.rows {
      var part: [JSONValue.Member] = []
      for (i, c) in t.columns.enumerated() where !row.cells[i].isEmpty {
        if let set = row.intervals[i] {
          part.append(
            .init(c.header, ["text": .string(row.cells[i]), "intervals": .array(set.intervals.map(interval))]))
        } else {
          part.append(.init(c.header, .string(row.cells[i])))
        }
      }
      if let i = index[row.rule], case .object(var members) = rules[i] {
        if let p = members.firstIndex(where: { $0.key == "parts" }), case .array(let parts) = members[p].value {
          members[p].value = .array(parts + [.object(part)])
        }
        rules[i] = .object(members)
        continue
      }
      index[row.rule] = rules.count
      rules.append([
        "id": .string(row.rule), "parts": .array(row.note == nil ? [.object(part)] : []),
        "then": .string(row.action), "overrides": .array(row.overrides.map { .string($0) }),
        "because": .string(row.because), "note": row.note.map { .string($0) } ?? .null,
      ])
    }
    let root: JSONValue = [
      "name": t.name.map { .string($0) } ?? .null, "otherwise": .string(t.otherwise),
      "columns": .array(columns), "rules": .array(rules),
    ]
    return root.jsonText + "\n"
  }

  static func interval(_ i: Interval) -> JSONValue {
    [
      "min": i.lower.map { .number($0) } ?? .null, "min_inclusive": .bool(i.lowerClosed),
      "max": i.upper.map { .number($0) } ?? .null, "max_inclusive": .bool(i.upperClosed),
    ]
  }
}

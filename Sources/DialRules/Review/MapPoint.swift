/// A shot drawn on the map: a fixture, a line of `--shots`, or a finding's witness.
package struct MapPoint: Sendable {
  /// What the point is, and so its mark: a circle, a diamond, a square.
  package enum Kind: String, Sendable {
    case fixture, shot, witness
  }

  package var kind: Kind
  /// `Fixtures/shots/sour-fast.json`, `shots.jsonl:12`, `A001`.
  package var name: String
  /// What the evaluator decided for it, in words.
  var decision: String
  /// A link (for witnesses: their finding).
  var link: String?
  /// Where it falls (only placed points are drawn).
  package var situation: Int
  package var slice: Int
  package var x: ExactNumber?
  package var y: ExactNumber?

  package init(
    kind: Kind, name: String, decision: String, link: String? = nil, situation: Int, slice: Int, x: ExactNumber?,
    y: ExactNumber?
  ) {
    self.kind = kind
    self.name = name
    self.decision = decision
    self.link = link
    self.situation = situation
    self.slice = slice
    self.x = x
    self.y = y
  }
}

/// Draws points on one chart. Points at the same spot are one mark with a count; a point beyond
/// the drawn range sits on the edge with an arrow pointing the way it lies.
package struct PointMarks: Sendable {
  let xs: DecisionMap.Scale
  let ys: DecisionMap.Scale

  init(xs: DecisionMap.Scale, ys: DecisionMap.Scale) {
    self.xs = xs
    self.ys = ys
  }

  /// Which side of the drawn range a value lies beyond: -1 below, 1 above, 0 inside.
  package static func side(_ value: ExactNumber?, _ low: ExactNumber?, _ high: ExactNumber?) -> Int {
    guard let value else { return 0 }
    if let low, value < low { return -1 }
    if let high, high < value { return 1 }
    return 0
  }

  /// The marks of `points`, grouped by kind and pixel, each focusable and named in words.
  func svg(_ points: [MapPoint]) -> String {
    // Group by kind and pixel, in first-seen order.
    var groups: [(key: String, points: [MapPoint], px: Double, py: Double, sx: Int, sy: Int)] = []
    var index: [String: Int] = [:]
    for p in points {
      let px = xs.pointPixel(p.x)
      let py = ys.pointPixel(p.y)
      let sx = Self.side(p.x, xs.low, xs.high)
      let sy = Self.side(p.y, ys.low, ys.high)
      let key = "\(p.kind.rawValue) \(HTMLText.number(px)) \(HTMLText.number(py)) \(p.kind == .witness ? p.name : "")"
      if let g = index[key] {
        groups[g].points.append(p)
      } else {
        index[key] = groups.count
        groups.append((key, [p], px, py, sx, sy))
      }
    }
    var out = ""
    for g in groups {
      let first = g.points[0]
      let names = g.points.prefix(8).map { "\($0.name): \($0.decision)" }
      let more = g.points.count > 8 ? "; and \(g.points.count - 8) more" : ""
      let beyond = g.sx != 0 || g.sy != 0 ? " (beyond the drawn range, shown at its edge)" : ""
      let label =
        "\(first.kind.rawValue)\(g.points.count > 1 ? "s" : "") \(names.joined(separator: "; "))\(more)\(beyond)"
      var mark =
        "<g class=\"point p-\(first.kind.rawValue)\(beyond.isEmpty ? "" : " clamped")\" tabindex=\"0\" role=\"img\" data-point=\"\(first.kind.rawValue)\" data-count=\"\(g.points.count)\" aria-label=\"\(HTMLText.escape(label))\"><title>\(HTMLText.escape(label))</title>"
      let x = HTMLText.number(g.px)
      let y = HTMLText.number(g.py)
      switch first.kind {
      case .fixture:
        mark += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"4.5\"/>"
      case .shot:
        mark += "<path d=\"M\(x) \(HTMLText.number(g.py - 5)) l5 5 l-5 5 l-5 -5 z\"/>"
      case .witness:
        mark +=
          "<rect x=\"\(HTMLText.number(g.px - 4.5))\" y=\"\(HTMLText.number(g.py - 4.5))\" width=\"9\" height=\"9\"/>"
        mark +=
          "<text class=\"point-label\" x=\"\(HTMLText.number(g.px + 7))\" y=\"\(HTMLText.number(g.py - 6))\">\(HTMLText.escape(first.name))</text>"
      }
      if g.points.count > 1 {
        mark +=
          "<text class=\"point-count\" x=\"\(HTMLText.number(g.px + 7))\" y=\"\(HTMLText.number(g.py + 12))\">×\(g.points.count)</text>"
      }
      if g.sx != 0 || g.sy != 0 { mark += arrow(g.px, g.py, g.sx, g.sy) }
      mark += "</g>\n"
      if let link = first.link, first.kind == .witness {
        mark = "<a href=\"\(HTMLText.escape(link))\">" + mark + "</a>\n"
      }
      out += mark
    }
    return out
  }

  /// A small triangle just outside the point, pointing beyond the drawn range.
  func arrow(_ px: Double, _ py: Double, _ sx: Int, _ sy: Int) -> String {
    let dx = Double(sx)
    let dy = Double(-sy)  // screen y grows downwards
    let length = (dx * dx + dy * dy).squareRoot()
    let ux = dx / length
    let uy = dy / length
    let tipX = px + ux * 13
    let tipY = py + uy * 13
    let baseX = px + ux * 7
    let baseY = py + uy * 7
    let n = (-uy * 4, ux * 4)
    return
      "<path class=\"beyond\" d=\"M\(HTMLText.number(tipX)) \(HTMLText.number(tipY)) L\(HTMLText.number(baseX + n.0)) \(HTMLText.number(baseY + n.1)) L\(HTMLText.number(baseX - n.0)) \(HTMLText.number(baseY - n.1)) Z\"/>"
  }
}

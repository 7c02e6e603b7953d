import CommandLineSupport
import DialRules
import ShotLog

/// One machine curve of a shot: samples over time, as plain arrays (the log stores them per
/// attempt as `ImportedCurve`; anything that has times and values can be drawn).
struct MachineCurve: Sendable {
  /// `weight`, `pressure`, `flow`, `temperature`.
  var name: String
  /// `g`, `bar`, `ml/s`, `°C`.
  var unit: String
  /// Seconds since the shot started, ascending.
  var times: [Double]
  var values: [Double]
}

extension MachineCurve {
  /// A stored curve for drawing: seconds and the unit's values (plotting is the one place the
  /// exact fixed-point samples become floating point).
  init(_ curve: ImportedCurve) {
    self.init(
      name: curve.kind.rawValue.replacing("_", with: " "), unit: curve.kind.unit,
      times: curve.times.map { Double($0) / 1000 }, values: curve.values.map { Double($0) / 100 })
  }
}

/// Draws a shot's machine curves as small multiples over a shared time axis: one panel per curve,
/// each with its own value range, each downsampled to at most `maxPoints` points
/// (`Downsampling`). Samples that are not finite, or that go back in time, are left out rather
/// than drawn wrong.
///
/// 360 units across, shown at about that size (a phone's width, or a column of the shot list), so
/// its labels render at least 11 px tall; named for a screen reader by a sentence with each
/// curve's range (`words`).
struct CurveChart {
  static let width = 360.0
  static let panelHeight = 74.0
  static let left = 48.0
  static let right = 8.0
  static let gap = 18.0
  /// Most points drawn per curve.
  static let maxPoints = 160

  /// The chart of `curves`, or nil when none has two usable samples.
  func svg(_ curves: [MachineCurve], title: String) -> String? {
    let usable = curves.compactMap(Self.cleaned).filter { $0.times.count >= 2 }
    guard !usable.isEmpty else { return nil }
    let end = usable.map { $0.times.last ?? 0 }.max() ?? 1
    let start = min(0, usable.map { $0.times.first ?? 0 }.min() ?? 0)
    let span = max(end - start, 1e-9)
    let height = Double(usable.count) * (Self.panelHeight + Self.gap) + 28
    let words = Self.words(usable, title: title, end: end)
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"curves\" viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(words))\">"
    out += "<title>\(HTMLText.escape(words))</title>"
    let plotWidth = Self.width - Self.left - Self.right
    func px(_ t: Double) -> Double { Self.left + (t - start) / span * plotWidth }
    for (k, curve) in usable.enumerated() {
      let top = Double(k) * (Self.panelHeight + Self.gap) + 4
      let bottom = top + Self.panelHeight
      let low = min(0, curve.values.min() ?? 0)
      let high = max(low + 1e-9, curve.values.max() ?? 1)
      func py(_ v: Double) -> Double { bottom - (v - low) / (high - low) * Self.panelHeight }
      out += "<g class=\"curve c-\(HTMLText.slug(curve.name))\" data-curve=\"\(HTMLText.escape(curve.name))\">"
      out +=
        "<rect class=\"panel\" x=\"\(HTMLText.number(Self.left))\" y=\"\(HTMLText.number(top))\" width=\"\(HTMLText.number(plotWidth))\" height=\"\(HTMLText.number(Self.panelHeight))\"/>"
      out +=
        "<text class=\"curve-name\" x=\"\(HTMLText.number(Self.left + 4))\" y=\"\(HTMLText.number(top + 14))\">\(HTMLText.escape(curve.name)) (\(HTMLText.escape(curve.unit)))</text>"
      for (value, y) in [(high, top), (low, bottom)] {
        out +=
          "<text class=\"tick-label\" x=\"\(HTMLText.number(Self.left - 4))\" y=\"\(HTMLText.number(y + 4))\" text-anchor=\"end\">\(HTMLText.escape(Self.label(value)))</text>"
      }
      let keep = Downsampling.largestTriangleThreeBuckets(x: curve.times, y: curve.values, count: Self.maxPoints)
      var d = ""
      for (n, i) in keep.enumerated() {
        d += (n == 0 ? "M" : " L") + HTMLText.number(px(curve.times[i])) + " " + HTMLText.number(py(curve.values[i]))
      }
      out += "<path class=\"line\" data-points=\"\(keep.count)\" d=\"\(d)\"/></g>"
    }
    let axisY = Double(usable.count) * (Self.panelHeight + Self.gap) + 2
    for t in Self.ticks(start, end) {
      out +=
        "<text class=\"tick-label\" x=\"\(HTMLText.number(px(t)))\" y=\"\(HTMLText.number(axisY + 14))\" text-anchor=\"middle\">\(Self.label(t)) s</text>"
    }
    out += "</svg>"
    return out
  }

  /// The chart in words: `Machine curves of shot #5, 0 to 32 s: weight 0 to 36.2 g; pressure
  /// 0 to 9.1 bar, highest at 8 s.`
  static func words(_ curves: [MachineCurve], title: String, end: Double) -> String {
    let each = curves.map { c -> String in
      let low = c.values.min() ?? 0
      let high = c.values.max() ?? 0
      var text = "\(c.name) \(label(low)) to \(label(high)) \(c.unit)"
      if let peak = c.values.indices.max(by: { c.values[$0] < c.values[$1] }), peak != c.values.count - 1 {
        text += ", highest at \(label(c.times[peak])) s"
      }
      return text
    }
    return "\(title), 0 to \(label(end)) s: " + each.joined(separator: "; ") + "."
  }

  /// The curve without samples that are not finite or go back in time (and with as many values
  /// as times); nil when nothing is left.
  static func cleaned(_ curve: MachineCurve) -> MachineCurve? {
    var out = MachineCurve(name: curve.name, unit: curve.unit, times: [], values: [])
    var last = -Double.infinity
    for (t, v) in zip(curve.times, curve.values) where t.isFinite && v.isFinite && t >= last {
      out.times.append(t)
      out.values.append(v)
      last = t
    }
    return out.times.isEmpty ? nil : out
  }

  /// Whole seconds at a round step, about six of them.
  static func ticks(_ start: Double, _ end: Double) -> [Double] {
    let raw = (end - start) / 6
    let step = [1.0, 2, 5, 10, 15, 20, 30, 60].first { $0 >= raw } ?? 60
    var out: [Double] = []
    var t = (start / step).rounded(.up) * step
    while t <= end + 1e-9 && out.count < 20 {
      out.append(t)
      t += step
    }
    return out
  }

  /// A value with at most one decimal.
  static func label(_ value: Double) -> String { HTMLText.number(value) }
}

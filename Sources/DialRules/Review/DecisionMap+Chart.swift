extension DecisionMap {
  /// A plotted axis's drawn range mapped onto pixels (display only: placement and bounds are
  /// decided exactly before anything is converted).
  package struct Scale: Sendable {
    package let low: ExactNumber?
    package let high: ExactNumber?
    package let from: Double
    package let to: Double

    init(axis: PlotAxis?, from: Double, to: Double) {
      low = axis?.low
      high = axis?.high
      self.from = from
      self.to = to
    }

    /// The pixel of `value`, clamped to the drawn range.
    package func pixel(_ value: ExactNumber) -> Double {
      guard let low, let high else { return (from + to) / 2 }
      let lo = low.plotValue
      let hi = high.plotValue
      guard hi > lo else { return (from + to) / 2 }
      let v = min(hi, max(lo, value.plotValue))
      return from + (v - lo) / (hi - lo) * (to - from)
    }

    /// The pixel of a bound, or `fallback` when the bound is unbounded or beyond the range.
    func pixel(_ bound: ExactNumber?, else fallback: Double) -> Double {
      guard let bound else { return fallback }
      return pixel(bound)
    }

    /// Where a point with `value` on this axis is drawn: its pixel, clamped to the drawn range, or
    /// the middle of the axis for a point without a value on it.
    package func pointPixel(_ value: ExactNumber?) -> Double { pixel(value, else: (from + to) / 2) }
  }

  /// One tick of a chart's axis: its value, its label (rounded for reading, `TickText`), whether
  /// it is a breakpoint (strong) or only the range's end or zero, and for the x axis its row of
  /// labels (a label too close to the one before drops to the second row).
  package struct Tick: Hashable, Sendable {
    package var value: ExactNumber
    package var text: String
    package var strong: Bool
    package var row: Int
  }

  /// Where everything of one chart goes, for its drawer (`DecisionMapChart`, the HTML reports'
  /// and the playground's) and the playground's mark of its shot (`Playground.place`): the plot's frame, the ticks with their
  /// rounded labels, and the y axis's title in one or two lines, with the left margin wide enough
  /// for the widest tick label and the title beside it.
  package struct ChartLayout: Sendable {
    package static let width = 400.0
    package static let height = 318.0
    static let right = 12.0
    package static let top = 10.0
    static let bottom = 70.0
    /// The narrowest left margin (room for `-3 s` and a one-line title).
    static let minimumLeft = 58.0
    /// Estimated widths of 13 px text, generous so that labels never meet: a character of a tick
    /// label, and of a (semibold) title.
    static let tickCharWidth = 7.6
    static let titleCharWidth = 7.8
    /// The baseline of the y title's first line, and the distance to its second.
    package static let yTitleX = 14.0
    package static let yTitleLineGap = 15.0

    package let left: Double
    package var plotWidth: Double { Self.width - left - Self.right }
    package var plotHeight: Double { Self.height - Self.top - Self.bottom }
    package let xs: Scale
    package let ys: Scale
    package let xTicks: [Tick]
    package let yTicks: [Tick]
    /// The y axis's title (`DecisionMap.title`), split in two lines when one is taller than the plot.
    package let yTitle: [String]

    package init(map: DecisionMap) {
      let plotHeight = Self.height - Self.top - Self.bottom
      var yTitle: [String] = []
      var yTicks: [Tick] = []
      let provisional = Scale(axis: map.y, from: Self.top + plotHeight, to: Self.top)
      if let y = map.y {
        yTitle = Self.lines(DecisionMap.title(y), room: plotHeight)
        yTicks = Self.ticks(y, scale: provisional)
      }
      let widest = yTicks.map { Double($0.text.count) * Self.tickCharWidth }.max() ?? 0
      // Tick labels end 7 px left of the frame; the title's last line (its descent 4 px right of
      // its baseline) keeps 5 px clear of the widest label.
      let titleRight = yTitle.isEmpty ? 0 : Self.yTitleX + Double(yTitle.count - 1) * Self.yTitleLineGap + 4
      let left = max(Self.minimumLeft, (titleRight + 5 + widest + 7).rounded(.up))
      self.left = left
      self.yTitle = yTitle
      self.yTicks = yTicks
      xs = Scale(axis: map.x, from: left, to: Self.width - Self.right)
      ys = provisional
      var xTicks: [Tick] = []
      if let x = map.x {
        // Labels closer than a label's width drop to a second row, so `-4 s` and `-3 s` both read.
        var lastOnRow = [-Double.infinity, -Double.infinity]
        for var tick in Self.ticks(x, scale: xs) {
          let p = xs.pixel(tick.value)
          tick.row = p - lastOnRow[0] >= 40 ? 0 : 1
          lastOnRow[tick.row] = p
          xTicks.append(tick)
        }
      }
      self.xTicks = xTicks
    }

    /// `text` in one line, or in two split at the space nearest its middle when it is wider than
    /// `room`.
    static func lines(_ text: String, room: Double) -> [String] {
      guard Double(text.count) * titleCharWidth > room else { return [text] }
      let characters = Array(text)
      let middle = characters.count / 2
      var best: Int?
      for (i, c) in characters.enumerated() where c == " " {
        if best.map({ abs($0 - middle) > abs(i - middle) }) ?? true { best = i }
      }
      guard let cut = best else { return [text] }
      return [String(characters[..<cut]), String(characters[(cut + 1)...])]
    }

    /// The values that get a tick: the breakpoints (strong), the range's ends and zero; a weak tick
    /// too close to another is dropped. Labels as `TickText.labels` writes them.
    static func ticks(_ axis: PlotAxis, scale: Scale) -> [Tick] {
      var out: [(ExactNumber, Bool)] = axis.breakpoints.filter { axis.low < $0 && $0 < axis.high }.map { ($0, true) }
      for weak in [axis.low, axis.high, ExactNumber.zero] where !(weak < axis.low) && !(axis.high < weak) {
        let p = scale.pixel(weak)
        if out.allSatisfy({ abs(scale.pixel($0.0) - p) >= 26 }) { out.append((weak, false)) }
      }
      out.sort { $0.0 < $1.0 }
      let texts = TickText.labels(out.map { $0.0 }, on: axis)
      return out.indices.map { Tick(value: out[$0].0, text: texts[$0], strong: out[$0].1, row: 0) }
    }
  }
}

/// Tick labels rounded for reading, by the axis's unit: grams to 0.1 g, seconds and degrees to
/// 0.5, a ratio (`shot.ratio`, `recipe.ratio`) as `1:2.0`, other numbers to 0.01. Labels that
/// would read alike for different values get more digits (up to three more), then the exact
/// value. The exact bounds stay in the regions' words (`boundsText`); only the ticks round.
enum TickText {
  /// The label of each of `values` on `axis`.
  static func labels(_ values: [ExactNumber], on axis: DecisionMap.PlotAxis) -> [String] {
    let ratio = axis.expression == "shot.ratio" || axis.expression == "recipe.ratio"
    // A step is `units` of 10^-digits.
    var (units, digits): (Int128, Int) =
      switch axis.unit {
      case "g": (1, 1)
      case "s", "C": (5, 1)
      default: ratio ? (1, 1) : (1, 2)
      }
    for _ in 0..<4 {
      let texts = values.compactMap { label($0, units: units, digits: digits, unit: axis.unit, ratio: ratio) }
      if texts.count == values.count, distinct(values, texts) { return texts }
      (units, digits) = (1, digits + 1)
    }
    return values.map {
      ratio ? "1:" + $0.exactText : (axis.unit.isEmpty ? $0.exactText : "\($0.exactText) \(axis.unit)")
    }
  }

  /// Whether equal texts only stand for equal values.
  static func distinct(_ values: [ExactNumber], _ texts: [String]) -> Bool {
    for i in values.indices {
      for j in values.indices where j > i && texts[i] == texts[j] && values[i] != values[j] { return false }
    }
    return true
  }

  /// `value` rounded to a multiple of `units` × 10^-`digits` (half away from zero): `-8.5 g`,
  /// `3 s`, `1:2.0`; nil when the arithmetic would overflow.
  static func label(_ value: ExactNumber, units: Int128, digits: Int, unit: String, ratio: Bool) -> String? {
    var scale: Int128 = 1
    for _ in 0..<digits { scale *= 10 }
    // Signed 128-bit arithmetic only (the WebAssembly runtime has no unsigned 128-bit shifts);
    // ExactNumber's parts are far from Int128's ends.
    let n = value.numerator < 0 ? 0 - value.numerator : value.numerator
    let d = value.denominator < 0 ? 0 - value.denominator : value.denominator
    let (scaled, o1) = n.multipliedReportingOverflow(by: scale)
    let (den, o2) = d.multipliedReportingOverflow(by: units)
    guard !o1, !o2, den > 0 else { return nil }
    let (twice, o3) = scaled.multipliedReportingOverflow(by: 2)
    guard !o3 else { return nil }
    let steps = (twice + den) / (2 * den)
    let (m, o4) = steps.multipliedReportingOverflow(by: units)
    guard !o4 else { return nil }
    let negative = (value.numerator < 0) != (value.denominator < 0) && m != 0
    let whole = m / scale
    var fraction = String(m % scale)
    while fraction.count < digits { fraction = "0" + fraction }
    if !ratio {
      while fraction.hasSuffix("0") { fraction.removeLast() }
    } else {
      while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
    }
    let number = (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    if ratio { return "1:" + number }
    return unit.isEmpty ? number : "\(number) \(unit)"
  }
}

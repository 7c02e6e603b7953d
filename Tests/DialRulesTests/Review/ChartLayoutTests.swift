import DialRulesTestSupport
import Testing

@testable import DialRules

/// The charts' layout (`DecisionMap.ChartLayout`), shared by the HTML report and the playground:
/// tick labels rounded for reading by the axis's unit, and a left margin that keeps the y title
/// clear of the widest tick label.
@Suite struct ChartLayoutTests {
  static func axis(unit: String, expression: String = "x", breakpoints: [ExactNumber]) -> DecisionMap.PlotAxis {
    DecisionMap.PlotAxis(
      index: 0, label: expression, expression: expression, unit: unit, words: expression, lowWord: nil,
      highWord: nil, breakpoints: breakpoints, low: breakpoints.first ?? .zero, high: breakpoints.last ?? .zero,
      domain: IntervalSet.all)
  }

  static func n(_ text: String) -> ExactNumber { (try? ExactNumber.parse(text).get()) ?? .zero }

  @Test func ticksRoundByUnit() {
    let seventhSixths = ExactNumber(numerator: 7, denominator: 6)
    let grams = Self.axis(unit: "g", breakpoints: [Self.n("-8.5"), Self.n("-1.333333333"), .zero, seventhSixths])
    #expect(TickText.labels(grams.breakpoints, on: grams) == ["-8.5 g", "-1.3 g", "0 g", "1.2 g"])
    let seconds = Self.axis(unit: "s", breakpoints: [Self.n("-18"), Self.n("-3.2"), Self.n("2.75"), Self.n("8")])
    #expect(TickText.labels(seconds.breakpoints, on: seconds) == ["-18 s", "-3 s", "3 s", "8 s"])
    let ratio = Self.axis(
      unit: "", expression: "shot.ratio", breakpoints: [ExactNumber(numerator: 20, denominator: 9), ExactNumber(2)])
    #expect(TickText.labels(ratio.breakpoints, on: ratio) == ["1:2.2", "1:2.0"])
    // Values that would read alike get another digit.
    let close = Self.axis(unit: "g", breakpoints: [Self.n("1.21"), Self.n("1.24")])
    #expect(TickText.labels(close.breakpoints, on: close) == ["1.21 g", "1.24 g"])
    // Rounding to zero never shows a sign.
    #expect(TickText.labels([Self.n("-0.04")], on: grams) == ["0 g"])
  }

  @Test func theYTitleKeepsClearOfTheTickLabels() throws {
    let rules = try DecisionMapTests.shippedRules()
    let map = DecisionMap(tables: [rules])
    let layout = DecisionMap.ChartLayout(map: map)
    let y = try #require(map.y)
    #expect(!layout.yTicks.isEmpty)
    for tick in layout.yTicks + layout.xTicks {
      // At most a few decimals.
      let number = tick.text.split(separator: " ").first.map(String.init) ?? tick.text
      let decimals = number.split(separator: ".").dropFirst().first?.count ?? 0
      #expect(decimals <= 2, "\(tick.text)")
    }
    let widest = layout.yTicks.map { Double($0.text.count) * DecisionMap.ChartLayout.tickCharWidth }.max() ?? 0
    let titleRight =
      DecisionMap.ChartLayout.yTitleX + Double(layout.yTitle.count - 1) * DecisionMap.ChartLayout.yTitleLineGap + 4
    #expect(titleRight + widest + 7 <= layout.left, "\(layout.left) \(layout.yTicks.map(\.text))")
    // A title taller than the plot is in two lines.
    let title = DecisionMap.title(y)
    if Double(title.count) * DecisionMap.ChartLayout.titleCharWidth > layout.plotHeight {
      #expect(layout.yTitle.count == 2)
      #expect(layout.yTitle.joined(separator: " ") == title)
    }
  }
}

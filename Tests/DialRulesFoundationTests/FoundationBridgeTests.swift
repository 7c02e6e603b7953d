import DialRules
import DialRulesFoundation
import Foundation
import ShotLog
import Testing

/// The Foundation bridge (issue 21 item 5), on this platform's Foundation.
@Suite struct FoundationBridgeTests {
  static let german = Locale(identifier: "de_DE")
  static let spanish = Locale(identifier: "es_ES")
  static let english = Locale(identifier: "en_US")

  @Test func decimalsConvertExactlyBothWays() throws {
    let n = try #require(ExactNumber("36.123456789"))
    #expect(n.decimal == Decimal(string: "36.123456789"))
    #expect(ExactNumber(n.decimal) == n)
    #expect(ExactNumber(Decimal(string: "-0.5")!) == ExactNumber("-0.5"))
    // Beyond the limits: nil, never a rounded number.
    #expect(ExactNumber(Decimal(string: "0.0000000001")!) == nil)
    #expect(ExactNumber(Decimal.nan) == nil)
    // A fraction without a decimal form rounds only when it must.
    let ratio = ExactNumber(38).divided(by: 18)!
    #expect((ratio.decimal - Decimal(string: "2.111111111")!).magnitude < Decimal(string: "0.000000001")!)
  }

  @Test func measurementsConvertToAmounts() throws {
    #expect(Amount(Measurement(value: 18.5, unit: UnitMass.grams)) == Amount(ExactNumber("18.5")!, .grams))
    #expect(Amount(Measurement(value: 1, unit: UnitMass.kilograms)) == Amount(1000, .grams))
    #expect(Amount(Measurement(value: 0.5, unit: UnitDuration.minutes)) == Amount(30, .seconds))
    #expect(Amount(Measurement(value: 93, unit: UnitTemperature.celsius)) == Amount(93, .celsius))
    #expect(Amount(Measurement(value: .infinity, unit: UnitMass.grams)) == nil)
    let back = try #require(Amount(36, .grams).measurement)
    #expect(back.unit == UnitMass.grams && back.value == 36)
    #expect(Amount(2, .steps).measurement == nil)
    #expect(abs(Measurement(grams: 36).converted(to: .kilograms).value - 0.036) < 1e-12)
    #expect(Measurement(seconds: 90).converted(to: .minutes).value == 1.5)
    #expect(Measurement(celsius: 100).converted(to: .fahrenheit).value.rounded() == 212)
  }

  @Test func parsingFollowsTheLocale() throws {
    #expect(ExactNumber("18,5", locale: Self.german) == ExactNumber("18.5"))
    #expect(ExactNumber(" 18,5 ", locale: Self.spanish) == ExactNumber("18.5"))
    #expect(ExactNumber("18.5", locale: Self.english) == ExactNumber("18.5"))
    // The other separator is ambiguous (a grouping separator there): refused, never 185.
    #expect(ExactNumber("18.5", locale: Self.german) == nil)
    #expect(ExactNumber("18,5", locale: Self.english) == nil)
    #expect(try Quantity.dose.parse("18,5", locale: Self.german) == ExactNumber("18.5"))
    #expect(throws: ShotLogError.self) { try Quantity.dose.parse("18.5", locale: Self.german) }
  }

  @Test func formatStylesUseTheLocalesNumbers() {
    let n = ExactNumber("18.5")!
    #expect(n.formatted(.exactNumber.locale(Self.german)) == "18,5")
    #expect(n.formatted(.exactNumber.locale(Self.english)) == "18.5")
    #expect(ExactNumber(1234).formatted(.exactNumber.locale(Self.german)) == "1234")
    #expect(ExactNumber(38).divided(by: 18)!.formatted(.exactNumber.locale(Self.spanish).fractionDigits(2)) == "2,11")
    #expect(Amount(n, .grams).formatted(.amount.locale(Self.german)) == "18,5 g")
    #expect(Amount(36, .grams).formatted(.amount(width: .wide).locale(Self.english)) == "36 grams")
    #expect(Amount(1, .seconds).formatted(.amount(width: .wide).locale(Self.spanish)) == "1 segundo")
    #expect(Amount(ExactNumber("92.5")!, .celsius).formatted(.amount.locale(Self.spanish)) == "92,5 °C")
  }

  /// A file URL whose path has a space and a percent sign opens the log at that path.
  @Test func theStoreOpensAFileURL() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "dialrules bridge \(UUID().uuidString) 100%")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(path: "my shots.sqlite")
    #expect(url.path().contains("%20"))  // what `path()` gives, and what failed before
    let log = try ShotLogStore.open(at: url)
    try log.profiles.addBean(name: "Guji")
    #expect(FileManager.default.fileExists(atPath: url.path(percentEncoded: false)))
    #expect(log.fileURL?.standardizedFileURL == url.standardizedFileURL)
    let again = try ShotLogStore.open(at: url, access: .readOnly)
    #expect(try again.profiles.beans().map(\.name) == ["Guji"])
    #expect(throws: ShotLogError.self) { try ShotLogStore.open(at: URL(string: "https://example.com/shots.sqlite")!) }
    #expect(try ShotLogStore.openInMemory().fileURL == nil)
    let file = folder.appending(path: "shot one.json")
    try Data("{}".utf8).write(to: file)
    #expect(try ShotImportFile(contentsOf: file).name == "shot one.json")
  }

  /// Spans in UTF-16, for editors: `é` is 2 bytes and 1 unit, `☕️` 6 bytes and 2 units, `𝄞` 4 bytes and
  /// 2 units.
  @Test func spansHaveUTF16Ranges() {
    let text = "é ☕️ 𝄞 sourr"
    let file = SourceFile(path: "x", text: text)
    let start = Array(text.utf8).count - 5
    let span = SourceSpan(start: start, end: start + 5)
    let range = file.utf16Range(of: span)
    #expect(range == (text.utf16.count - 5)..<text.utf16.count)
    #expect((text as NSString).substring(with: file.nsRange(of: span)) == "sourr")
    #expect(file.span(utf16Range: range) == span)
    // An offset between the halves of a surrogate pair moves to the character's start.
    let clef = text.utf16.count - 8
    #expect(file.span(utf16Range: (clef + 1)..<(clef + 1)).start == Array("é ☕️ ".utf8).count)
  }
}

import DialRules

/// One shot as another app recorded it, in plain values and neutral terms: what every reader
/// produces and what the shot log imports (docs/importing.md has the mapping per format).
///
/// Every value is optional: nil means the source did not record it (or recorded the app's "none",
/// such as Decent's dose `0`). Numbers are exact decimals read from the file's text, never through
/// binary floating point; a value written with more than nine decimals (a float printed in full,
/// `40.199999999999996`) is rounded to nine. Notes are kept verbatim. Nothing here is a taste
/// verdict: taste is only ever derived from the notes on request (`TasteFromNotes`).
public struct ImportedShot: Hashable, Sendable {
  /// Where the shot came from: app, file and the app's own id for it.
  public var source: ImportSource
  /// When the shot was pulled, when the source says.
  public var pulledAt: Timestamp?
  /// The coffee, when the source names one.
  public var bean: ImportedBean?
  /// The grinder's name (`Niche Zero`), when the source names one.
  public var grinderName: String?
  /// The grinder setting exactly as written (`18.00`, `.9 / sp=5`).
  public var grind: String?
  /// The dose of ground coffee, in grams.
  public var doseG: ExactNumber?
  /// The beverage's weight, in grams.
  public var yieldG: ExactNumber?
  /// The shot time, in seconds.
  public var timeS: ExactNumber?
  /// Seconds to the first drop (or, for machines that log weight, to the first gram in the cup).
  public var firstDropS: ExactNumber?
  /// The brew temperature that was set, in °C.
  public var temperatureC: ExactNumber?
  /// The weight the shot was meant to stop at (the machine's or profile's target), in grams.
  public var targetYieldG: ExactNumber?
  /// The app's rating, with its scale.
  public var rating: ImportedRating?
  /// The barista's notes, verbatim.
  public var notes: String?
  /// The machine profile's name (`D-Flow / daily`).
  public var profile: String?
  /// Samples the machine or scale logged during the shot.
  public var curves: [ImportedCurve]
  /// What was read but not carried over, or read with a caveat, in words
  /// (`roast date '11.09.2021' is ambiguous (day and month); kept in the bean's notes`).
  public var notices: [String]

  /// A shot with only its source known.
  init(source: ImportSource) {
    self.source = source
    self.curves = []
    self.notices = []
  }
}

/// The app, file and id of an imported shot.
public struct ImportSource: Hashable, Sendable {
  /// The format it was read from.
  public var format: ImportFormat
  /// The file name, as given (without directories).
  public var file: String
  /// The zip entry it was read from, for archives.
  public var entry: String?
  /// The source's own id of the shot: what makes re-importing the same file add nothing
  /// (a Beanconqueror brew's uuid, a Decent shot's `clock`, a Meticulous shot's id).
  public var id: String

  /// A source.
  init(format: ImportFormat, file: String, entry: String? = nil, id: String) {
    self.format = format
    self.file = file
    self.entry = entry
    self.id = id
  }

  /// The app whose ids `id` is unique among: Decent's `.shot` and v2 JSON share one (the same shot
  /// saved both ways has one `clock`), as do Beanconqueror's backup and upload form (a brew's
  /// uuid); every other format has its own.
  public var idSpace: String {
    switch format {
    case .decentShot, .decentJSON: "decent"
    case .beanconquerorBackup, .beanconquerorShot: "beanconqueror"
    default: format.rawValue
    }
  }
}

/// A coffee as another app describes it.
public struct ImportedBean: Hashable, Sendable {
  /// The coffee's name (`The Reservoir`).
  public var name: String
  /// Who roasted it (`Bellwood`).
  public var roaster: String?
  /// The roast date, when the text gives one unambiguously.
  public var roastDate: CalendarDate?
  /// The roast date exactly as written, when there was one (`11.09.2021`).
  public var roastDateText: String?
  /// The roast level as written (`Medium`).
  public var roastLevel: String?
  /// The app's notes about the coffee, verbatim.
  public var notes: String?
  /// The source's own id of the coffee, when it has one (Beanconqueror's bean uuid).
  public var sourceID: String?

  /// A bean with a name.
  init(name: String) { self.name = name }
}

/// A rating on the source app's own scale: `value` out of `scale` (Decent's enjoyment is 0–100,
/// Beanconqueror's rating 0–5 by default). A source's "unrated" (0 in both) is no rating at all.
public struct ImportedRating: Hashable, Sendable {
  /// The rating, exactly.
  public var value: ExactNumber
  /// The best possible rating on the source's scale.
  public var scale: ExactNumber

  /// A rating.
  package init(value: ExactNumber, scale: ExactNumber) {
    self.value = value
    self.scale = scale
  }

  /// The rating on the shot log's scale: 0–5 in half steps, rounded to the nearest half (halves
  /// up), e.g. enjoyment 70 of 100 is 3.5.
  public var outOfFive: ExactNumber {
    guard scale > .zero, let ratio = value.multiplied(by: ExactNumber(10))?.divided(by: scale) else { return .zero }
    // ratio is the rating in half steps of 5 (0…10): round to a whole number of half steps.
    let halves = min(10, max(0, Self.roundHalfUp(ratio)))
    return ExactNumber(significand: Int128(halves) * 5, scale: 1) ?? .zero
  }

  private static func roundHalfUp(_ value: ExactNumber) -> Int {
    let twice = value.multiplied(by: ExactNumber(2)) ?? .zero
    let num = twice.numerator + twice.denominator
    let den = 2 * twice.denominator
    return Int(exactly: num >= 0 ? num / den : (num - den + 1) / den) ?? 0
  }
}

/// What the shot JSON reader took from one document, before — and for `eval`, instead of —
/// building a `ShotRecord`: the compact shot the compiled evaluator reads, the few fields no rule
/// reads (grinder, grind, first drop of the previous shot), which objects were present, and where
/// the texts are. No `String` is built for a text until a record is asked for.
struct ShotParts {
  /// Everything a rule can read.
  var compact = CompactShot()
  /// `previous.shot.first_drop_s`, `recipe.grind` (when a number), `grinder.step`, `.min`, `.max`,
  /// each × 10⁹, where `has` says so.
  var previousFirstDrop: Int64 = 0
  var grindValue: Int64 = 0
  var grinderStep: Int64 = 0
  var grinderMin: Int64 = 0
  var grinderMax: Int64 = 0
  /// `previous.shot.flow` as tag bits.
  var previousFlow: UInt32 = 0
  var has: Present = []
  var finer: ShotRecord.FinerDirection?
  /// `id`, `grinder.name` and `recipe.grind` when written as a string.
  var id: TextRef?
  var grinderName: TextRef?
  var grindText: TextRef?

  /// The objects and the fields outside `CompactShot` that were present.
  struct Present: OptionSet {
    var rawValue: UInt16
    static let recipe = Present(rawValue: 1 << 0)
    static let grinder = Present(rawValue: 1 << 1)
    static let shot = Present(rawValue: 1 << 2)
    static let previous = Present(rawValue: 1 << 3)
    static let previousShot = Present(rawValue: 1 << 4)
    static let shotFlow = Present(rawValue: 1 << 5)
    static let previousFlow = Present(rawValue: 1 << 6)
    static let previousFirstDrop = Present(rawValue: 1 << 7)
    static let grindNumber = Present(rawValue: 1 << 8)
    static let grinderStep = Present(rawValue: 1 << 9)
    static let grinderMin = Present(rawValue: 1 << 10)
    static let grinderMax = Present(rawValue: 1 << 11)
  }

  /// Where a string's content is: in the document's bytes when it had no escapes, else in the
  /// reader's buffer of decoded texts.
  struct TextRef {
    var start: Int
    var count: Int
    var decoded: Bool
  }

  /// The record the document describes. `bytes` is the file; `decoded` the reader's buffer.
  func record(bytes: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>) -> ShotRecord {
    func text(_ ref: TextRef) -> String {
      let source = ref.decoded ? decoded : bytes
      return String(decoding: UnsafeBufferPointer(rebasing: source[ref.start..<(ref.start + ref.count)]), as: UTF8.self)
    }
    func number(_ field: NumericField) -> ExactNumber? { compact.scaled(field).map(ExactNumber.init(scaled:)) }
    func number(_ value: Int64, _ flag: Present) -> ExactNumber? {
      has.contains(flag) ? ExactNumber(scaled: value) : nil
    }
    var record = ShotRecord(id: id.map(text))
    if has.contains(.recipe) {
      var grind: GrindSetting?
      if let grindText {
        grind = GrindSetting(text: text(grindText))
      } else if has.contains(.grindNumber) {
        grind = GrindSetting(number: ExactNumber(scaled: grindValue))
      }
      record.recipe = ShotRecord.Recipe(
        doseG: number(.recipeDose), yieldG: number(.recipeYield), timeS: number(.recipeTime),
        temperatureC: number(.recipeTemperature), grind: grind)
    }
    if has.contains(.grinder) {
      record.grinder = ShotRecord.Grinder(
        name: grinderName.map(text), step: number(grinderStep, .grinderStep), min: number(grinderMin, .grinderMin),
        max: number(grinderMax, .grinderMax), finer: finer)
    }
    if has.contains(.shot) {
      record.shot = ShotRecord.Measurements(
        doseG: number(.shotDose), yieldG: number(.shotYield), timeS: number(.shotTime),
        firstDropS: number(.shotFirstDrop),
        taste: compact.present & ObservedPath.shotTaste.bit != 0 ? TagSet(bits: compact.taste) : nil,
        flow: has.contains(.shotFlow) ? TagSet(bits: compact.flow) : nil)
    }
    if has.contains(.previous) {
      var previous = ShotRecord.Previous(adjustment: compact.adjustment.adjustment)
      if has.contains(.previousShot) {
        previous.shot = ShotRecord.Measurements(
          doseG: number(.previousShotDose), yieldG: number(.previousShotYield), timeS: number(.previousShotTime),
          firstDropS: number(previousFirstDrop, .previousFirstDrop),
          taste: compact.present & ObservedPath.previousShotTaste.bit != 0 ? TagSet(bits: compact.previousTaste) : nil,
          flow: has.contains(.previousFlow) ? TagSet(bits: previousFlow) : nil)
      }
      record.previous = previous
    }
    return record
  }
}

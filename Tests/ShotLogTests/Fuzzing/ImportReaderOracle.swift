import DialRules
import ShotLog

/// What must hold for *every* file given to the importers of other apps' formats, checked by the
/// `import-*` fuzz targets (`Tests/Fuzz/run.sh` compiles this file into its binary) and, over the
/// fixtures and every saved crash, by `ImportReaderRegressionTests`. Public API only, but for the
/// line table of `SourceFile` (package), which bounds a refusal's line.
///
/// Properties: reading never traps and gives the same result twice; a refusal names the file and
/// a place inside it; a shot that is read has every value within the shot log's ranges, a
/// non-empty source id of a format that was asked for, a rating within its scale and curves with
/// one value per time and no more than `ImportedCurve.maxSamples` samples.
public enum ImportReaderOracle {
  /// One fuzz target per reader.
  public enum Target: String, CaseIterable, Sendable {
    case zip = "import-zip"
    case tcl = "import-tcl"
    case beanconqueror = "import-beanconqueror"
    case decentJSON = "import-decent-json"
    case visualizer = "import-visualizer"
    case gaggiuino = "import-gaggiuino"
    case meticulous = "import-meticulous"
    case gaggimate = "import-gaggimate"
    case csv = "import-csv"

    /// The formats the target asks the reader for (as `--from` would).
    public var formats: [ImportFormat] {
      switch self {
      case .zip, .beanconqueror: [.beanconquerorBackup, .beanconquerorShot]
      case .tcl: [.decentShot]
      case .decentJSON: [.decentJSON]
      case .visualizer: [.visualizer]
      case .gaggiuino: [.gaggiuino]
      case .meticulous: [.meticulous]
      case .gaggimate: [.gaggimate]
      case .csv: [.sepCSV]
      }
    }

    /// The fixtures (under `Fixtures/imports/`) that seed the target: paths containing one of
    /// these.
    public var seedPatterns: [String] {
      switch self {
      case .zip: [".zip"]
      case .tcl: [".shot"]
      case .beanconqueror: ["beanconqueror"]
      case .decentJSON: ["decent/", "decent-rated-later.json"]
      case .visualizer: ["visualizer", "nul-byte.json", "utf16.json"]
      case .gaggiuino: ["gaggiuino"]
      case .meticulous: ["meticulous"]
      case .gaggimate: ["gaggimate"]
      case .csv: [".csv", "unknown.txt"]
      }
    }

    /// Checks `bytes`.
    public func check(_ bytes: [UInt8]) -> [String] { ImportReaderOracle.check(bytes, formats: formats) }
  }

  /// Checks one input read as one of `formats`.
  public static func check(_ bytes: [UInt8], formats: [ImportFormat]) -> [String] {
    let name = "fuzz-input"
    let first = Result { () throws(ShotImportProblem) in try ImportReader.read(bytes, file: name, formats: formats) }
    let second = Result { () throws(ShotImportProblem) in try ImportReader.read(bytes, file: name, formats: formats) }
    var failures: [String] = []
    if first != second { failures.append("two readings of the same bytes differ") }
    switch first {
    case .failure(let problem):
      if problem.file != name { failures.append("the refusal names '\(problem.file)', not the file") }
      if problem.message.isEmpty { failures.append("a refusal without a message") }
      let lines = SourceFile(path: name, bytes: bytes).lineStarts.count
      if let line = problem.line, line < 1 || line > lines {
        failures.append("the refusal's line \(line) is outside the file's \(lines) lines")
      }
      if let offset = problem.offset, offset < 0 || offset > bytes.count {
        failures.append("the refusal's offset \(offset) is outside the file")
      }
    case .success(let file):
      if !formats.contains(file.format) { failures.append("read as \(file.format), which was not asked for") }
      for shot in file.shots { failures += problems(shot) }
    }
    return failures
  }

  /// What is wrong with a shot a reader gave.
  static func problems(_ shot: ImportedShot) -> [String] {
    var out: [String] = []
    let values: [(ExactNumber?, Quantity, String)] = [
      (shot.doseG, .dose, "dose"), (shot.yieldG, .yield, "yield"), (shot.timeS, .time, "time"),
      (shot.temperatureC, .temperature, "temperature"), (shot.targetYieldG, .yield, "target yield"),
    ]
    for case (let value?, let quantity, let what) in values where !quantity.accepts(value) {
      out.append("\(what) \(value) is out of range")
    }
    if let drop = shot.firstDropS, drop.isNegative || drop > Quantity.firstDrop.maximum {
      out.append("first drop \(drop) is out of range")
    }
    if shot.source.id.isEmpty { out.append("a shot without a source id") }
    if let rating = shot.rating, rating.value <= .zero || rating.value > rating.scale {
      out.append("rating \(rating.value) of \(rating.scale)")
    }
    for curve in shot.curves {
      if curve.times.count != curve.values.count { out.append("a \(curve.kind) curve with unpaired samples") }
      if curve.times.isEmpty || curve.times.count > ImportedCurve.maxSamples {
        out.append("a \(curve.kind) curve of \(curve.times.count) samples")
      }
    }
    return out
  }
}

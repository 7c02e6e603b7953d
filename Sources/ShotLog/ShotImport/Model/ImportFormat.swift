/// A file format the shot log imports from (docs/importing.md has one section per format). New
/// formats may be added in a minor release; `switch` with `@unknown default`.
public enum ImportFormat: String, Hashable, Sendable, CaseIterable {
  /// Beanconqueror's backup: the export `.zip`, its bare `Beanconqueror.json`.
  case beanconquerorBackup = "beanconqueror-backup"
  /// One Beanconqueror brew as the app uploads it to Visualizer (also what Visualizer serves
  /// back in Beanconqueror form).
  case beanconquerorShot = "beanconqueror-shot"
  /// A Decent DE1 app `.shot` file (Tcl list syntax).
  case decentShot = "decent-shot"
  /// A Decent DE1 app `history_v2` JSON file.
  case decentJSON = "decent-json"
  /// A shot downloaded from Visualizer (visualizer.coffee), numbers as strings.
  case visualizer
  /// A Gaggiuino shot.
  case gaggiuino
  /// A Meticulous machine shot (`.shot.json`).
  case meticulous
  /// A GaggiMate shot.
  case gaggimate
  /// A Smart Espresso Profiler (Pressensor) CSV export.
  case sepCSV = "sep-csv"

  /// The app's name as baristas know it.
  public var appName: String {
    switch self {
    case .beanconquerorBackup, .beanconquerorShot: "Beanconqueror"
    case .decentShot, .decentJSON: "Decent"
    case .visualizer: "Visualizer"
    case .gaggiuino: "Gaggiuino"
    case .meticulous: "Meticulous"
    case .gaggimate: "GaggiMate"
    case .sepCSV: "Smart Espresso Profiler"
    }
  }

  /// What the format is, in a few words, for "detected …" lines.
  public var described: String {
    switch self {
    case .beanconquerorBackup: "a Beanconqueror backup"
    case .beanconquerorShot: "a Beanconqueror brew (Visualizer upload form)"
    case .decentShot: "a Decent .shot file"
    case .decentJSON: "a Decent v2 JSON shot"
    case .visualizer: "a Visualizer shot"
    case .gaggiuino: "a Gaggiuino shot"
    case .meticulous: "a Meticulous shot"
    case .gaggimate: "a GaggiMate shot"
    case .sepCSV: "a Smart Espresso Profiler CSV export"
    }
  }

  /// The names `dialshot import --from` takes, each with the formats it stands for.
  public static let sourceNames: [(name: String, formats: [ImportFormat])] = [
    ("beanconqueror", [.beanconquerorBackup, .beanconquerorShot]),
    ("visualizer", [.visualizer]),
    ("decent", [.decentShot, .decentJSON]),
    ("gaggiuino", [.gaggiuino]),
    ("meticulous", [.meticulous]),
    ("gaggimate", [.gaggimate]),
    ("sep", [.sepCSV]),
  ]
}

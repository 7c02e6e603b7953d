import DialRules

/// Reads a file from another app into `ImportedFile`: tells the format from the content (or
/// checks it against the one asked for) and hands the bytes to that format's reader.
///
/// Detection looks only at the content, never at the file name: a zip archive is a Beanconqueror
/// backup; JSON is told apart by its top-level keys (docs/importing.md, "Detection"); text starting
/// `information_type` is a Smart Espresso Profiler CSV export; a Tcl list of Decent's keys is a
/// `.shot`. UTF-16 and UTF-32 text, and anything else, is refused with a message saying what the
/// file looks like.
public enum ImportReader {
  /// Largest file read as text (JSON, CSV, `.shot`): 64 MiB. A real shot file is under 200 KB and
  /// a bare Beanconqueror backup of 20,000 brews about 30 MB.
  public static let maxTextBytes = 64 << 20
  /// Largest zip archive read: its entries are bounded again when inflated (`ZipArchive`).
  public static let maxArchiveBytes = 512 << 20

  /// Reads `bytes`, the content of `file`.
  /// - Parameters:
  ///   - bytes: the file's content.
  ///   - file: the name shown in messages and kept with every shot.
  ///   - formats: the formats allowed (`ImportFormat.sourceNames` for `--from NAME`); nil to tell
  ///     the format from the content.
  /// - Throws: an `ShotImportProblem` naming the file and the place.
  public static func read(_ bytes: [UInt8], file: String, formats: [ImportFormat]? = nil) throws(ShotImportProblem)
    -> ImportedFile
  {
    let detected = formats == nil
    func check(_ format: ImportFormat) throws(ShotImportProblem) {
      guard let formats, !formats.contains(format) else { return }
      throw ShotImportProblem(
        file: file, message: "this is \(format.described), not \(formats[0].described) as --from says")
    }
    guard !bytes.isEmpty else { throw ShotImportProblem(file: file, message: "the file is empty") }
    if ZipArchive.looksLikeZip(bytes) {
      try check(.beanconquerorBackup)
      guard bytes.count <= maxArchiveBytes else { throw tooLarge(file, bytes.count, maxArchiveBytes) }
      return try BeanconquerorReader.archive(bytes, file: file, detected: detected)
    }
    guard bytes.count <= maxTextBytes else { throw tooLarge(file, bytes.count, maxTextBytes) }
    if let encoding = wideEncoding(bytes) {
      throw ShotImportProblem(
        file: file, line: 1, column: 1, message: "the file is \(encoding) text; save it as UTF-8 and import it again")
    }
    let start = ShotJSONReaderBOM.length(bytes)
    var first = start
    while first < bytes.count, TclList.isSpace(bytes[first]) { first += 1 }
    if first < bytes.count, bytes[first] == UInt8(ascii: "{") {
      return try readJSON(bytes, file: file, formats: formats)
    }
    if bytes[first...].starts(with: Array("information_type".utf8)) {
      try check(.sepCSV)
      return try SEPCSVReader.read(bytes, file: file, detected: detected)
    }
    if looksLikeDecentShot(bytes, from: first) {
      try check(.decentShot)
      return try DecentShotReader.read(bytes, file: file, detected: detected)
    }
    if let formats, formats.contains(.decentShot) {
      return try DecentShotReader.read(bytes, file: file, detected: false)
    }
    if let formats, formats.contains(.sepCSV) {
      return try SEPCSVReader.read(bytes, file: file, detected: false)
    }
    let what: String
    if bytes.contains(0) {
      what = "binary data (it holds NUL bytes)"
    } else if first < bytes.count, bytes[first] == UInt8(ascii: "[") {
      what = "a JSON array, not a shot or backup object"
    } else {
      what = "neither a zip archive, JSON, a Smart Espresso Profiler CSV nor a Decent .shot"
    }
    throw ShotImportProblem(
      file: file, line: 1, column: 1,
      message: "the format is not one dialshot imports: the file is \(what); see docs/importing.md for the formats")
  }

  private static func tooLarge(_ file: String, _ size: Int, _ limit: Int) -> ShotImportProblem {
    ShotImportProblem(
      file: file,
      message: "the file is \(size) bytes, more than the \(limit) an import file may have (docs/importing.md)")
  }

  /// `UTF-16` or `UTF-32` when the bytes start with that encoding's byte order mark, or look like
  /// ASCII text in it (every other byte zero).
  static func wideEncoding(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    if bytes.count >= 4,
      (bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0)
        || (bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0)
    {
      return "UTF-16"
    }
    return nil
  }

  /// Whether the text from `start` begins like a `.shot`: a first word Decent writes first
  /// (`clock`, `filename`, `sequence_id`, `espresso_elapsed`), followed by white space.
  static func looksLikeDecentShot(_ bytes: [UInt8], from start: Int) -> Bool {
    for word in ["clock", "filename", "sequence_id", "espresso_elapsed"] {
      let w = Array(word.utf8)
      if bytes[start...].starts(with: w), start + w.count < bytes.count, TclList.isSpace(bytes[start + w.count]) {
        return true
      }
    }
    return false
  }

  /// Reads a JSON file: a Beanconqueror backup's brews are streamed while the document is parsed;
  /// any other format is told from the top-level keys once it is.
  private static func readJSON(_ bytes: [UInt8], file: String, formats: [ImportFormat]?) throws(ShotImportProblem)
    -> ImportedFile
  {
    let detected = formats == nil
    var backup = BeanconquerorReader.Backup(file: file, detected: detected)
    let document = try backup.parse(SourceFile(path: file, bytes: bytes), entry: nil)
    guard document.root.members != nil else {
      throw document.problem(document.root, field: nil, "expected a JSON object, found \(document.root.kind.described)")
    }
    let classified = classify(document.root)
    let format: ImportFormat
    if let formats {
      if let classified, !formats.contains(classified) {
        throw ShotImportProblem(
          file: file, message: "this is \(classified.described), not \(formats[0].described) as --from says")
      }
      format = classified ?? formats[0]
    } else {
      guard let classified else {
        let keys = (document.root.members ?? []).prefix(6).map { "'\($0.key)'" }.joined(separator: ", ")
        throw document.problem(
          document.root, field: nil,
          "the format is not one dialshot imports: a JSON object with the keys \(keys.isEmpty ? "(none)" : keys)…; "
            + "see docs/importing.md for the formats, or name one with --from")
      }
      format = classified
    }
    switch format {
    case .beanconquerorBackup:
      try backup.absorb(document)
      guard BeanconquerorReader.Backup.isBackup(document.root) else {
        throw document.problem(
          document.root, field: nil, "a Beanconqueror backup has 'BREWS' and 'BEANS'; this file has neither")
      }
      return backup.finish()
    case .beanconquerorShot: return try BeanconquerorReader.uploadForm(document, detected: detected)
    case .decentJSON: return try DecentJSONReader.read(document, detected: detected)
    case .visualizer: return try VisualizerReader.read(document, detected: detected)
    case .gaggiuino: return try MachineShotReaders.gaggiuino(document, detected: detected)
    case .meticulous: return try MachineShotReaders.meticulous(document, detected: detected)
    case .gaggimate: return try MachineShotReaders.gaggimate(document, detected: detected)
    case .decentShot, .sepCSV:
      throw ShotImportProblem(file: file, message: "this is JSON, not \(format.described) as --from says")
    }
  }

  /// The format a JSON object's top-level keys say, or nil when they say none.
  static func classify(_ root: JSONNode) -> ImportFormat? {
    func has(_ key: String) -> Bool { root[key] != nil }
    if has("BREWS") || has("BEANS") { return .beanconquerorBackup }
    if has("brew") { return .beanconquerorShot }
    if has("datapoints") { return .gaggiuino }
    if has("samples"), has("duration") || has("volume") { return .gaggimate }
    if root["data"]?.elements != nil, has("profile_name") || has("time") { return .meticulous }
    if has("elapsed"), has("clock") || has("meta") { return .decentJSON }
    if has("timeframe") || has("espresso_enjoyment") || has("profile_title") { return .visualizer }
    return nil
  }
}

/// The UTF-8 byte order mark some editors write before JSON.
enum ShotJSONReaderBOM {
  static func length(_ bytes: [UInt8]) -> Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }
}

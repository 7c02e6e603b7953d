import DialRules

/// Reads a Decent DE1 app `.shot` file (the legacy Tcl format): one shot per file.
///
/// The file is a Tcl list of `key value` pairs; `settings {…}` holds the app's settings at the
/// time of the shot, with the barista's entries (dose, drink weight, grinder, bean, notes,
/// enjoyment), and the sample lists (`espresso_elapsed {…}`, `espresso_weight {…}`, …) hold the
/// curves. The mapping is in docs/importing.md, "Decent".
///
/// The `machine {…}` block holds raw machine state, control bytes included, and is never read.
/// Some apps wrote it with unbalanced braces; when the only thing wrong with a file is such a
/// block at a line of its own, the file is read without it and says so in a notice.
enum DecentShotReader {
  static func read(_ bytes: [UInt8], file: String, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let source = SourceFile(path: file, bytes: bytes)
    func problem(_ p: TclList.Problem, field: String? = nil) -> ShotImportProblem {
      ShotImportProblem(file: file, source: source, span: p.span, field: field, message: p.message)
    }
    var out = ImportedFile(file: file, format: .decentShot, detected: detected)
    let list = TclList(bytes: bytes)
    let top = try topWords(list, bytes: bytes, notices: &out.notices, problem: { problem($0) })
    let values = try pairs(top, list: list, problem: { problem($0) })
    var settings: [String: TclList.Word] = [:]
    if let word = values["settings"] {
      let words: [TclList.Word]
      do {
        words = try list.words(in: word.content)
      } catch {
        throw problem(error, field: "settings")
      }
      settings = try pairs(words, list: list, problem: { problem($0, field: "settings") })
    }

    func text(_ key: String, in map: [String: TclList.Word], prefix: String) throws(ShotImportProblem) -> String? {
      guard let word = map[key] else { return nil }
      do {
        return try list.text(of: word)
      } catch {
        throw problem(error, field: prefix + key)
      }
    }
    func setting(_ key: String) throws(ShotImportProblem) -> String? {
      try text(key, in: settings, prefix: "settings.")
    }
    func topText(_ key: String) throws(ShotImportProblem) -> String? { try text(key, in: values, prefix: "") }

    guard let clockText = try topText("clock"),
      let clock = DecimalText(text: clockText)?.scaled(decimals: 0)
    else {
      throw ShotImportProblem(
        file: file, source: source, span: values["clock"]?.span, field: "clock",
        message: "a .shot file needs its 'clock' (the shot's time, in seconds since 1970)")
    }
    var shot = ImportedShot(source: ImportSource(format: .decentShot, file: file, id: String(clock)))
    shot.pulledAt = Timestamp(millisecondsSinceEpoch: clock * 1000)
    try DecentFields.apply(setting, to: &shot)

    try addCurves(values, list: list, bytes: bytes, file: file, source: source, to: &shot)
    shot.deriveFirstDrop()
    out.shots.append(shot)
    return out
  }

  /// The file's top-level words; when the only thing wrong is a `machine` block at a line of its
  /// own, the words before it, and a notice says so.
  private static func topWords(
    _ list: TclList, bytes: [UInt8], notices: inout [String], problem: (TclList.Problem) -> ShotImportProblem
  ) throws(ShotImportProblem) -> [TclList.Word] {
    do {
      return try list.words(in: SourceSpan(start: 0, end: bytes.count))
    } catch {
      guard let machine = machineBlockStart(bytes), error.span.start >= machine,
        let shorter = try? list.words(in: SourceSpan(start: 0, end: machine))
      else { throw problem(error) }
      notices.append(
        "the 'machine' block is not a valid Tcl list (\(error.message)); it holds only machine state and was not read")
      return shorter
    }
  }

  /// The curves, and the shot's time from the last sample when there are samples.
  private static func addCurves(
    _ values: [String: TclList.Word], list: TclList, bytes: [UInt8], file: String, source: SourceFile,
    to shot: inout ImportedShot
  ) throws(ShotImportProblem) {
    // Curves: `espresso_elapsed` (seconds) against each series.
    func numbers(_ key: String) throws(ShotImportProblem) -> [RawValue]? {
      guard let word = values[key] else { return nil }
      let words: [TclList.Word]
      do {
        words = try list.words(in: word.content)
      } catch {
        throw ShotImportProblem(file: file, source: source, span: error.span, field: key, message: error.message)
      }
      guard words.count <= ImportedCurve.maxSamples else {
        throw ShotImportProblem(
          file: file, source: source, span: word.span, field: key,
          message: "\(words.count) samples is more than the \(ImportedCurve.maxSamples) a curve may hold")
      }
      return words.map { RawValue(text: String(decoding: bytes[$0.content.start..<$0.content.end], as: UTF8.self)) }
    }
    if let elapsed = try numbers("espresso_elapsed") {
      let times = elapsed.map(CurveBuilder.milliseconds(seconds:))
      var builders: [CurveBuilder] = []
      for (key, kind) in DecentFields.curveKeys {
        guard let series = try numbers(key) else { continue }
        var builder = CurveBuilder(kind, capacity: series.count)
        for (t, v) in zip(times, series) { builder.add(milliseconds: t, v) }
        builders.append(builder)
      }
      shot.addCurves(builders)
      if let last = elapsed.last {
        shot.set(\.timeS, .time, ImportedShot.tenthsOfSeconds(last), field: "espresso_elapsed")
      }
    }
  }

  /// The words as `key value` pairs (a later key replaces an earlier one, as in Tcl).
  private static func pairs(
    _ words: [TclList.Word], list: TclList, problem: (TclList.Problem) -> ShotImportProblem
  ) throws(ShotImportProblem) -> [String: TclList.Word] {
    guard words.count % 2 == 0 else {
      let last = words[words.count - 1]
      throw problem(TclList.Problem(span: last.span, message: "a key without a value: expected 'key value' pairs"))
    }
    var out: [String: TclList.Word] = [:]
    out.reserveCapacity(words.count / 2)
    var i = 0
    while i < words.count {
      let key = String(decoding: list.bytes[words[i].content.start..<words[i].content.end], as: UTF8.self)
      out[key] = words[i + 1]
      i += 2
    }
    return out
  }

  /// Where a top-level `machine {` line starts, if the file has one.
  static func machineBlockStart(_ bytes: [UInt8]) -> Int? {
    let marker = Array("machine {".utf8)
    var lineStart = 0
    while lineStart + marker.count <= bytes.count {
      if bytes[lineStart..<(lineStart + marker.count)].elementsEqual(marker) { return lineStart }
      guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { return nil }
      lineStart = newline + 1
    }
    return nil
  }
}

extension ShotJSONReader {
  /// Reads one shot JSON v1 document that is part of a larger file — the `record` of each attempt
  /// in a shot log export — in place, without copying it out.
  ///
  /// Spans in the diagnostics are offsets into `file`, so they render with the line and column
  /// the user sees in the whole file.
  package static func read(_ file: SourceFile, in range: Range<Int>) -> Result<ShotRecord, DiagnosticList> {
    file.bytes.withUnsafeBufferPointer { buffer in
      var parser = ShotJSONParser(bytes: buffer)
      return parser.readDocument(
        start: max(0, range.lowerBound), end: min(buffer.count, range.upperBound), lineMode: false, in: file)
    }
  }
}

#if hasFeature(Embedded)
  import DialRules

  // The playground's WebAssembly interface (docs/playground/engine.js is its one caller). Every
  // text crosses as UTF-8 bytes in the module's memory: the caller asks `dr_alloc` for a block,
  // writes the bytes, passes pointer and length, and frees the block with `dr_free`. Every result
  // is a block holding a 4-byte little-endian byte length and then that many UTF-8 bytes; the
  // caller frees it with `dr_free`.

  /// A block of `size` bytes (at least one) for the caller to fill; 0 when `size` is negative.
  @_expose(wasm, "dr_alloc")
  @_cdecl("dr_alloc")
  func drAlloc(_ size: Int32) -> Int32 {
    guard size >= 0 else { return 0 }
    let block = UnsafeMutableRawPointer.allocate(byteCount: max(1, Int(size)), alignment: 8)
    return Int32(truncatingIfNeeded: Int(bitPattern: block))
  }

  /// Frees a block from `dr_alloc` or a result; 0 is ignored.
  @_expose(wasm, "dr_free")
  @_cdecl("dr_free")
  func drFree(_ pointer: Int32) {
    UnsafeMutableRawPointer(bitPattern: Int(pointer))?.deallocate()
  }

  /// The text of `length` bytes at `pointer` (invalid UTF-8 repaired, as the page never sends it).
  func text(_ pointer: Int32, _ length: Int32) -> String {
    guard length > 0, let start = UnsafeRawPointer(bitPattern: Int(pointer)) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: start, count: Int(length)), as: UTF8.self)
  }

  /// `text` as a result block: its byte length (4 bytes, little-endian), then its UTF-8 bytes.
  func result(_ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      let block = UnsafeMutableRawPointer.allocate(byteCount: 4 + bytes.count, alignment: 8)
      let n = UInt32(truncatingIfNeeded: bytes.count)
      for i in 0..<4 {
        block.storeBytes(of: UInt8(truncatingIfNeeded: n >> (8 * UInt32(i))), toByteOffset: i, as: UInt8.self)
      }
      if let base = bytes.baseAddress { (block + 4).copyMemory(from: base, byteCount: bytes.count) }
      return Int32(truncatingIfNeeded: Int(bitPattern: block))
    }
  }

  /// `Playground.check`.
  @_expose(wasm, "dr_check")
  @_cdecl("dr_check")
  func drCheck(_ rules: Int32, _ rulesLength: Int32) -> Int32 {
    result(Playground.check(text(rules, rulesLength)))
  }

  /// The decision map of the last `dr_analyse` and its drawer (the module is single-threaded),
  /// which `dr_place` puts shots on and `dr_charts` draws: a shot that changes needs no new
  /// analysis.
  nonisolated(unsafe) var analysedChart: DecisionMapChart?

  /// What each `dr_analyse` hands the next: the rules being edited keep their axes from one
  /// keystroke to the next, and with them most answers about which regions hold shots.
  nonisolated(unsafe) let analysisCache = AnalysisCache()

  /// `Playground.analyse`; keeps its map for `dr_place` and `dr_charts`.
  @_expose(wasm, "dr_analyse")
  @_cdecl("dr_analyse")
  func drAnalyse(_ rules: Int32, _ rulesLength: Int32) -> Int32 {
    analysedChart = nil
    let analysis = Playground.analysis(text(rules, rulesLength), cache: analysisCache)
    analysedChart = analysis.chart
    return result(analysis.text)
  }

  /// `Playground.place` on the map of the last `dr_analyse`.
  @_expose(wasm, "dr_place")
  @_cdecl("dr_place")
  func drPlace(_ shot: Int32, _ shotLength: Int32) -> Int32 {
    result(Playground.place(text(shot, shotLength), on: analysedChart?.map))
  }

  /// `Playground.charts` of the map of the last `dr_analyse`, in slice `slice`.
  @_expose(wasm, "dr_charts")
  @_cdecl("dr_charts")
  func drCharts(_ slice: Int32) -> Int32 {
    result(Playground.charts(Int(slice), on: analysedChart))
  }

  /// `Playground.update`: a keystroke's check and decision in one call.
  @_expose(wasm, "dr_update")
  @_cdecl("dr_update")
  func drUpdate(
    _ rules: Int32, _ rulesLength: Int32, _ shot: Int32, _ shotLength: Int32, _ language: Int32,
    _ languageLength: Int32
  ) -> Int32 {
    result(
      Playground.update(
        text(rules, rulesLength), shot: text(shot, shotLength), language: text(language, languageLength)))
  }

  /// `Playground.styles`.
  @_expose(wasm, "dr_styles")
  @_cdecl("dr_styles")
  func drStyles() -> Int32 {
    result(Playground.styles())
  }

  /// `Playground.explain`.
  @_expose(wasm, "dr_explain")
  @_cdecl("dr_explain")
  func drExplain(
    _ rules: Int32, _ rulesLength: Int32, _ shot: Int32, _ shotLength: Int32, _ language: Int32,
    _ languageLength: Int32
  ) -> Int32 {
    result(
      Playground.explain(
        text(rules, rulesLength), shot: text(shot, shotLength), language: text(language, languageLength)))
  }

  /// `Playground.evaluate`.
  @_expose(wasm, "dr_eval")
  @_cdecl("dr_eval")
  func drEval(_ rules: Int32, _ rulesLength: Int32, _ shots: Int32, _ shotsLength: Int32) -> Int32 {
    result(Playground.evaluate(text(rules, rulesLength), shots: text(shots, shotsLength)))
  }

  /// `Playground.defaultRules`.
  @_expose(wasm, "dr_default_rules")
  @_cdecl("dr_default_rules")
  func drDefaultRules() -> Int32 {
    result(Playground.defaultRules())
  }
#endif

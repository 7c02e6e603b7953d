import DialRules
import DialRulesLanguageServer
import Foundation

/// Issue 13's figures: how long the editor waits for diagnostics after a change — for the default
/// file (target ≤ 30 ms) and a generated 1,000-rule table (≤ 300 ms). Measured in process through
/// the server's own message handling (parse the `didChange`, apply it, lex, parse, check, analyse,
/// build and encode both `publishDiagnostics`), and as a whole `dialrules lsp` process over pipes
/// (framing and the worker thread included).
enum LanguageServerBenchmarks {
  static let uri = "file:///bench.dialrules"

  /// The default file and the generated 1,000-rule × 6-axis table of the analysis benchmark.
  static func documents() throws -> [(name: String, text: String, target: String)] {
    var generator = TableGenerator(seed: 10_006, stress: false)
    return [
      ("default file", try String(contentsOfFile: "rules/espresso.dialrules", encoding: .utf8), "≤ 30 ms"),
      ("1,000-rule table", generator.table(rules: 1_000, axes: 6), "≤ 300 ms"),
    ]
  }

  /// One edit that changes a rule's meaning, and back on the next call: the last digit of the first
  /// line that ends in a quantity (`let fast = dt < -3 s`) goes up by one, then back.
  static func change(_ text: String, version: Int) -> JSONValue {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    let units: Set<Character> = ["s", "g", "C"]
    let line =
      lines.firstIndex { l in
        l.count > 3 && units.contains(l[l.count - 1]) && l[l.count - 2] == " " && l[l.count - 3].isNumber
      } ?? 0
    let characters = lines[line]
    let column = max(0, characters.count - 3)  // the digit before the unit (ASCII: one UTF-16 unit each)
    let digit = characters.indices.contains(column) ? characters[column].wholeNumberValue ?? 0 : 0
    let replacement = version % 2 == 0 ? (digit == 9 ? 8 : digit + 1) : digit
    let start: JSONValue = ["line": .int(line), "character": .int(column)]
    let end: JSONValue = ["line": .int(line), "character": .int(column + 1)]
    return [
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [["range": ["start": start, "end": end], "text": .string(String(replacement))]],
      ],
    ]
  }

  /// The messages that initialize a server and open `text` as version 1.
  static func openingMessages(_ text: String) -> [JSONValue] {
    [
      ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
      [
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": [
          "textDocument": ["uri": .string(uri), "languageId": "dialrules", "version": 1, "text": .string(text)]
        ],
      ],
    ]
  }

  /// A server in process with `text` open.
  static func opened(_ text: String, analysis: LanguageServer.AnalysisMode) -> LanguageServer {
    let server = LanguageServer(analysisMode: analysis, serverVersion: "bench")
    for message in openingMessages(text) { server.handle([.message(message.jsonBytes)]) }
    _ = server.takeOutput()
    return server
  }

  static func run() throws {
    for doc in try documents() {
      let server = opened(doc.text, analysis: .inline)
      var version = 1
      var findings = 0
      var times: [Double] = []
      for _ in 0..<(doc.target == "≤ 30 ms" ? 200 : 20) {
        version += 1
        let message = change(doc.text, version: version)
        let bytes = framed(message.jsonBytes)
        times.append(
          Timing.best(runs: 1) {
            var reader = MessageReader(ByteArraySource(bytes))
            server.handle([reader.next()])
            let out = server.takeOutput()
            for m in out { _ = framed(m.jsonBytes) }
            findings = out.last?["params"]?["diagnostics"]?.elements?.count ?? 0
          })
      }
      times.sort()
      let median = times[times.count / 2]
      Timing.report(
        "lsp: diagnostics after a change, \(doc.name)",
        String(format: "median %.1f ms, best %.1f ms", median * 1e3, times[0] * 1e3), target: doc.target)
      Timing.report("  (diagnostics published with the analysis)", "\(findings)")

      // The fast half alone: what the editor shows before the analysis has run.
      let fast = opened(doc.text, analysis: .deferred)
      var fastTimes: [Double] = []
      for _ in 0..<20 {
        version += 1
        let message = change(doc.text, version: version)
        fastTimes.append(
          Timing.best(runs: 1) {
            fast.handle([.message(message.jsonBytes)]); _ = fast.takeOutput()
          })
      }
      fastTimes.sort()
      Timing.report("  (fast diagnostics alone, median)", String(format: "%.1f ms", fastTimes[10] * 1e3))
      // Where the time goes: DialRules' stages on their own, best of 5.
      let file = SourceFile(path: "bench", text: doc.text)
      let compile = Timing.best(runs: 5) { _ = RuleCompiler.compile(file) }
      Timing.report("  (of which RuleCompiler.compile, best)", String(format: "%.1f ms", compile * 1e3))
      if let rules = RuleCompiler.compile(file).rules {
        let analysis = Timing.best(runs: 5) { _ = Analyzer.analyze(rules) }
        Timing.report("  (Analyzer.analyze, best)", String(format: "%.1f ms", analysis * 1e3))
      }
    }
    try process()
  }

  /// The release `dialrules lsp` as a process: from writing a `didChange` to reading the
  /// `publishDiagnostics` that carries the analysis (`--analysis-delay 0`), median of 50 changes.
  static func process() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/dialrules"
    for doc in try documents() {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["lsp", "--analysis-delay", "0"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      let reader = output.fileHandleForReading
      var pending: [UInt8] = []
      func next() -> JSONNode? {
        while true {
          if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
            let header = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
            let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            if pending.count >= end.upperBound + length {
              let body = Array(pending[end.upperBound..<(end.upperBound + length)])
              pending.removeFirst(end.upperBound + length)
              return try? JSONRPCMessage.parse(body).get()
            }
          }
          let more = reader.availableData
          if more.isEmpty { return nil }
          pending += more
        }
      }
      func send(_ m: JSONValue) { input.fileHandleForWriting.write(Data(framed(m.jsonBytes))) }
      /// Reads until the diagnostics of `version` that come after the analysis (the second
      /// publication of that version, or the only one when the file has errors).
      func diagnostics(of version: Int) {
        var seen = 0
        while let m = next() {
          if m["method"]?.string == "textDocument/publishDiagnostics", m["params"]?["version"]?.int == version {
            seen += 1
            if seen == 2 { return }
          }
        }
      }
      for message in openingMessages(doc.text) { send(message) }
      _ = next()
      diagnostics(of: 1)
      var times: [Double] = []
      for version in 2..<52 {
        let message = change(doc.text, version: version)
        times.append(
          Timing.best(runs: 1) {
            send(message); diagnostics(of: version)
          })
      }
      send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
      send(["jsonrpc": "2.0", "method": "exit"])
      process.waitUntilExit()
      times.sort()
      Timing.report(
        "lsp process: change → all diagnostics, \(doc.name)",
        String(format: "median %.1f ms, best %.1f ms", times[25] * 1e3, times[0] * 1e3), target: doc.target)
    }
  }
}

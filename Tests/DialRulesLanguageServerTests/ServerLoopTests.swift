import DialRules
import DialRulesLanguageServer
import DialRulesTestSupport
import Foundation
import Testing

/// The real `dialrules lsp` process over pipes: exit statuses, a client that disappears, a 100 MB
/// message refused from its header, the analysis arriving after the fast diagnostics. Waiting is
/// bounded by a generous timeout only to fail instead of hanging; nothing asserts on time.
@Suite struct ServerLoopTests {
  /// A running `dialrules lsp` with its pipes.
  final class Session {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []
    /// Signalled once, when the process ends.
    let exited = DispatchSemaphore(value: 0)

    init(_ arguments: [String] = ["lsp", "--analysis-delay", "0"]) throws {
      process.executableURL = URL(fileURLWithPath: BuiltProducts.directory + "/dialrules")
      process.arguments = arguments
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      process.terminationHandler = { [exited] _ in exited.signal() }
      try process.run()
    }

    func send(_ message: JSONValue) { write(framed(message.jsonBytes)) }
    func write(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes)) }
    func close() { try? input.fileHandleForWriting.close() }

    /// The next message from the server, read by the JSON core; nil at end of output.
    func next() -> JSONNode? {
      var reader = MessageReader(PipeSource(session: self))
      guard case .message(let body) = reader.next() else { return nil }
      // The reader may have read past this message: keep the rest for the next call.
      buffer = Array(reader.remainder)
      return try? JSONRPCMessage.parse(body).get()
    }

    /// Messages until one satisfies `done` (which is returned), or nil at end of output.
    func next(until done: (JSONNode) -> Bool) -> JSONNode? {
      while let m = next() {
        if done(m) { return m }
      }
      return nil
    }

    /// The exit status, once the process has ended (the termination event; a server still
    /// running a minute later is killed, which fails the test instead of hanging the suite).
    func status() -> Int32 {
      if exited.wait(timeout: .now() + .seconds(60)) == .timedOut { process.terminate() }
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  struct PipeSource: ByteSource {
    let session: Session
    mutating func read(_ maxCount: Int) -> [UInt8] {
      if !session.buffer.isEmpty {
        defer { session.buffer = [] }
        return session.buffer
      }
      return [UInt8](session.output.fileHandleForReading.availableData)
    }
  }

  static let initialize: JSONValue = [
    "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]],
  ]

  @Test func shutdownAndExitGiveZero() throws {
    let s = try Session()
    s.send(Self.initialize)
    #expect(s.next()?["id"]?.int == 1)
    s.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
    #expect(s.next()?["id"]?.int == 2)
    s.send(["jsonrpc": "2.0", "method": "exit"])
    #expect(s.status() == 0)
  }

  @Test func exitWithoutShutdownGivesOne() throws {
    let s = try Session()
    s.send(Self.initialize)
    _ = s.next()
    s.send(["jsonrpc": "2.0", "method": "exit"])
    #expect(s.status() == 1)
  }

  @Test func aClientThatDisappearsEndsTheServerCleanly() throws {
    let s = try Session()
    s.send(Self.initialize)
    _ = s.next()
    // Half a message, then the end of the connection.
    s.write(Array("Content-Length: 500\r\n\r\n{\"jsonrpc\":".utf8))
    s.close()
    #expect(s.next() == nil)
    #expect(s.status() == 1)
  }

  @Test func aHundredMegabyteMessageIsRefusedBeforeItsBodyIsSent() throws {
    let s = try Session()
    s.send(Self.initialize)
    _ = s.next()
    s.write(Array("Content-Length: 104857600\r\n\r\n".utf8))
    // The answer comes before a byte of the body was written.
    let refusal = s.next()
    #expect(refusal?["error"]?["code"]?.int == -32600)
    #expect(refusal?["id"]?.isNull == true)
    // The body is read and dropped; the connection then works as before.
    let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
    for _ in 0..<100 { s.write(chunk) }
    s.send(["jsonrpc": "2.0", "id": 7, "method": "shutdown"])
    #expect(s.next()?["id"]?.int == 7)
    s.send(["jsonrpc": "2.0", "method": "exit"])
    #expect(s.status() == 0)
  }

  @Test func theAnalysisFollowsTheFastDiagnosticsOfTheSameVersion() throws {
    let s = try Session(["lsp", "--analysis-delay", "50"])
    s.send(Self.initialize)
    _ = s.next()
    let text = try referenceTable()
    let uri = "file:///espresso.dialrules"
    s.send([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": ["uri": .string(uri), "languageId": "dialrules", "version": 1, "text": .string(text)]
      ],
    ])
    let fast = s.next { $0["method"]?.string == "textDocument/publishDiagnostics" }
    #expect(fast?["params"]?["diagnostics"]?.elements?.isEmpty == true)
    let full = s.next { $0["method"]?.string == "textDocument/publishDiagnostics" }
    #expect(full?["params"]?["version"]?.int == 1)
    #expect(full?["params"]?["diagnostics"]?.elements?.count == 6)
    s.close()
    #expect(s.status() == 1)
  }

  @Test func helpAndUsageErrors() throws {
    let help = try BuiltProducts.run("dialrules", ["lsp", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: dialrules lsp"))
    let bad = try BuiltProducts.run("dialrules", ["lsp", "--analysis-delay", "soon"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'--analysis-delay' needs milliseconds"))
    let extra = try BuiltProducts.run("dialrules", ["lsp", "file.dialrules"])
    #expect(extra.status == 64)
    // `--stdio`, which VS Code's client passes, is accepted; closed stdin ends the server.
    let stdio = try BuiltProducts.run("dialrules", ["lsp", "--stdio"], stdin: "")
    #expect(stdio.status == 1)
    #expect(stdio.stdout.isEmpty)
  }
}

import DialRules
import DialRulesLanguageServer
import Testing

/// `initialize`, `shutdown`, `exit`, cancellation and every malformed message: an error response
/// or nothing (for notifications), never a crash.
@Suite struct LifecycleTests {
  func errorCode(_ response: JSONValue) -> Int? { response["error"]?["code"]?.int }

  @Test func requestsBeforeInitializeAreRefused() {
    let client = TestClient(initialize: false)
    #expect(errorCode(client.request("textDocument/hover", [:])) == -32002)
    // Notifications before initialize are dropped, exit excepted.
    client.open("dialrules 1\n")
    #expect(client.notifications.isEmpty)
  }

  @Test func initializeNegotiatesThePositionEncoding() {
    let utf8 = TestClient(initialize: false).result("initialize", ["capabilities": TestClient.rich(true)])
    #expect(utf8["capabilities"]?["positionEncoding"] == "utf-8")
    let utf16 = TestClient(initialize: false).result("initialize", ["capabilities": [:]])
    #expect(utf16["capabilities"]?["positionEncoding"] == "utf-16")
    #expect(utf16["capabilities"]?["textDocumentSync"]?["change"] == 2)
    #expect(utf16["serverInfo"]?["name"] == "dialrules")
    // Capabilities of the wrong shape count as none.
    let odd = TestClient(initialize: false).result("initialize", ["capabilities": ["general": "utf-8"]])
    #expect(odd["capabilities"]?["positionEncoding"] == "utf-16")
  }

  @Test func initializeTwiceIsAnError() {
    let client = TestClient()
    #expect(errorCode(client.request("initialize", ["capabilities": [:]])) == -32600)
    #expect(errorCode(TestClient(initialize: false).request("initialize", "no")) == -32600)
  }

  @Test func shutdownThenExitEndsWithZero() {
    let client = TestClient()
    #expect(client.request("shutdown", .null)["result"] == .null)
    #expect(client.request("shutdown", .null)["error"] != nil)
    #expect(errorCode(client.request("textDocument/hover", [:])) == -32600)
    #expect(client.server.exitStatus == nil)
    client.notify("exit", .null)
    #expect(client.server.exitStatus == 0)
  }

  @Test func exitWithoutShutdownEndsWithOne() {
    let client = TestClient()
    client.notify("exit", .null)
    #expect(client.server.exitStatus == 1)
    let early = TestClient(initialize: false)
    early.notify("exit", .null)
    #expect(early.server.exitStatus == 1)
  }

  @Test func unknownMethodsAndMalformedMessages() {
    let client = TestClient()
    #expect(errorCode(client.request("dialrules/nothing", [:])) == -32601)
    // An unknown notification, and one of the `$/` kind, are ignored.
    client.notify("dialrules/nothing", [:])
    client.notify("$/setTrace", ["value": "off"])
    client.server.handle(["jsonrpc": "2.0", "id": 99, "result": nil])
    #expect(client.server.takeOutput().isEmpty)

    let answers = client.send(raw: Array("Content-Length: 9\r\n\r\n{\"id\":1:}".utf8))
    #expect(answers.map { $0["error"]?["code"] } == [-32700])
    #expect(answers.first?["id"] == .null)
    for bad: JSONValue in [
      [1, 2], "text", ["jsonrpc": "1.0", "id": 1, "method": "x"], ["id": [1], "method": "x"],
      ["id": 3, "method": 4], ["id": 5, "method": "textDocument/hover", "params": 7], ["id": 6],
    ] {
      client.server.handle(bad)
      let out = client.server.takeOutput()
      #expect(out.count == 1 && errorCode(out[0]) == -32600, "\(bad) → \(out)")
    }
  }

  @Test func bodiesThatAreNotJSONAreParseErrors() {
    let client = TestClient()
    let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
    let bodies: [[UInt8]] = [
      Array("{\"jsonrpc\":\"2.0\",\"id\":1,}".utf8),  // a trailing comma
      Array("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"} x".utf8),  // content after the message
      Array("".utf8), Array("NaN".utf8), Array("{'id':1}".utf8),
      Array("{\"id\":1,\"method\":\"a\\ud800\"}".utf8),  // an unpaired surrogate escape
      Array("{\"id\":1,\"method\":\"".utf8) + [0xFF] + Array("\"}".utf8),  // invalid UTF-8 in a string
      Array("{\"id\":1,\"method\":\"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8),  // an overlong form
      [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D],  // UTF-16: LSP bodies are UTF-8
      Array(deep.utf8),  // 33 levels: one more than the JSON core reads
      Array(String(repeating: "[", count: 100_000).utf8),
    ]
    for body in bodies {
      let out = client.send(raw: framed(body))
      #expect(out.count == 1, "\(body.prefix(40)) → \(out)")
      #expect(errorCode(out.first ?? .null) == -32700, "\(body.prefix(40)) → \(out)")
      #expect(out.first?["id"] == .null)
      #expect(out.first?["error"]?["message"]?.string?.hasPrefix("the message is not valid JSON: ") == true)
    }
    // The place of the problem is named, and the connection goes on.
    let comma = client.send(raw: framed(Array("{\"id\":1,}".utf8)))
    #expect(comma.first?["error"]?["message"]?.string?.hasSuffix("(byte 8)") == true, "\(comma)")
    let nested = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    #expect(errorCode(client.send(raw: framed(Array(nested.utf8))).first ?? .null) == -32600)
    #expect(errorCode(client.request("dialrules/nothing", [:])) == -32601)
  }

  @Test func requestIDsAreEchoedExactly() {
    let client = TestClient()
    // As written on the wire, and as the response's bytes carry it back.
    for id in ["0", "-7", "41", "9007199254740993", "9223372036854775807", "\"x-1\"", "\"\"", "\"é\\n\""] {
      let out = client.send(raw: framed(Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"nope\"}".utf8)))
      #expect(out.count == 1 && errorCode(out[0]) == -32601)
      let text = String(decoding: out.first?.jsonBytes ?? [], as: UTF8.self)
      #expect(text.hasPrefix("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":"), "\(text)")
    }
    // Another spelling of a whole number is the same id.
    let spelled = client.send(raw: framed(Array("{\"jsonrpc\":\"2.0\",\"id\":4.0,\"method\":\"nope\"}".utf8)))
    #expect(spelled.first?["id"] == 4)
    // Ids that are neither a whole number nor a string are refused, answered with id null.
    for id in ["1.5", "null", "true", "[1]", "{}", "1e400", "9223372036854775808"] {
      let out = client.send(raw: framed(Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"nope\"}".utf8)))
      #expect(out.count == 1 && errorCode(out[0]) == -32600, "\(id) → \(out)")
      #expect(out.first?["id"] == .null)
    }
  }

  @Test func responsesAreWrittenInOneDeterministicOrder() {
    let client = TestClient(initialize: false)
    let response = client.request("initialize", ["capabilities": [:]])
    let text = String(decoding: response.jsonBytes, as: UTF8.self)
    #expect(
      text.hasPrefix("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"capabilities\":{\"positionEncoding\":"), "\(text)")
    #expect(
      text
        == String(
          decoding: TestClient(initialize: false).request("initialize", ["capabilities": [:]]).jsonBytes, as: UTF8.self)
    )
  }

  @Test func wrongParameterTypesAreInvalidParams() {
    let client = TestClient()
    client.open("dialrules 1\n")
    for params: JSONValue in [
      [:], ["textDocument": 1], ["textDocument": ["uri": 3]],
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": -1, "character": 0]],
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 0]],
      ["textDocument": ["uri": .string(TestClient.uri)], "position": "start"],
    ] {
      let response = client.request("textDocument/hover", params)
      #expect(errorCode(response) == -32602, "\(params) → \(response)")
      #expect(response["error"]?["message"]?.string?.hasPrefix("params.") == true)
    }
    // A notification with broken params is answered in the log, not with a response.
    client.notify("textDocument/didChange", ["textDocument": ["uri": .string(TestClient.uri)]])
    #expect(client.notifications.last?["method"] == "window/logMessage")
  }

  @Test func requestsAboutUnopenedDocumentsGetEmptyAnswers() {
    let client = TestClient()
    let nowhere: JSONValue = ["textDocument": ["uri": "file:///nowhere"], "position": ["line": 0, "character": 0]]
    #expect(client.result("textDocument/hover", nowhere) == .null)
    #expect(client.result("textDocument/completion", nowhere) == [])
  }

  @Test func aRequestCancelledInTheSameBatchIsAnsweredCancelled() {
    let client = TestClient()
    client.open("dialrules 1\n")
    func frame(_ v: JSONValue) -> [UInt8] {
      let body = v.jsonBytes
      return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    let hover: JSONValue = [
      "jsonrpc": "2.0", "id": 41, "method": "textDocument/hover",
      "params": ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 0, "character": 0]],
    ]
    let cancel: JSONValue = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 41]]
    let out = client.send(raw: frame(hover) + frame(cancel))
    #expect(out.count == 1)
    #expect(out.first?["id"] == 41)
    #expect(errorCode(out.first ?? .null) == -32800)
    // Cancelling what was already answered changes nothing.
    #expect(client.send(raw: frame(cancel)).isEmpty)
  }
}

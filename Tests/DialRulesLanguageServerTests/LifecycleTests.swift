import DialRulesLanguageServer
import Testing

/// `initialize`, `shutdown`, `exit`, cancellation and every malformed message: an error response
/// or nothing (for notifications), never a crash.
@Suite struct LifecycleTests {
  func errorCode(_ response: LSPAny) -> Int? { response["error"]?["code"]?.int }

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
    for bad: LSPAny in [
      [1, 2], "text", ["jsonrpc": "1.0", "id": 1, "method": "x"], ["id": [1], "method": "x"],
      ["id": 3, "method": 4], ["id": 5, "method": "textDocument/hover", "params": 7], ["id": 6],
    ] {
      client.server.handle(bad)
      let out = client.server.takeOutput()
      #expect(out.count == 1 && errorCode(out[0]) == -32600, "\(bad) → \(out)")
    }
  }

  @Test func wrongParameterTypesAreInvalidParams() {
    let client = TestClient()
    client.open("dialrules 1\n")
    for params: LSPAny in [
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
    let nowhere: LSPAny = ["textDocument": ["uri": "file:///nowhere"], "position": ["line": 0, "character": 0]]
    #expect(client.result("textDocument/hover", nowhere) == .null)
    #expect(client.result("textDocument/completion", nowhere) == [])
  }

  @Test func aRequestCancelledInTheSameBatchIsAnsweredCancelled() {
    let client = TestClient()
    client.open("dialrules 1\n")
    func frame(_ v: LSPAny) -> [UInt8] {
      let body = v.jsonBytes
      return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    let hover: LSPAny = [
      "jsonrpc": "2.0", "id": 41, "method": "textDocument/hover",
      "params": ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 0, "character": 0]],
    ]
    let cancel: LSPAny = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 41]]
    let out = client.send(raw: frame(hover) + frame(cancel))
    #expect(out.count == 1)
    #expect(out.first?["id"] == 41)
    #expect(errorCode(out.first ?? .null) == -32800)
    // Cancelling what was already answered changes nothing.
    #expect(client.send(raw: frame(cancel)).isEmpty)
  }
}

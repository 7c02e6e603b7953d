import Testing

@testable import DialRules

/// The two trees of the JSON core: the accessors of the reading tree (`JSONNode`) and of the
/// writing tree (`JSONValue`) that the language server and the shot log read values with.
@Suite struct JSONTreeTests {
  func read(_ text: String) throws -> JSONNode {
    try JSONScanner.readTree(SourceFile(path: "t", text: text)).get()
  }

  @Test func wholeNumbersAreReadExactlyAsInt() throws {
    let node = try read(
      #"[0, -7, 41, 9007199254740993, 9223372036854775807, -9223372036854775808, 4.0, 4.20e1, 1e3, 0.0]"#)
    let ints = try #require(node.elements).map(\.int)
    #expect(ints == [0, -7, 41, 9_007_199_254_740_993, .max, .min, 4, 42, 1_000, 0])
  }

  @Test func otherNumbersAndOtherValuesAreNotInt() throws {
    let node = try read(
      #"[1.5, 9223372036854775808, -9223372036854775809, 1e400, 1e-400, 12345678901.0, "1", true, null]"#)
    for element in try #require(node.elements) {
      #expect(element.int == nil, "\(element.content)")
    }
  }

  @Test func booleansAndNull() throws {
    let node = try read(#"{"yes": true, "no": false, "none": null, "text": "true"}"#)
    #expect(node["yes"]?.bool == true)
    #expect(node["no"]?.bool == false)
    #expect(node["text"]?.bool == nil)
    #expect(node["none"]?.isNull == true)
    #expect(node["no"]?.isNull == false)
    #expect(node["none"]?.kind.described == "null")
    #expect(node["text"]?.kind.described == "a string")
  }

  @Test func valueAccessors() {
    let value: JSONValue = [
      "s": "text", "n": .int(-3), "b": false, "a": [1, 2], "half": .number(ExactNumber(1).divided(by: ExactNumber(2))!),
    ]
    #expect(value["s"]?.string == "text")
    #expect(value["n"]?.int == -3)
    #expect(value["half"]?.int == nil)
    #expect(value["b"]?.bool == false)
    #expect(value["a"]?.elements == [1, 2])
    #expect(
      value["s"]?.int == nil && value["n"]?.string == nil && value["a"]?.bool == nil && value["b"]?.elements == nil)
    #expect(String(decoding: value.jsonBytes, as: UTF8.self) == value.jsonText)
  }

  @Test func settingAMemberKeepsTheOrderOfFirstWriting() {
    var value: JSONValue = ["range": 1, "message": "m"]
    value["code"] = "C002"
    value["range"] = 2
    #expect(value.jsonText == #"{"range":2,"message":"m","code":"C002"}"#)
    value["message"] = nil
    #expect(value.jsonText == #"{"range":2,"code":"C002"}"#)
    var notAnObject: JSONValue = [1]
    notAnObject["key"] = 1
    #expect(notAnObject == [1])
  }
}

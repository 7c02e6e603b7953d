import DialRules
import Testing

@testable import CommandLineSupport

/// The scanner's accepted forms, and every error with its message.
@Suite struct ArgumentScannerTests {
  let spec = ArgumentSpec(
    options: ["--format", "--time", "--db"], repeatable: ["--taste"], flags: ["--strict", "--write"])

  func scan(_ arguments: [String], _ spec: ArgumentSpec? = nil) throws(UsageError) -> ParsedArguments {
    try ArgumentScanner.scan(arguments, spec ?? self.spec)
  }

  /// The message of the usage error `arguments` give, or nil when they scan.
  func error(_ arguments: [String], _ spec: ArgumentSpec? = nil) -> String? {
    do {
      _ = try scan(arguments, spec)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func flagsOptionsAndPositionals() throws {
    let p = try scan(["a", "--strict", "--format", "json", "b", "--time=25", "c"])
    #expect(p.positionals == ["a", "b", "c"])
    #expect(p.flag("--strict"))
    #expect(!p.flag("--write"))
    #expect(p.value("--format") == "json")
    #expect(p.value("--time") == "25")
    #expect(p.given("--time"))
    #expect(!p.given("--db"))
    #expect(p.options == ["--format", "--time"])
    #expect(!p.wantsHelp)
  }

  @Test func inlineValuesMayBeEmptyOrContainEqualsAndDashes() throws {
    let p = try scan(["--format=", "--time=a=b", "--db=--strict"])
    #expect(p.value("--format") == "")
    #expect(p.value("--time") == "a=b")
    #expect(p.value("--db") == "--strict")
    #expect(!p.flag("--strict"))
  }

  @Test func doubleDashEndsOptions() throws {
    let p = try scan(["--strict", "--", "--format", "--help", "-h", "-"])
    #expect(p.flag("--strict"))
    #expect(p.positionals == ["--format", "--help", "-h", "-"])
    #expect(!p.wantsHelp)
  }

  @Test func aLoneDashAndNegativeNumbersArePositionalsAndValues() throws {
    let p = try scan(["-", "-3", "-0.5", "-.5", "--time", "-3"])
    #expect(p.positionals == ["-", "-3", "-0.5", "-.5"])
    #expect(p.value("--time") == "-3")
    #expect(try scan(["--format", "-"]).value("--format") == "-")
  }

  @Test func repeatableOptionsKeepEveryValueInOrder() throws {
    let p = try scan(["--taste", "sour", "--taste=thin", "--taste", "harsh"])
    #expect(p.all("--taste") == ["sour", "thin", "harsh"])
    #expect(p.all("--format").isEmpty)
    #expect(p.options == ["--taste"])
  }

  @Test func anOptionGivenTwiceIsAnError() {
    #expect(error(["--format", "json", "--format=text"]) == "option '--format' given more than once")
  }

  @Test func unknownOptionsSuggestTheClosestKnownName() {
    #expect(error(["--frmat", "json"]) == "unknown option '--frmat'; did you mean '--format'?")
    #expect(error(["--fromat"]) == "unknown option '--fromat'; did you mean '--format'?")
    #expect(error(["--tme", "3"]) == "unknown option '--tme'; did you mean '--time'?")
    #expect(error(["--strictly"]) == "unknown option '--strictly'; did you mean '--strict'?")
    #expect(error(["--verbose"]) == "unknown option '--verbose'")
    #expect(error(["--zzzzzzzz"]) == "unknown option '--zzzzzzzz'")
    #expect(error(["-x"]) == "unknown option '-x'; did you mean '-h'?")
    // The name before '=' is what is looked up.
    #expect(error(["--frmat=json"]) == "unknown option '--frmat'; did you mean '--format'?")
  }

  @Test func aMissingValueIsAnError() {
    #expect(error(["--format"]) == "option '--format' needs a value")
    #expect(
      error(["--time", "--strict"])
        == "option '--time' needs a value, found '--strict'; write '--time=--strict' if that is the value")
    #expect(
      error(["--time", "--"]) == "option '--time' needs a value, found '--'; write '--time=--' if that is the value")
  }

  @Test func aFlagTakesNoValue() {
    #expect(error(["--strict=yes"]) == "option '--strict' takes no value")
    #expect(error(["--help=me"]) == "option '--help' takes no value")
  }

  @Test func positionalBounds() throws {
    let bounded = ArgumentSpec(options: ["--note"], minPositionals: 1, maxPositionals: 2)
    #expect(error([], bounded) == "missing argument")
    #expect(error(["a", "b", "c"], bounded) == "unexpected argument 'c'")
    #expect(try scan(["a", "--note", "x", "b"], bounded).positionals == ["a", "b"])
    #expect(try scan(Array(repeating: "a", count: 100)).positionals.count == 100)
  }

  @Test func helpWinsOverEveryOtherError() throws {
    for line in [
      ["--help"], ["-h"], ["--frmat", "--help"], ["--help", "--frmat"], ["--time", "--help"],
      ["--format", "json", "--format", "text", "-h"], ["--strict=1", "--help"],
    ] {
      #expect(try scan(line, ArgumentSpec(options: ["--format", "--time"], maxPositionals: 0)).wantsHelp, "\(line)")
    }
    // The first error is the one reported when help was not asked for.
    #expect(error(["--frmat", "--strict=1"]) == "unknown option '--frmat'; did you mean '--format'?")
  }

  @Test func choiceAcceptsOnlyItsValues() throws {
    let p = try scan(["--format", "xml"])
    let refused = #expect(throws: UsageError.self) { try p.choice("--format", ["text", "json"], default: "text") }
    #expect(refused?.message == "'xml' is not a valid value for '--format'; use text, json")
    #expect(refused?.message(in: .german) == "'xml' ist kein gültiger Wert für '--format'; erlaubt: text, json")
    #expect(try scan([]).choice("--format", ["text", "json"], default: "text") == "text")
    #expect(try scan(["--format=json"]).choice("--format", ["text", "json"], default: "text") == "json")
  }

  @Test func aToolsCommonOptionsAreAdded() throws {
    let spec = ArgumentSpec(options: ["--note"], maxPositionals: 0).adding(options: ["--db", "--note"])
    #expect(spec.options == ["--note", "--db"])
    #expect(try scan(["--db", "x"], spec).value("--db") == "x")
  }
}

import DialRules
import Testing

@testable import CommandLineSupport

/// The one "did you mean" (DialRules' `Suggestion`) on the words the command lines and the shot
/// log used to match with their own edit distances: option names, command names, bean names and
/// export keys.
@Suite struct SuggestionTests {
  @Test func optionAndCommandTypos() {
    let options = ["--color", "--fail-level", "--format", "--help", "--max-errors", "--strict", "-h"]
    #expect(Suggestion.closest(to: "--frmat", among: options) == "--format")
    #expect(Suggestion.closest(to: "--fromat", among: options) == "--format")  // a transposition is one edit
    #expect(Suggestion.closest(to: "--colr", among: options) == "--color")
    #expect(Suggestion.closest(to: "--FORMAT", among: options) == "--format")
    #expect(Suggestion.closest(to: "--verbose", among: options) == nil)
    #expect(Suggestion.closest(to: "histroy", among: ["history", "import", "export"]) == "history")
    #expect(Suggestion.closest(to: "lnt", among: ["lint", "eval"]) == "lint")
  }

  @Test func shotLogNamesAndKeys() {
    #expect(Suggestion.closest(to: "Gujj", among: ["Guji", "Kochere"]) == "Guji")
    #expect(Suggestion.closest(to: "roster", among: ["name", "roaster", "roast_date"]) == "roaster")
    #expect(Suggestion.closest(to: "suor", among: ["sour", "bitter", "strong"]) == "sour")
    #expect(Suggestion.closest(to: "Ethiopia", among: ["Guji", "Kochere"]) == nil)
  }

  @Test func tiesGoToTheEarlierCandidate() {
    // The scanner sorts the names it knows, so its hint never depends on a set's order.
    #expect(Suggestion.closest(to: "--b", among: ["--a", "--c"]) == "--a")
    let spec = ArgumentSpec(options: ["--c", "--a"])
    let refused = #expect(throws: UsageError.self) { try ArgumentScanner.scan(["--b"], spec) }
    #expect(refused?.message == "unknown option '--b'; did you mean '--a'?")
    #expect(refused?.message(in: .spanish) == "opción desconocida '--b'; ¿querías decir '--a'?")
  }
}

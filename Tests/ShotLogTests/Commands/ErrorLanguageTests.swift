import CommandLineSupport
import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLogCommands

/// `dialshot`'s own errors in the barista's language (issue 21 item 4): the usage errors of the
/// argument scanner and of each command (`Fehler:` / `Aufruf:` / `Mehr dazu …`), the command
/// errors with their `Hilfe:` line, file errors and the typo check of `log`. Goldens in
/// `Fixtures/languages/dialshot-errors.{de,es}.txt` (`DIALRULES_UPDATE_GOLDENS=1`).
@Suite struct DialShotErrorLanguageTests {
  /// Command lines that each end in a different error of dialshot's own (not the library's),
  /// after one logged shot; `<dir>` stands for the scratch directory.
  static let failing: [[String]] = [
    // The scanner and the top level.
    ["log", "--frmat"], ["histroy"], ["log", "28", "--dose"], ["log", "28", "--yes=1"],
    ["log", "28", "--dose", "18", "--dose", "19"], ["suggest", "1", "2"], ["log", "28", "--notes", "--yield"],
    ["suggest", "--lang", "fr"], ["history", "--limit", "0"], ["history", "--limit", "3", "--all"],
    ["trends", "--last", "x"], ["history", "--taste", "sour,bitter"], ["history", "--from", "yesterday"],
    // log and its shorthand.
    ["log"], ["log", "28", "36", "sour", "40"], ["log", "sour"], ["log", "28", "--time", "29"],
    ["log", "28", "36", "sour", "--taste", "bitter"], ["log", "28", "--dose", "abc"], ["log", "28", "--at", "noon"],
    ["log", "2", "36", "--taste", "sour"], ["pull"],
    // amend, void, export, import, config.
    ["amend", "1"], ["void", "1"], ["export"], ["export", "--json", "<dir>/x.json", "--excel"],
    ["import", "--from", "nope", "<dir>/x.json"], ["import", "<dir>/missing.json"], ["config", "color"],
    ["config", "rules"], ["config", "rules", "/no/such.dialrules"],
    ["config", "rules", "<dir>/a.dialrules", "--clear"],
    // profiles and bags.
    ["profiles", "roaster"], ["profiles", "bean"], ["profiles", "bean", "list", "X"], ["profiles", "bean", "add"],
    ["profiles", "bean", "frob"], ["profiles", "bean", "add", "X", "--restore"],
    ["profiles", "bean", "add", "X", "--all"], ["profiles", "bean", "add", "X", "--step", "1"],
    ["profiles", "bean", "add", "X", "Y", "Z"], ["profiles", "grinder", "add", "G", "--step", "1"],
    ["profiles", "grinder", "add", "G", "--step", "1", "--min", "0", "--max", "9", "--finer", "up"],
    ["profiles", "grinder", "add", "G", "--step", "x", "--min", "0", "--max", "9", "--finer", "lower"],
    [
      "profiles", "grinder", "add", "G", "--step", "1", "--min", "0", "--max", "9", "--finer", "lower", "--settings",
      "1-9",
    ],
    ["profiles", "bean", "edit", "Guji"], ["profiles", "bean", "edit", "Guji", "--name", ""],
    ["profiles", "machine", "x"], ["profiles", "machine", "--roaster", "X"], ["profiles", "bean", "new-bag"],
    ["profiles", "bean", "edit-bag", "Guji"], ["profiles", "bean", "new-bag", "Guji", "--all"],
    ["profiles", "bean", "new-bag", "Guji", "--step", "1"], ["profiles", "bean", "edit-bag", "Guji", "1"],
    ["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-01", "--roast-date", "2026-02-01"],
    ["profiles", "bean", "new-bag", "Guji", "--opened", "1.2.2026"],
    ["profiles", "bean", "add", "Y", "--roast-level", "darkk"],
    ["profiles", "bean", "add", "Y", "--roast-date", "11.09.2021"],
    // recipe.
    ["recipe", "frob"], ["recipe", "set"], ["recipe", "scale"], ["recipe", "set", "--history"],
    ["recipe", "show", "--dose", "18"], ["recipe", "scale", "--dose", "18", "--yield", "40"],
  ]

  /// Each command line's status and standard error in `variables`' language.
  func errors(_ variables: [String: String]) throws -> [(command: String, status: Int32, err: String)] {
    let s = Scratch.guji()
    s.expect(["log", "21", "36", "sour"])
    try "dialrules 1\n".write(toFile: s.directory.file("a.dialrules"), atomically: true, encoding: .utf8)
    try "{}\n".write(toFile: s.directory.file("x.json"), atomically: true, encoding: .utf8)
    return Self.failing.map { command in
      let arguments = command.map { $0.replacingOccurrences(of: "<dir>", with: s.directory.path) }
      let result = s.run(arguments, variables: variables)
      return (
        "$ dialshot \(command.joined(separator: " ")) (status \(result.status))", result.status,
        result.err.replacingOccurrences(of: s.directory.path, with: "<dir>")
      )
    }
  }

  @Test(arguments: [("de", "de_DE.UTF-8"), ("es", "es_ES.UTF-8")])
  func everyErrorOfDialshotIsInTheLanguageOfLANG(_ code: String, _ lang: String) throws {
    let english = try errors([:])
    let translated = try errors(["LANG": lang])
    let text = translated.map { "\($0.command)\n\($0.err)" }.joined(separator: "\n")
    if let failure = Golden.check(text, against: "Fixtures/languages/dialshot-errors.\(code).txt") {
      Issue.record("\(failure)")
    }
    for (en, other) in zip(english, translated) {
      // Each is an error of its own, with the same status in every language …
      #expect(en.status != 0 && en.status == other.status, "\(en.command): \(en.err) / \(other.err)")
      #expect(!en.err.isEmpty, "\(en.command)")
      // … and no line of the English text is left in the translation (a path or a value alone
      // on a line would be the same, but every line here has words).
      for line in en.err.split(separator: "\n") where line.count > 12 {
        #expect(!other.err.contains(line), "\(en.command) in \(code) still says '\(line)'")
      }
    }
  }

  /// Every usage error `dialshot` raises itself carries its German and Spanish words: the English-
  /// only initializer is `dialrules`' (a tool for rule authors), so a new one written with it in
  /// `Sources/ShotLogCommands` fails here even before a golden would show it.
  @Test func noUsageErrorInDialshotsSourcesIsEnglishOnly() throws {
    let root = PackageRoot.file("Sources/ShotLogCommands")
    let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 40)
    var calls = 0
    for file in files {
      let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
      var rest = text[...]
      while let found = rest.range(of: "UsageError(") {
        calls += 1
        // The call's arguments, up to the parenthesis that closes it.
        var depth = 1
        var end = found.upperBound
        while end < rest.endIndex, depth > 0 {
          if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
          end = rest.index(after: end)
        }
        let call = rest[found.lowerBound..<end]
        #expect(call.contains("de:") && call.contains("es:"), "\(file): \(call)")
        rest = rest[end...]
      }
    }
    #expect(calls > 40)
  }
}

import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

/// The two Getting Started programs of the API documentation, as an app has them: each is the
/// `main.swift` of an executable target under `Tests/GettingStarted/` that imports Foundation
/// beside the libraries (so a name clash or a broken snippet fails the build), and each article's
/// code blocks, in order, are that file byte for byte. These tests run the built programs and
/// check what they print, and check the articles and the README against the files.
@Suite struct GettingStartedTests {
  /// A program and the article that shows it.
  struct Program: Sendable, CustomTestStringConvertible {
    var executable: String
    var file: String
    var article: String
    var testDescription: String { executable }
  }

  static let rules = Program(
    executable: "getting-started-rules", file: "Tests/GettingStarted/Rules/main.swift",
    article: "Sources/DialRules/DialRules.docc/GettingStarted.md")
  static let log = Program(
    executable: "getting-started-log", file: "Tests/GettingStarted/Log/main.swift",
    article: "Sources/ShotLog/ShotLog.docc/GettingStarted.md")

  /// The contents of each fenced ```` ```swift ```` block of a Markdown text, in order.
  static func swiftBlocks(of markdown: String) -> [String] {
    var blocks: [String] = []
    var current: String?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if let block = current {
        if line == "```" {
          blocks.append(block)
          current = nil
        } else {
          current = block + line + "\n"
        }
      } else if line == "```swift" {
        current = ""
      }
    }
    return blocks
  }

  static func run(_ program: Program) throws -> BuiltProducts.Run {
    let run = try BuiltProducts.run(program.executable, [])
    #expect(run.status == 0, "\(program.executable) exited \(run.status):\n\(run.stderr)")
    #expect(run.stderr == "")
    return run
  }

  @Test func theRulesProgramRunsAsDocumented() throws {
    let output = try Self.run(Self.rules).stdout
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Grind finer by 1 step")
    #expect(output.contains("decided by:\n  sour_fast (<built-in>/espresso.dialrules:64:6): grind finer 1 step"))
    #expect(lines.contains(#"mine ["sour_fast"]"#))
    #expect(lines.contains("adjust: grind finer 1 step"))
    #expect(lines.contains(#"["sour_fast"] []"#))
    #expect(lines.contains { $0.hasPrefix("sour_fast - A fast, sour shot is under-extracted") })
    #expect(lines.contains(#"fast true ["dt = -7 s", "shot.time = 21 s", "recipe.time = 28 s"]"#))
    #expect(lines.contains("grind 14 → 13.5"))
    #expect(output.contains(#""decided_by":["bitter_slow"]"#))
    #expect(output.contains("broken.dialrules:2:6: error[C007]"))
    #expect(lines.contains("P001 4 expected a condition or a value, found end of file"))
    #expect(lines.last(where: { !$0.isEmpty })?.hasPrefix("The shot record is invalid: ") == true)
  }

  /// The log program opens a log in a temporary folder, logs one shot, accepts its suggestion,
  /// shares the log through an observed async store, and removes the folder again.
  @Test func theLogProgramRunsAsDocumented() throws {
    let output = try Self.run(Self.log).stdout
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Grind finer by 1 step")
    #expect(lines.contains { $0.hasPrefix("sour_fast - A fast, sour shot is under-extracted") })
    #expect(lines.contains("grind 14 → 13.5"))
    #expect(lines.contains("next grind: 13.5"))
    #expect(lines.contains("1 Stufe feiner mahlen"))
    #expect(lines.contains("Mahlgrad 14 → 13,5"))
    #expect(lines.contains("id: grind 13.5"))
    #expect(lines.contains("shot #1 was already accepted"))
    #expect(lines.contains("1 shot: 14 Grind finer by 1 step"))
    #expect(lines.contains("exported"))
    // The async store: the model sees the other connection's shot, closing ends it, a preview log.
    #expect(lines.contains("2 shots in the model"))
    #expect(lines.contains("the shared log is closed"))
    #expect(lines.contains("0 beans in the preview log"))
  }

  /// What the programs print is what the libraries say from here too: the test target itself
  /// imports Foundation, DialRules and ShotLog together.
  @Test func theProgramsAgreeWithTheLibraries() throws {
    let measurements = ShotRecord.Measurements(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour])
    let shot = ShotRecord(recipe: .init(doseG: 18, yieldG: 36, timeS: 28), shot: measurements)
    #expect(try Self.run(Self.rules).stdout.hasPrefix(RuleSet.defaultEspresso.decide(shot).text + "\n"))

    let folder = TemporaryDirectory()
    let store = try ShotLogStore.open(at: folder.file("shots.sqlite"))
    let bean = try store.profiles.addBean(name: "Guji Natural")
    let grinder = try store.profiles.addGrinder(name: "Niche Zero", scale: nil)
    var recipe = RecipeChange()
    (recipe.grinderID, recipe.doseG, recipe.yieldG, recipe.timeS, recipe.grind) = (grinder.id, 18, 36, 28, "14")
    try store.profiles.setRecipe(for: bean, recipe)
    let logged = try store.shots.logShot(measurements, of: bean)
    #expect(try Self.run(Self.log).stdout.hasPrefix(logged.decision.text + "\n"))
  }

  /// Each article's Swift code blocks, joined by one empty line, are its program file: edit both
  /// together.
  @Test(arguments: [rules, log]) func theArticleShowsTheProgramUnchanged(_ program: Program) throws {
    let blocks = Self.swiftBlocks(of: try PackageRoot.read(program.article))
    #expect(blocks.count >= 5)
    let shown = blocks.joined(separator: "\n")
    let file = try PackageRoot.read(program.file)
    #expect(
      shown == file,
      """
      the code blocks of \(program.article), joined by one empty line, must be \(program.file) byte for \
      byte (the file is what the tests build and run); first difference:
      \(LineDiff.report(expected: file, actual: shown))
      """)
  }

  /// The README's ten lines are the start of the rules article: its first code block.
  @Test func theReadmeShowsTheFirstSteps() throws {
    let readme = Self.swiftBlocks(of: try PackageRoot.read("README.md"))
    let article = Self.swiftBlocks(of: try PackageRoot.read(Self.rules.article))
    #expect(readme.first != nil && readme.first == article.first)
    #expect((readme.first?.split(separator: "\n").count ?? 0) <= 12)
  }
}

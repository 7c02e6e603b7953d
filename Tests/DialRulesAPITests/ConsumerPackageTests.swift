import DialRulesTestSupport
import Foundation
import Testing

/// The libraries as a new app's package has them: `Tests/Consumer` is a package of its own
/// (tools version 6.2, Swift 6 mode, the main actor as default isolation, the approachable
/// concurrency features, every warning an error) that depends on this repository by path. This
/// test builds it — into `.build/consumer`, so a rerun is incremental — and runs its program,
/// which shares one `AsyncShotLogStore` between the main actor and a background task, observes a
/// second connection's write, renders a review and a VoiceOver label from values.
///
/// The first build compiles DialRules and ShotLog once more for that package (a few minutes on a
/// slow machine); later runs rebuild only what changed.
@Suite struct ConsumerPackageTests {
  static let package = "Tests/Consumer"
  static var scratch: String { PackageRoot.path() + "/.build/consumer" }

  @Test func anAppPackageBuildsWithoutAWarningAndRuns() throws {
    let build = try BuiltProducts.run(
      executableAt: "/usr/bin/env", ["swift", "build", "--package-path", Self.package, "--scratch-path", Self.scratch])
    let output = build.stdout + build.stderr
    #expect(build.status == 0, "swift build of \(Self.package) failed:\n\(output)")
    let warnings = output.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.isEmpty, "building \(Self.package) warns:\n\(warnings.joined(separator: "\n"))")
    guard build.status == 0 else { return }

    let run = try BuiltProducts.run(executableAt: Self.scratch + "/debug/ConsumerApp", [])
    #expect(run.status == 0, "ConsumerApp exited \(run.status):\n\(run.stdout)\n\(run.stderr)")
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains { $0.hasPrefix("shared: the background task logged shot #1; the main actor read 1 bean") })
    #expect(lines.contains { $0.hasPrefix("observed: Guji Natural, Yirgacheffe (changes from elsewhere: ") })
    #expect(!lines.contains("observed: Guji Natural, Yirgacheffe (changes from elsewhere: 0)"))
    #expect(lines.contains("Shot #1: Guji Natural, Niche Zero at 14"))
    #expect(lines.contains("18 g in, 36.4 g out, 21 s"))
    #expect(lines.contains("Next: Grind finer by 1 step"))
    #expect(lines.contains { $0.hasPrefix("Because: A fast, sour shot is under-extracted") })
    #expect(lines.contains("grind: 14 → 13.5"))
    #expect(lines.contains("de: 1 Stufe feiner mahlen"))
    // The whole review in German and Spanish, the preview with the decimal comma.
    #expect(lines.contains { $0.hasPrefix("de review: ") && $0.contains("14 → 13,5") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("es review: ") && $0.contains("14 → 13,5") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("es: ") && $0 != "es: Grind finer by 1 step" })
    #expect(
      lines.contains(
        "VoiceOver: 18 grams in, 36.4 grams out, in 21 seconds; tasted sour. Suggested: grind one step finer."))
    #expect(lines.contains("closed"))
    #expect(!lines.contains { $0.hasPrefix("model error") || $0.hasPrefix("unexpected") })
  }
}

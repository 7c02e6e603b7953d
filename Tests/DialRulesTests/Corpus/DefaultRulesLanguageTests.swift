import DialRulesTestSupport
import Testing

@testable import DialRules

/// The default table in German and Spanish: every text a barista reads — each `because`, each
/// abstention's reason, the `otherwise` reason — has both, in its own words (not the English one
/// copied), with the decimal comma; and the translations sit on their English text's line, so no
/// rule moved (explanations and goldens cite rules by line).
@Suite struct DefaultRulesLanguageTests {
  static func compiled() throws -> CompiledRules {
    let text = try PackageRoot.read("rules/espresso.dialrules")
    let out = RuleCompiler.compile(SourceFile(path: "rules/espresso.dialrules", text: text))
    #expect(out.diagnostics.isEmpty, "\(out.diagnostics.map(\.message))")
    return try #require(out.rules)
  }

  /// Whether `text` writes a decimal number with a point (`1:2.5`, `0.5 g`).
  static func hasDecimalPoint(_ text: String) -> Bool {
    let b = Array(text.utf8)
    return b.indices.dropFirst().dropLast().contains { i in
      b[i] == UInt8(ascii: ".") && (0x30...0x39).contains(b[i - 1]) && (0x30...0x39).contains(b[i + 1])
    }
  }

  @Test func everyTextHasGermanAndSpanish() throws {
    let rules = try Self.compiled()
    var texts: [(what: String, english: String, translations: [String: String])] = []
    for rule in rules.rules {
      texts.append(("because of \(rule.id)", rule.because, rule.becauseTranslations))
      if case .insufficient(let reason) = rule.action {
        texts.append(("reason of \(rule.id)", reason, rule.reasonTranslations))
      }
    }
    guard case .insufficient(let otherwise) = rules.otherwise.action else {
      Issue.record("the default table's otherwise abstains")
      return
    }
    texts.append(("otherwise", otherwise, rules.otherwise.translations))
    #expect(texts.count == 54)
    for t in texts {
      #expect(Set(t.translations.keys) == ["de", "es"], "\(t.what)")
      for (code, text) in t.translations {
        #expect(!text.isEmpty && text != t.english, "\(t.what) in \(code)")
        #expect(!Self.hasDecimalPoint(text), "\(t.what) in \(code) writes a decimal point: \(text)")
      }
    }
  }

  /// The shipped copy is the file, translations included.
  @Test func theBuiltInCopyCarriesTheTranslations() throws {
    let file = try Self.compiled()
    let builtIn = RuleSet.defaultEspresso
    #expect(builtIn.because(ofRule: "sour_fast", in: .german) == file.rules[0].becauseTranslations["de"])
    #expect(builtIn.because(ofRule: "sour_fast", in: .spanish) == file.rules[0].becauseTranslations["es"])
  }

  @Test func translationsMoveNoRule() throws {
    let text = try PackageRoot.read("rules/espresso.dialrules")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      #expect(!trimmed.hasPrefix("de \"") && !trimmed.hasPrefix("es \""), "a translation on its own line: \(line)")
    }
  }
}

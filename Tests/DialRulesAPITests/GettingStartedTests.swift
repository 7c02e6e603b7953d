import DialRules
import Foundation
import Testing

/// The rules half of the Getting Started program (`/tmp/embed-rules` in the issue 9 report; the
/// future DocC article), compiled unchanged beside Foundation: a name clash or a broken snippet
/// fails the build. Its `print`s are captured and checked.
@Suite struct GettingStartedTests {
  @Test func theRulesProgramRunsAsDocumented() {
    var output = ""
    func print(_ items: Any..., separator: String = " ") {
      output += items.map { "\($0)" }.joined(separator: separator) + "\n"
    }
    // BEGIN Getting Started (rules): keep identical to the article.
    // A shot built in code. Numbers are exact decimals: 36.4 is 36.4, not the Double nearest to it.
    let shot = ShotRecord(
      id: "morning-1",
      recipe: .init(doseG: 18, yieldG: 36, timeS: 28),
      shot: .init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]))

    // The default espresso rules ship with the library: decide, then explain why.
    let rules = RuleSet.defaultEspresso
    let decision = rules.decide(shot)
    print(decision.text)  // Grind finer by 1 step
    if case .adjust(let change) = decision.outcome { print(change.ruleText) }  // grind finer 1 step
    let why = rules.explain(shot)
    for rule in why.rules where rule.decided { print(rule.id, "-", rule.because) }
    print(why.text(rulesFile: rules.source))  // what `dialrules explain` prints

    // Your own rules, compiled once from a rule file's text.
    let myRules = """
      dialrules 1
      ruleset "mine"
      let fast = shot.time - recipe.time < -3 s
      rule sour_fast
        when sour and fast
        then grind finer 1 step
        because "A fast, sour shot is under-extracted."
      """
    switch RuleSet.compile(myRules, path: "mine.dialrules") {
    case .success(let mine): print(mine.name ?? "", mine.decide(shot).decidedBy)  // mine ["sour_fast"]
    case .failure(let problems): print(problems)
    }

    // A shot read from shot JSON, and its decision as decision JSON.
    let json = """
      {"format": "dialrules-shot", "version": 1, "id": "json-1",
       "recipe": {"dose_g": 18, "yield_g": 36, "time_s": 28},
       "shot": {"dose_g": 18, "yield_g": 36, "time_s": 34, "taste": ["bitter"]}}
      """
    switch ShotRecord.parseJSON(json, path: "json-1.json") {
    case .success(let fromJSON): print(rules.decide(fromJSON).jsonText)
    case .failure(let problems): print(problems)
    }

    // A broken rule file: every problem, rendered the way a compiler does.
    switch RuleSet.compile("dialrules 1\nrule a\n  when sour and\n", path: "broken.dialrules") {
    case .success: print("compiled")
    case .failure(let problems):
      print(DiagnosticRenderer().render(problems))
      for d in problems { print(d.code, problems.source.position(of: d.span.start).line, d.message) }
    }

    // A record out of bounds is not evaluated: its decision says why.
    var heavy = shot
    heavy.shot?.doseG = 1_000
    print(rules.decide(heavy).text)
    // END Getting Started (rules)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Grind finer by 1 step")
    #expect(lines.contains("grind finer 1 step"))
    #expect(output.contains("decided by:\n  sour_fast (<built-in>/espresso.dialrules:28:6): grind finer 1 step"))
    #expect(lines.contains(#"mine ["sour_fast"]"#))
    #expect(output.contains(#""decided_by":["bitter_slow"]"#))
    #expect(output.contains("broken.dialrules:2:6: error[C007]"))
    #expect(lines.contains("P001 4 expected a condition or a value, found end of file"))
    #expect(lines.last(where: { !$0.isEmpty })?.hasPrefix("The shot record is invalid: ") == true)
  }
}

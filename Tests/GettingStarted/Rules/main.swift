import DialRules
import Foundation

// The default espresso rules ship with the library. Numbers are exact: 36.4 is 36.4, not a Double.
let rules = RuleSet.defaultEspresso
let shot = ShotRecord(
  id: "morning-1", recipe: .init(doseG: 18, yieldG: 36, timeS: 28),
  shot: .init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]))
let decision = rules.decide(shot)
print(decision.text)  // Grind finer by 1 step
print(rules.explain(shot).text(rulesFile: rules.source))  // what `dialrules explain` prints

// Your own rules, compiled once from a rule file's text: every problem, or a rule set.
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

// A decision is data: what to do, which rules decided, and what was missing.
switch decision.outcome {
case .adjust(let change): print("adjust:", change.ruleText)  // adjust: grind finer 1 step
case .noChange: print("no change")
case .insufficientEvidence(let reason): print("insufficient evidence:", reason.rawValue)
@unknown default: print(decision.text)
}
print(decision.decidedBy, decision.missing)  // ["sour_fast"] []

// The explanation: every rule's part, with the values each condition saw.
let why = rules.explain(shot)
for rule in why.rules where rule.decided { print(rule.id, "-", rule.because) }
for condition in why.rules.first(where: { $0.id == "sour_fast" })?.conditions ?? [] {
  print(condition.text, condition.truth.word, condition.values + condition.inner.flatMap(\.values))
}
// With the recipe's grind and the grinder's scale, the explanation previews the next recipe.
var onMyGrinder = shot
onMyGrinder.recipe?.grind = GrindSetting(number: 14)
onMyGrinder.grinder = .init(name: "Niche Zero", step: 0.5, min: 0, max: 50, finer: .lower)
for change in rules.explain(onMyGrinder).preview?.changes ?? [] {
  print(change.field, change.before, "→", change.after)  // grind 14 → 13.5
}

// Shot JSON in, decision JSON out (docs/shot-json.md).
let json = """
  {"format": "dialrules-shot", "version": 1, "id": "json-1",
   "recipe": {"dose_g": 18, "yield_g": 36, "time_s": 28},
   "shot": {"dose_g": 18, "yield_g": 36, "time_s": 34, "taste": ["bitter"]}}
  """
switch ShotRecord.parseJSON(json, path: "json-1.json") {
case .success(let fromJSON): print(rules.decide(fromJSON).jsonText)
case .failure(let problems): print(problems)
}

// A broken rule file: every problem, rendered the way a compiler does, or read as data.
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

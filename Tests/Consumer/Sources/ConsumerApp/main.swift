import DialRules
import Foundation
import ShotLog

// What an app does with the shot log, end to end: one async store shared by the main actor and a
// background task, a second connection's write observed, a review rendered, and a VoiceOver label
// built from values. Tests/DialRulesAPITests/ConsumerPackageTests.swift checks what it prints.
let folder = FileManager.default.temporaryDirectory.appending(path: "consumer-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let path = folder.appending(path: "shots.sqlite").path
let rules = RuleSet.defaultEspresso

let log = try await AsyncShotLogStore.open(at: path, pollInterval: .milliseconds(20))
let model = LogModel(log: log)
await model.follow()

// The main actor sets up a bean and its recipe.
let bean = try await log.profiles.addBean(name: "Guji Natural")
let grinder = try await log.profiles.addGrinder(
  name: "Niche Zero", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
var recipe = RecipeChange()
(recipe.grinderID, recipe.doseG, recipe.yieldG, recipe.timeS, recipe.grind) = (grinder.id, 18, 36, 28, "14")
try await log.profiles.setRecipe(for: bean, recipe)

// A background task logs the shot through the same store, while the main actor reads it.
let background = Task.detached { [log, bean] in
  try await log.shots.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
}
let beansMeanwhile = try await log.profiles.beans().count
let shot = try await background.value
await model.waitUntil { model.history.count == 1 }
print("shared: the background task logged shot #\(shot.attempt.id); the main actor read \(beansMeanwhile) bean")

// A second connection to the file — a widget, say — adds a bean; the model sees it.
try await Task.detached { [path] in
  let widget = try ShotLogStore.open(at: path)
  try widget.profiles.addBean(name: "Yirgacheffe")
}.value
// Until the model has read the bean and counted the change as another connection's: a reload for
// an earlier change may already show the bean before the store reports the widget's write.
await model.waitUntil { model.beans.count == 2 && model.changesFromElsewhere > 0 }
print(
  "observed: \(model.beans.map(\.name).joined(separator: ", ")) (changes from elsewhere: \(model.changesFromElsewhere))"
)

// The review screen, and the decision in German and Spanish.
let review = try await log.shots.review(shot.attempt)
for line in reviewLines(review, rules: rules) { print(line) }
for line in germanAndSpanish(review, rules: rules) { print(line) }

// What VoiceOver reads for the shot.
print("VoiceOver: " + spokenSummary(of: shot.attempt, decision: review.suggestion?.decision))

await log.close()
do {
  _ = try await log.profiles.beans()
} catch .closed {
  print("closed")
} catch {
  print("unexpected: \(error)")
}
if let error = model.lastError { print("model error: \(error)") }
try FileManager.default.removeItem(at: folder)

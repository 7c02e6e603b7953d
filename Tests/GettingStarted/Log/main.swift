import DialRules
import Foundation
import Observation
import ShotLog

// A shot log is one SQLite file. An app keeps it in its Application Support folder; this program
// opens one in a fresh temporary folder and removes the folder at the end.
let folder = FileManager.default.temporaryDirectory.appending(path: "shot-log-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let log = try ShotLogStore.open(at: folder.appending(path: "shots.sqlite").path)

// A bean, and a grinder whose scale turns "one step finer" into a setting: half steps from 0 to
// 50, lower is finer.
let bean = try log.profiles.addBean(name: "Guji Natural", roaster: "Tim Wendelboe")
let grinder = try log.profiles.addGrinder(
  name: "Niche Zero", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))

// The bean's recipe: 18 g in, 36 g out in 28 s, at 14 on that grinder.
var recipe = RecipeChange()
recipe.grinderID = grinder.id
recipe.doseG = 18
recipe.yieldG = 36
recipe.timeS = 28
recipe.grind = "14"
try log.profiles.setRecipe(for: bean, recipe)

// Log a shot. The rules decide at once (the built-in espresso rules unless you pass `rules:`),
// and the shot is stored with its decision.
let shot = try log.shots.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
print(shot.decision.text)  // Grind finer by 1 step
for rule in shot.explanation.rules where rule.decided { print(rule.id, "-", rule.because) }
if case .success(let change)? = shot.preview {
  for field in change.preview?.changes ?? [] { print(field.field, field.before, "→", field.after) }  // grind 14 → 13.5
}

// The review in the barista's language: its sentences in German or Spanish, with a decimal comma.
print(shot.review.text(in: .german), terminator: "")  // 1 Stufe feiner mahlen … Mahlgrad 14 → 13,5
for sentence in shot.review.sentences {
  if case .previewChange(let change) = sentence { print("id:", change.field, change.after) }  // id: grind 13.5
}

// Accept the suggestion: the next recipe snapshot, with exactly that change.
let accepted = try log.shots.accept(shot.attempt)
print("next grind:", accepted.snapshot?.grind.text ?? "unchanged")  // next grind: 13.5

// Errors are typed values an app can branch on (and word itself). End with a plain `catch`.
do {
  try log.shots.reject(shot.attempt)
} catch .alreadyAnswered(let number, let event) {
  print("shot #\(number) was already \(event.action.rawValue)")  // shot #1 was already accepted
} catch {
  print(error)
}

// The history, and the export an app can back up or share.
let history = try log.shots.history()
print(history.count, "shot:", history[0].grind, history[0].decisionText ?? "")  // 1 shot: 14 Grind finer by 1 step
print(try log.exchange.exportJSON().count > 0 ? "exported" : "empty")

// An app shares one AsyncShotLogStore between its views and tasks: every method is async and runs
// on the store's own thread, so a write waiting for another connection's lock never blocks the
// main actor. This one looks for other connections' writes every 50 ms while observed.
let shared = try await AsyncShotLogStore.open(
  at: folder.appending(path: "shots.sqlite").path, pollInterval: .milliseconds(50))

/// The model a SwiftUI view reads: on the main actor, observable, current with every change.
@MainActor @Observable final class ShotsModel {
  private(set) var history: [HistoryRow] = []
  @ObservationIgnored let log: AsyncShotLogStore

  init(log: AsyncShotLogStore) { self.log = log }

  /// Reads the history, then again after each change until the log closes; in a view,
  /// `.task { await model.follow() }`.
  func follow() async {
    let changes = await log.changes()
    await reload()
    for await _ in changes { await reload() }
  }

  func reload() async {
    do {
      history = try await log.shots.history()
    } catch .closed {
      // Closed while a change was being read: there is nothing more to show.
    } catch {
      print(error)
    }
  }
}

let model = ShotsModel(log: shared)
let following = Task { await model.follow() }

// Another connection to the file (here the synchronous store; in an app, a widget) logs a shot.
// The model sees it: SwiftUI redraws a view that reads `model.history` the same way.
try log.shots.logShot(.init(doseG: 18, yieldG: 36, timeS: 28, taste: [.balanced]), of: bean)
while model.history.count < 2 {
  await withCheckedContinuation { changed in
    withObservationTracking {
      _ = model.history
    } onChange: {
      changed.resume()
    }
  }
}
print(model.history.count, "shots in the model")  // 2 shots in the model

// Closing ends every `changes()` sequence (and so `follow()`); later calls throw `.closed`.
await shared.close()
await following.value
do {
  _ = try await shared.shots.history()
} catch .closed {
  print("the shared log is closed")
} catch {
  print(error)
}

// For SwiftUI previews and tests: a log in memory only, empty, gone with the store.
let preview = try await AsyncShotLogStore.inMemory()
print(try await preview.profiles.beans().count, "beans in the preview log")  // 0 beans in the preview log
try FileManager.default.removeItem(at: folder)

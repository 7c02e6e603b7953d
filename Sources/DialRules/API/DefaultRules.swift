// Generated from rules/espresso.dialrules; a test checks that the two are identical.
// To update: copy the file's text between the delimiters below, unchanged.

/// The default espresso rules (design §5), built into the library so every embedder (and
/// `dialshot`) can decide without a rules file. `RuleSet.defaultEspresso` is the compiled form.
package enum DefaultRules {
  /// The name shown in diagnostics and explanations.
  package static let path = "<built-in>/espresso.dialrules"

  /// The text of `rules/espresso.dialrules`.
  package static let source = #"""
    # The default espresso dial-in rules (design section 5).
    #
    # After each shot the rules look at how it tasted and how long it ran
    # compared with the recipe, and suggest at most one small change. When the
    # evidence is mixed, or points at puck preparation rather than the recipe,
    # a rule says so on purpose ("insufficient") instead of guessing.

    dialrules 1

    ruleset "espresso" "Default espresso dial-in rules"
      limit grind 2 steps
      limit yield 4 g
      otherwise insufficient "No rule covers this shot."

    # Time, yield and dose against the recipe: negative means less than the recipe.
    let dt = shot.time - recipe.time
    let dy = shot.yield - recipe.yield
    let dd = shot.dose - recipe.dose

    # The time window. Within 3 s of the recipe's time is on time, both ends
    # included: 25 s and 31 s are on time for a 28 s recipe, 24.9 s is fast.
    let fast = dt < -3 s
    let on_time = dt between -3 s and 3 s
    let slow = dt > 3 s

    # Sour: under-extracted. The time decides whether grind or yield is the fix.

    rule sour_fast
      when sour and not bitter and fast
      then grind finer 1 step
      because "A fast, sour shot is under-extracted; a finer grind slows the flow and extracts more."
      example
        shot dose 18 g, yield 36 g, time 21 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule sour_on_time
      when sour and not bitter and on_time
      then yield +2 g
      because "The time is right but the shot is sour; a slightly longer ratio extracts more without touching the grind."
      example
        shot dose 18 g, yield 36 g, time 27 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g
      example "exactly 3 s fast is still on time"
        shot dose 18 g, yield 36 g, time 25 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule sour_slow
      when sour and not bitter and slow
      then insufficient "Sour yet slow: suspect channeling or a too-fine grind; check puck preparation."
      because "A slow shot should not taste sour. Grinding finer would only slow it more, so look at the puck first."
      example
        shot dose 18 g, yield 36 g, time 33 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # Bitter: over-extracted. Again the time decides between grind and yield.

    rule bitter_slow
      when bitter and not sour and slow
      then grind coarser 1 step
      because "A slow, bitter shot is over-extracted; a coarser grind speeds the flow and extracts less."
      example
        shot dose 18 g, yield 36 g, time 34 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule bitter_on_time
      when bitter and not sour and on_time
      then yield -2 g
      because "The time is right but the shot is bitter; a slightly shorter ratio extracts less without touching the grind."
      example
        shot dose 18 g, yield 36 g, time 29 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g
      example "exactly 3 s slow is still on time"
        shot dose 18 g, yield 36 g, time 31 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    # Tastes that point at the puck rather than the recipe.

    rule fast_bitter_or_harsh
      when (bitter or harsh) and not sour and fast
      then insufficient "Fast and bitter/harsh: likely channeling."
      because "A fast shot should not taste bitter or harsh. Water is probably rushing through a channel, and a grind change will not fix that."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule sour_and_bitter
      when sour and bitter
      then insufficient "Sour and bitter together: uneven extraction; work on puck preparation."
      because "Sour and bitter at once means part of the puck ran too fast and part too slow; neither grind nor ratio fixes both."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # Harsh, thin and strong.

    rule harsh
      when harsh and not sour and not fast
      then grind coarser 1 step
      because "A harsh, drying shot that is not running fast is over-extracted; a coarser grind extracts less."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste harsh
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule thin_not_fast
      when thin and not sour and not bitter and not fast
      then yield -2 g
      because "A thin, watery shot that is not running fast is too dilute; a shorter ratio makes it stronger."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule thin_fast
      when thin and not bitter and fast
      then grind finer 1 step
      because "A thin shot that runs fast is under-extracted; a finer grind slows it down and gives it more body."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule strong
      when strong and not bitter and not thin and not fast
      then yield +2 g
      because "A heavy, too-strong shot that is not running fast wants a slightly longer ratio to open it up."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule balanced
      when balanced and not sour and not bitter and not thin and not harsh
      then no change
      because "The shot tastes balanced: keep the recipe and pull it again to confirm."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect no change

    # What the last change did.

    rule back_off_after_finer
      when previous.adjustment is grind finer and (bitter or harsh) and not sour and fast
      then grind coarser 1 step
      because "The last change was finer, and now the shot runs fast and tastes bitter or harsh: the grind went past the point where finer helps, so go back one step."
      overrides fast_bitter_or_harsh
      example
        previous adjustment grind finer 1 step
        shot dose 18 g, yield 36 g, time 22 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    # Problems to fix before any recipe change: these abstain whatever the taste.

    rule channeling
      when channeling
      then insufficient "Channeling observed: fix puck preparation before changing the recipe."
      because "A channel lets water bypass the coffee, so the taste says little about the recipe; fix the puck first."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced, flow channeling
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule yield_off_target
      when dy < -2 g or dy > 2 g
      then insufficient "The shot missed the target yield by more than 2 g; pull to the target first."
      because "Taste and time only say something about the recipe when the shot was pulled to about its target yield."
      example
        shot dose 18 g, yield 39 g, time 21 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit
      example "exactly 2 g over is still on target"
        shot dose 18 g, yield 38.1 g, time 27 s, taste sour
        recipe dose 18 g, yield 36.1 g, time 28 s
        expect yield +2 g

    rule dose_off_target
      when dd < -0.5 g or dd > 0.5 g
      then insufficient "The dose differed from the recipe by more than 0.5 g."
      because "A different dose changes time and taste on its own; weigh out the recipe's dose and pull again."
      example
        shot dose 19 g, yield 36 g, time 34 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule gushing
      when gushing
      then insufficient "The shot gushed: the puck gave way; fix distribution and tamping (or grind much finer) before a one-step change."
      because "When the puck gives way the water rushes through; the taste and the time then say little about the grind, and one step is too small a change."
      example "gushing, sour and on time: no yield change"
        shot dose 18 g, yield 36 g, time 27 s, taste sour, flow gushing
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule choked
      when choked
      then insufficient "The shot choked: far too fine or too much coffee; go several steps coarser or check the dose, then dial in again."
      because "A choked shot barely ran: the recipe is so far off that a one-step change would not get it back; start the dial-in again."
      example "choked, bitter and slow: not one step coarser"
        shot dose 18 g, yield 36 g, time 45 s, taste bitter, flow choked
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    """#
}

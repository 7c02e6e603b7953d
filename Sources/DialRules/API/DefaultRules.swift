// Generated from rules/espresso.dialrules; a test checks that the two are identical.
// To update: copy the file's text between the delimiters below, unchanged.

/// The default espresso rules, version 2 (docs/default-rules.md), built into the library so every embedder (and
/// `dialshot`) can decide without a rules file. `RuleSet.defaultEspresso` is the compiled form.
package enum DefaultRules {
  /// The name shown in diagnostics and explanations.
  package static let path = "<built-in>/espresso.dialrules"

  /// The text of `rules/espresso.dialrules`.
  package static let source = #"""
    # The default espresso dial-in rules, version 2 (docs/default-rules.md explains each one).
    #
    # After each shot the rules read where it sits on two axes, the espresso
    # compass: extraction (sour = too little, bitter or harsh = too much,
    # balanced = about right) and strength (thin = too weak, strong = too
    # intense). Each lever moves both axes:
    #
    #   grind finer      extraction up,   strength up
    #   grind coarser    extraction down, strength down
    #   longer ratio     extraction up,   strength down   (yield +2 g)
    #   shorter ratio    extraction down, strength up     (yield -2 g)
    #
    # so the suggestion is the one lever that moves both the right way. When
    # the taste names only one axis, the time against the recipe breaks the
    # tie. A ratio move that would take the recipe out of the espresso window
    # (1:1.5 to 1:2.5) goes to the grinder instead. A shot more than 8 s off its
    # time gets two grinder steps. When the evidence is mixed, points at the
    # puck rather than the recipe, or cannot be the shot as it was pulled, a rule
    # says so on purpose ("insufficient") instead of guessing.

    dialrules 1

    ruleset "espresso" "Default espresso dial-in rules, version 2"
      limit grind 2 steps
      limit yield 4 g
      otherwise insufficient "No rule covers this shot: note how it tasted (sour, bitter, harsh, balanced, thin or strong)."

    # Time, yield and dose against the recipe: negative means less than the recipe.
    let dt = shot.time - recipe.time
    let dy = shot.yield - recipe.yield
    let dd = shot.dose - recipe.dose

    # The time window. Within 3 s of the recipe's time is on time, both ends
    # included: 25 s and 31 s are on time for a 28 s recipe, 24.9 s is fast.
    # More than 8 s off is far off: 19.9 s is far too fast for 28 s, 20 s is not.
    let fast = dt < -3 s
    let far_fast = dt < -8 s
    let on_time = dt between -3 s and 3 s
    let slow = dt > 3 s
    let far_slow = dt > 8 s

    # Extraction: which way the taste points. Harsh (drying, astringent) is
    # over-extraction like bitter. A specific word beats "balanced".
    let under = sour and not bitter and not harsh
    let over = (bitter or harsh) and not sour
    let bitter_only = bitter and not harsh and not sour
    let about_right = balanced and not sour and not bitter and not harsh
    let no_extraction_word = not sour and not bitter and not harsh and not balanced

    # Strength: too weak, too intense, or not mentioned.
    let weak = thin and not strong
    let intense = strong and not thin
    let no_strength_word = not thin and not strong

    # The espresso window, 1:1.5 to 1:2.5 (both included), for the recipe after
    # a 2 g move: for 18 g in, a longer ratio fits up to 43 g today (45 g after),
    # a shorter one from 29 g (27 g after).
    let longer_fits = recipe.yield + 2 g <= 2.5 * recipe.dose
    let shorter_fits = recipe.yield - 2 g >= 1.5 * recipe.dose

    # ---------------------------------------------------------------------------
    # Sour: under-extracted.

    rule sour_fast
      when under and not intense and fast and not far_fast
      then grind finer 1 step
      because "A fast, sour shot is under-extracted: the water ran through too quickly. A finer grind slows it and extracts more."
      example
        shot dose 18 g, yield 36 g, time 21 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step
      example "sour and thin, fast: still finer"
        shot dose 18 g, yield 36 g, time 24 s, taste sour thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule sour_very_fast
      when under and not intense and far_fast
      then grind finer 2 steps
      because "Sour and more than 8 s fast: the grind is far too coarse, and one step would barely show. Go two steps finer."
      example
        shot dose 18 g, yield 36 g, time 15 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 2 steps
      example "exactly 8 s fast is one step"
        shot dose 18 g, yield 36 g, time 20 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule sour_on_time
      when under and no_strength_word and on_time and longer_fits
      then yield +2 g
      because "The time is right but the shot is sour: let it run 2 g longer. A longer ratio extracts more without touching the grind."
      example
        shot dose 18 g, yield 36 g, time 27 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g
      example "exactly 3 s fast is still on time"
        shot dose 18 g, yield 36 g, time 25 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule sour_thin
      when under and weak and on_time
      then grind finer 1 step
      because "Sour and thin: too little extraction and too little body. A finer grind fixes both; a longer ratio would make it thinner still."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule sour_strong
      when under and intense and not slow and longer_fits
      then yield +2 g
      because "Sour but strong: under-extracted and too concentrated. A 2 g longer ratio extracts more and dilutes it; a finer grind would make it stronger."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule sour_at_long_end
      when under and (no_strength_word and on_time or intense and not slow) and not longer_fits
      then grind finer 1 step
      because "Sour, but the recipe is already near 1:2.5: a longer ratio would leave espresso for a lungo. Grind finer instead to extract more."
      example "18 g to 44 g would become 46 g, past 1:2.5"
        shot dose 18 g, yield 44 g, time 28 s, taste sour
        recipe dose 18 g, yield 44 g, time 28 s
        expect grind finer 1 step
      example "18 g to 43 g may still become 45 g"
        shot dose 18 g, yield 43 g, time 28 s, taste sour
        recipe dose 18 g, yield 43 g, time 28 s
        expect yield +2 g

    rule sour_slow
      when under and slow
      then insufficient "Sour yet slow: the water found a path and skipped most of the coffee. Check your puck preparation (distribution, tamp) before changing the grind."
      because "A slow shot should have extracted plenty. Sour and slow means uneven extraction; grinding finer would only slow it more."
      example
        shot dose 18 g, yield 36 g, time 33 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Bitter or harsh: over-extracted.

    rule bitter_slow
      when over and not weak and slow and not far_slow
      then grind coarser 1 step
      because "A slow, bitter shot is over-extracted: the water stayed too long. A coarser grind speeds it up and extracts less."
      example
        shot dose 18 g, yield 36 g, time 34 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step
      example "harsh and slow: the same"
        shot dose 18 g, yield 36 g, time 33 s, taste harsh
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule bitter_very_slow
      when over and not weak and far_slow
      then grind coarser 2 steps
      because "Bitter and more than 8 s slow: the grind is far too fine, and one step would barely show. Go two steps coarser."
      example
        shot dose 18 g, yield 36 g, time 40 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 2 steps

    rule bitter_on_time
      when bitter_only and no_strength_word and on_time and shorter_fits
      then yield -2 g
      because "The time is right but the shot is bitter: stop it 2 g earlier. A shorter ratio extracts less without touching the grind."
      example
        shot dose 18 g, yield 36 g, time 29 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g
      example "exactly 3 s slow is still on time"
        shot dose 18 g, yield 36 g, time 31 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule harsh_on_time
      when harsh and not sour and not weak and on_time
      then grind coarser 1 step
      because "Harsh and drying on time: clearly over-extracted, more than a shorter ratio would fix. Grind coarser to extract less."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste harsh
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step
      example "bitter and harsh agree: coarser"
        shot dose 18 g, yield 36 g, time 29 s, taste bitter harsh
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule bitter_strong
      when over and intense and on_time
      then grind coarser 1 step
      because "Bitter and strong: over-extracted and too concentrated. A coarser grind lowers both; a shorter ratio would make it stronger still."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste bitter strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule bitter_thin
      when over and weak and not fast and shorter_fits
      then yield -2 g
      because "Bitter but thin: over-extracted and watery. A 2 g shorter ratio extracts less and gives more body; a coarser grind would thin it further."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste bitter thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule bitter_at_short_end
      when (bitter_only and no_strength_word and on_time or over and weak and not fast)
        and not shorter_fits
      then grind coarser 1 step
      because "Bitter, but the recipe is already near 1:1.5: a shorter ratio would leave espresso for a ristretto. Grind coarser instead to extract less."
      example "18 g to 28 g would become 26 g, under 1:1.5"
        shot dose 18 g, yield 28 g, time 28 s, taste bitter
        recipe dose 18 g, yield 28 g, time 28 s
        expect grind coarser 1 step

    rule fast_bitter_or_harsh
      when over and fast
      then insufficient "Fast yet bitter or harsh: water is probably rushing through a channel. Check your puck preparation before changing the grind."
      because "A fast shot should not taste over-extracted. Part of the puck let the water through, and a grind change will not fix that."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule back_off_after_finer
      when previous.adjustment is grind finer and over and fast
      then grind coarser 1 step
      because "The last change was finer, and now the shot runs fast and tastes bitter or harsh: the grind went past the point where finer helps, so go back one step."
      overrides fast_bitter_or_harsh
      example
        previous adjustment grind finer 1 step
        shot dose 18 g, yield 36 g, time 22 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    # ---------------------------------------------------------------------------
    # Sour and over-extracted at once: uneven extraction.

    rule sour_and_bitter
      when sour and bitter
      then insufficient "Sour and bitter together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again."
      because "Sour and bitter at once is uneven extraction; neither the grind nor the ratio fixes both."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule sour_and_harsh
      when sour and harsh and not bitter
      then insufficient "Sour and harsh together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again."
      because "Harsh is over-extraction, so sour and harsh at once is uneven extraction; neither the grind nor the ratio fixes both."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour harsh
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Strength without an extraction taste: the ratio's job, unless the time
    # says extraction is off too.

    rule thin_fast
      when weak and no_extraction_word and fast and not far_fast
      then grind finer 1 step
      because "Thin and fast: the water rushed through and took little with it. A finer grind slows it down and gives it more body."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule thin_very_fast
      when weak and no_extraction_word and far_fast
      then grind finer 2 steps
      because "Thin and more than 8 s fast: the grind is far too coarse. Go two steps finer."
      example
        shot dose 18 g, yield 36 g, time 17 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 2 steps

    rule thin_not_fast
      when weak and no_extraction_word and not fast and shorter_fits
      then yield -2 g
      because "Thin and watery but not running fast: stop it 2 g earlier. A shorter ratio gives a stronger cup."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule balanced_thin
      when about_right and weak and shorter_fits
      then yield -2 g
      because "Balanced but thin: the extraction is right, the cup is weak. Stop it 2 g earlier for more body; the grind can stay."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule thin_at_short_end
      when weak and (no_extraction_word and on_time or about_right and not slow) and not shorter_fits
      then grind finer 1 step
      because "Thin, but the recipe is already near 1:1.5, as short as espresso goes. Grind finer instead for more body."
      example
        shot dose 18 g, yield 28 g, time 28 s, taste thin
        recipe dose 18 g, yield 28 g, time 28 s
        expect grind finer 1 step

    rule strong_slow
      when intense and no_extraction_word and slow and not far_slow
      then grind coarser 1 step
      because "Strong and slow: the water took too much for too long. A coarser grind speeds it up and softens it."
      example
        shot dose 18 g, yield 36 g, time 33 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule strong_very_slow
      when intense and no_extraction_word and far_slow
      then grind coarser 2 steps
      because "Strong and more than 8 s slow: the grind is far too fine. Go two steps coarser."
      example
        shot dose 18 g, yield 36 g, time 38 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 2 steps

    rule strong_longer
      when intense and no_extraction_word and not slow and longer_fits
      then yield +2 g
      because "Heavy and too intense but not running slow: let it run 2 g longer. A longer ratio opens it up."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g
      example "strong and fast: still the ratio"
        shot dose 18 g, yield 36 g, time 23 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule balanced_strong
      when about_right and intense and longer_fits
      then yield +2 g
      because "Balanced but strong: the extraction is right, the cup is too intense. Let it run 2 g longer; the grind can stay."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule strong_at_long_end
      when intense and (no_extraction_word and on_time or about_right and not fast) and not longer_fits
      then grind coarser 1 step
      because "Too intense, but the recipe is already near 1:2.5, as long as espresso goes. Grind coarser instead to soften it."
      example
        shot dose 18 g, yield 44 g, time 28 s, taste strong
        recipe dose 18 g, yield 44 g, time 28 s
        expect grind coarser 1 step

    rule strength_at_window_edge
      when (weak and slow and not shorter_fits or intense and fast and not longer_fits)
        and not sour
        and not bitter
        and not harsh
      then insufficient "The ratio is already at the edge of the espresso window, and the time points the other way: no single step fixes both. Change the dose by a gram, or taste the next shot again."
      because "A shorter (or longer) ratio would leave 1:1.5 to 1:2.5, and the grind that would fix the strength would push the time further off."
      example "thin and slow at 1:1.56"
        shot dose 18 g, yield 28 g, time 34 s, taste thin
        recipe dose 18 g, yield 28 g, time 28 s
        expect insufficient explicit
      example "strong and fast at 1:2.44"
        shot dose 18 g, yield 44 g, time 23 s, taste strong
        recipe dose 18 g, yield 44 g, time 28 s
        expect insufficient explicit

    rule thin_and_strong
      when thin and strong
      then insufficient "Thin and strong at once cannot both be true: taste the next shot again and note one of them."
      because "Thin means too weak and strong too intense; with both noted the rules cannot tell which way to go."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste thin strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Balanced.

    rule balanced
      when about_right and no_strength_word
      then no change
      because "The shot tastes balanced: keep the recipe and pull it again to confirm."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect no change

    # ---------------------------------------------------------------------------
    # Problems to fix before any recipe change: these abstain whatever the taste.

    rule channeling
      when channeling
      then insufficient "Channeling observed: fix puck preparation before changing the recipe."
      because "A channel lets water bypass the coffee, so the taste says little about the recipe; fix the puck first."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced, flow channeling
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

    # ---------------------------------------------------------------------------
    # Numbers that cannot be the shot as pulled: most likely a typo, and a typo
    # must not move the recipe.

    rule check_ratio
      when shot.ratio is known and (shot.ratio < 1 or shot.ratio > 4)
      then insufficient "Check the numbers: a yield under the dose or over four times the dose is not an espresso as logged."
      because "An espresso runs between 1:1 and 1:4; a ratio outside that is almost always a typo in the dose or the yield."
      overrides yield_off_target, dose_off_target
      example "4.2 g out of 18 g"
        shot dose 18 g, yield 4.2 g, time 28 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule check_time
      when shot.time is known and (shot.time < 8 s or shot.time > 90 s)
      then insufficient "Check the numbers: a shot under 8 s or over 90 s is not an espresso as logged."
      because "No espresso runs in under 8 s or for more than a minute and a half; a time like that is almost always a typo."
      example "2.8 s with the full yield"
        shot dose 18 g, yield 36 g, time 2.8 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule check_first_drop
      when shot.first_drop is known and shot.first_drop > shot.time
      then insufficient "Check the numbers: the first drop came after the shot ended."
      because "The first drop is part of the shot, so it cannot come after its end; one of the two times is a typo."
      example
        shot dose 18 g, yield 36 g, time 28 s, first_drop 31 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit
      example "no first drop recorded: decided as usual"
        shot dose 18 g, yield 36 g, time 28 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect no change

    """#
}

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
      otherwise insufficient "No rule covers this shot: note how it tasted (sour, bitter, harsh, balanced, thin or strong)." de "Keine Regel passt zu diesem Bezug: Notier, wie er geschmeckt hat (sauer, bitter, kratzig, ausgewogen, dünn oder kräftig)." es "Ninguna regla cubre esta extracción: anota a qué sabía (ácida, amarga, astringente, equilibrada, aguada o intensa)."

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
      because "A fast, sour shot is under-extracted: the water ran through too quickly. A finer grind slows it and extracts more." de "Schnell und sauer heißt unterextrahiert: Das Wasser ist zu schnell durchgelaufen. Feiner mahlen bremst den Durchlauf und extrahiert mehr." es "Rápida y ácida es falta de extracción: el agua pasó demasiado deprisa. Una molienda más fina la frena y extrae más."
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
      because "Sour and more than 8 s fast: the grind is far too coarse, and one step would barely show. Go two steps finer." de "Sauer und mehr als 8 s zu schnell: Der Mahlgrad ist viel zu grob, eine Stufe würde man kaum merken. Zwei Stufen feiner." es "Ácida y más de 8 s rápida: la molienda es demasiado gruesa y un punto apenas se notaría. Dos puntos más fina."
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
      because "The time is right but the shot is sour: let it run 2 g longer. A longer ratio extracts more without touching the grind." de "Die Durchlaufzeit stimmt, aber der Bezug ist sauer: Lass ihn 2 g länger laufen. Eine längere Ratio extrahiert mehr, ohne am Mahlgrad zu drehen." es "El tiempo está bien pero sale ácida: deja correr 2 g más. Un ratio más largo extrae más sin tocar la molienda."
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
      because "Sour and thin: too little extraction and too little body. A finer grind fixes both; a longer ratio would make it thinner still." de "Sauer und dünn: zu wenig extrahiert und zu wenig Körper. Feiner mahlen behebt beides; eine längere Ratio würde ihn noch dünner machen." es "Ácida y aguada: poca extracción y poco cuerpo. Una molienda más fina arregla las dos cosas; un ratio más largo la aguaría aún más."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule sour_strong
      when under and intense and not slow and longer_fits
      then yield +2 g
      because "Sour but strong: under-extracted and too concentrated. A 2 g longer ratio extracts more and dilutes it; a finer grind would make it stronger." de "Sauer, aber kräftig: unterextrahiert und zu konzentriert. 2 g mehr Ausbeute extrahieren mehr und machen ihn weicher; feiner mahlen würde ihn noch intensiver machen." es "Ácida pero intensa: poca extracción y demasiado concentrada. Un ratio 2 g más largo extrae más y la suaviza; moler más fino la haría aún más intensa."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule sour_at_long_end
      when under and (no_strength_word and on_time or intense and not slow) and not longer_fits
      then grind finer 1 step
      because "Sour, but the recipe is already near 1:2.5: a longer ratio would leave espresso for a lungo. Grind finer instead to extract more." de "Sauer, aber das Rezept liegt schon bei etwa 1:2,5: Mit einer längeren Ratio wird aus dem Espresso ein Lungo. Mahl lieber feiner, um mehr zu extrahieren." es "Ácida, pero la receta ya está cerca de 1:2,5: con un ratio más largo dejaría de ser un espresso para ser un lungo. Mejor muele más fino para extraer más."
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
      then insufficient "Sour yet slow: the water found a path and skipped most of the coffee. Check your puck preparation (distribution, tamp) before changing the grind." de "Sauer, obwohl langsam: Das Wasser hat sich einen Weg gesucht und den Großteil des Kaffees umgangen. Prüf erst die Puck-Vorbereitung (Verteilen, Tampen), bevor du am Mahlgrad drehst." es "Ácida aunque lenta: el agua encontró un camino y se saltó casi todo el café. Revisa la preparación del puck (distribución, tampeo) antes de cambiar la molienda."
      because "A slow shot should have extracted plenty. Sour and slow means uneven extraction; grinding finer would only slow it more." de "Ein langsamer Bezug müsste reichlich extrahiert sein. Sauer und langsam heißt ungleichmäßige Extraktion; feiner mahlen würde ihn nur noch mehr bremsen." es "Una extracción lenta debería haber sacado de sobra. Ácida y lenta indica una extracción desigual; moler más fino solo la frenaría más."
      example
        shot dose 18 g, yield 36 g, time 33 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Bitter or harsh: over-extracted.

    rule bitter_slow
      when over and not weak and slow and not far_slow
      then grind coarser 1 step
      because "A slow, bitter shot is over-extracted: the water stayed too long. A coarser grind speeds it up and extracts less." de "Langsam und bitter heißt überextrahiert: Das Wasser war zu lange im Kaffee. Gröber mahlen beschleunigt den Durchlauf und extrahiert weniger." es "Lenta y amarga es sobreextracción: el agua estuvo demasiado tiempo. Una molienda más gruesa la acelera y extrae menos."
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
      because "Bitter and more than 8 s slow: the grind is far too fine, and one step would barely show. Go two steps coarser." de "Bitter und mehr als 8 s zu langsam: Der Mahlgrad ist viel zu fein, eine Stufe würde man kaum merken. Zwei Stufen gröber." es "Amarga y más de 8 s lenta: la molienda es demasiado fina y un punto apenas se notaría. Dos puntos más gruesa."
      example
        shot dose 18 g, yield 36 g, time 40 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 2 steps

    rule bitter_on_time
      when bitter_only and no_strength_word and on_time and shorter_fits
      then yield -2 g
      because "The time is right but the shot is bitter: stop it 2 g earlier. A shorter ratio extracts less without touching the grind." de "Die Durchlaufzeit stimmt, aber der Bezug ist bitter: Stopp ihn 2 g früher. Eine kürzere Ratio extrahiert weniger, ohne am Mahlgrad zu drehen." es "El tiempo está bien pero sale amarga: córtala 2 g antes. Un ratio más corto extrae menos sin tocar la molienda."
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
      because "Harsh and drying on time: clearly over-extracted, more than a shorter ratio would fix. Grind coarser to extract less." de "Kratzig und adstringierend bei richtiger Zeit: klar überextrahiert, mehr als eine kürzere Ratio auffangen könnte. Mahl gröber, um weniger zu extrahieren." es "Astringente y seca en su tiempo: claramente sobreextraída, más de lo que arreglaría un ratio más corto. Muele más grueso para extraer menos."
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
      because "Bitter and strong: over-extracted and too concentrated. A coarser grind lowers both; a shorter ratio would make it stronger still." de "Bitter und kräftig: überextrahiert und zu konzentriert. Gröber mahlen senkt beides; eine kürzere Ratio würde ihn noch intensiver machen." es "Amarga e intensa: sobreextraída y demasiado concentrada. Una molienda más gruesa baja las dos cosas; un ratio más corto la haría aún más intensa."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste bitter strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule bitter_thin
      when over and weak and not fast and shorter_fits
      then yield -2 g
      because "Bitter but thin: over-extracted and watery. A 2 g shorter ratio extracts less and gives more body; a coarser grind would thin it further." de "Bitter, aber dünn: überextrahiert und wässrig. 2 g weniger Ausbeute extrahieren weniger und geben mehr Körper; gröber mahlen würde ihn noch dünner machen." es "Amarga pero aguada: sobreextraída y sin cuerpo. Un ratio 2 g más corto extrae menos y da más cuerpo; moler más grueso la aguaría aún más."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste bitter thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule bitter_at_short_end
      when (bitter_only and no_strength_word and on_time or over and weak and not fast)
        and not shorter_fits
      then grind coarser 1 step
      because "Bitter, but the recipe is already near 1:1.5: a shorter ratio would leave espresso for a ristretto. Grind coarser instead to extract less." de "Bitter, aber das Rezept liegt schon bei etwa 1:1,5: Mit einer kürzeren Ratio wird aus dem Espresso ein Ristretto. Mahl lieber gröber, um weniger zu extrahieren." es "Amarga, pero la receta ya está cerca de 1:1,5: con un ratio más corto dejaría de ser un espresso para ser un ristretto. Mejor muele más grueso para extraer menos."
      example "18 g to 28 g would become 26 g, under 1:1.5"
        shot dose 18 g, yield 28 g, time 28 s, taste bitter
        recipe dose 18 g, yield 28 g, time 28 s
        expect grind coarser 1 step

    rule fast_bitter_or_harsh
      when over and fast
      then insufficient "Fast yet bitter or harsh: water is probably rushing through a channel. Check your puck preparation before changing the grind." de "Schnell und trotzdem bitter oder kratzig: Wahrscheinlich schießt das Wasser durch einen Kanal. Prüf die Puck-Vorbereitung, bevor du am Mahlgrad drehst." es "Rápida y aun así amarga o astringente: seguramente el agua se cuela por un canal. Revisa la preparación del puck antes de cambiar la molienda."
      because "A fast shot should not taste over-extracted. Part of the puck let the water through, and a grind change will not fix that." de "Ein schneller Bezug sollte nicht überextrahiert schmecken. Ein Teil des Pucks hat das Wasser durchgelassen, und das behebt kein anderer Mahlgrad." es "Una extracción rápida no debería saber sobreextraída. Una parte del puck dejó pasar el agua, y eso no se arregla cambiando la molienda."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule back_off_after_finer
      when previous.adjustment is grind finer and over and fast
      then grind coarser 1 step
      because "The last change was finer, and now the shot runs fast and tastes bitter or harsh: the grind went past the point where finer helps, so go back one step." de "Zuletzt wurde feiner gemahlen, und jetzt läuft der Bezug schnell und schmeckt bitter oder kratzig: Der Mahlgrad ist über den Punkt hinaus, an dem feiner noch hilft. Geh eine Stufe zurück." es "El último cambio fue moler más fino y ahora sale rápida y amarga o astringente: la molienda pasó del punto en que más fino ayuda, así que vuelve un punto atrás."
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
      then insufficient "Sour and bitter together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again." de "Sauer und bitter zugleich: Ein Teil des Pucks lief zu schnell, ein Teil zu langsam. Arbeite am Verteilen und Tampen und zieh dann den nächsten Bezug." es "Ácida y amarga a la vez: parte del puck corrió demasiado rápido y parte demasiado lento. Trabaja la distribución y el tampeo y vuelve a extraer."
      because "Sour and bitter at once is uneven extraction; neither the grind nor the ratio fixes both." de "Sauer und bitter zugleich ist ungleichmäßige Extraktion; weder Mahlgrad noch Ratio beheben beides." es "Ácida y amarga a la vez es una extracción desigual; ni la molienda ni el ratio arreglan las dos cosas."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste sour bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule sour_and_harsh
      when sour and harsh and not bitter
      then insufficient "Sour and harsh together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again." de "Sauer und kratzig zugleich: Ein Teil des Pucks lief zu schnell, ein Teil zu langsam. Arbeite am Verteilen und Tampen und zieh dann den nächsten Bezug." es "Ácida y astringente a la vez: parte del puck corrió demasiado rápido y parte demasiado lento. Trabaja la distribución y el tampeo y vuelve a extraer."
      because "Harsh is over-extraction, so sour and harsh at once is uneven extraction; neither the grind nor the ratio fixes both." de "Kratzig heißt überextrahiert, sauer und kratzig zugleich also ungleichmäßige Extraktion; weder Mahlgrad noch Ratio beheben beides." es "Lo astringente es sobreextracción, así que ácida y astringente a la vez es una extracción desigual; ni la molienda ni el ratio arreglan las dos cosas."
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
      because "Thin and fast: the water rushed through and took little with it. A finer grind slows it down and gives it more body." de "Dünn und schnell: Das Wasser ist durchgerauscht und hat wenig mitgenommen. Feiner mahlen bremst es und gibt mehr Körper." es "Aguada y rápida: el agua pasó de golpe y se llevó poco. Una molienda más fina la frena y da más cuerpo."
      example
        shot dose 18 g, yield 36 g, time 22 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 1 step

    rule thin_very_fast
      when weak and no_extraction_word and far_fast
      then grind finer 2 steps
      because "Thin and more than 8 s fast: the grind is far too coarse. Go two steps finer." de "Dünn und mehr als 8 s zu schnell: Der Mahlgrad ist viel zu grob. Zwei Stufen feiner." es "Aguada y más de 8 s rápida: la molienda es demasiado gruesa. Dos puntos más fina."
      example
        shot dose 18 g, yield 36 g, time 17 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind finer 2 steps

    rule thin_not_fast
      when weak and no_extraction_word and not fast and shorter_fits
      then yield -2 g
      because "Thin and watery but not running fast: stop it 2 g earlier. A shorter ratio gives a stronger cup." de "Dünn und wässrig, aber nicht zu schnell: Stopp ihn 2 g früher. Eine kürzere Ratio gibt eine kräftigere Tasse." es "Aguada pero sin correr rápido: córtala 2 g antes. Un ratio más corto da una taza con más cuerpo."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule balanced_thin
      when about_right and weak and shorter_fits
      then yield -2 g
      because "Balanced but thin: the extraction is right, the cup is weak. Stop it 2 g earlier for more body; the grind can stay." de "Ausgewogen, aber dünn: Die Extraktion passt, die Tasse ist schwach. Stopp 2 g früher für mehr Körper; der Mahlgrad bleibt." es "Equilibrada pero aguada: la extracción está bien, la taza es floja. Córtala 2 g antes para más cuerpo; la molienda se queda."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced thin
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield -2 g

    rule thin_at_short_end
      when weak and (no_extraction_word and on_time or about_right and not slow) and not shorter_fits
      then grind finer 1 step
      because "Thin, but the recipe is already near 1:1.5, as short as espresso goes. Grind finer instead for more body." de "Dünn, aber das Rezept liegt schon bei etwa 1:1,5, kürzer geht Espresso nicht. Mahl lieber feiner für mehr Körper." es "Aguada, pero la receta ya está cerca de 1:1,5, lo más corto para un espresso. Mejor muele más fino para darle cuerpo."
      example
        shot dose 18 g, yield 28 g, time 28 s, taste thin
        recipe dose 18 g, yield 28 g, time 28 s
        expect grind finer 1 step

    rule strong_slow
      when intense and no_extraction_word and slow and not far_slow
      then grind coarser 1 step
      because "Strong and slow: the water took too much for too long. A coarser grind speeds it up and softens it." de "Kräftig und langsam: Das Wasser hat zu lange zu viel herausgeholt. Gröber mahlen beschleunigt den Durchlauf und macht ihn milder." es "Intensa y lenta: el agua sacó demasiado durante demasiado tiempo. Una molienda más gruesa la acelera y la suaviza."
      example
        shot dose 18 g, yield 36 g, time 33 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 1 step

    rule strong_very_slow
      when intense and no_extraction_word and far_slow
      then grind coarser 2 steps
      because "Strong and more than 8 s slow: the grind is far too fine. Go two steps coarser." de "Kräftig und mehr als 8 s zu langsam: Der Mahlgrad ist viel zu fein. Zwei Stufen gröber." es "Intensa y más de 8 s lenta: la molienda es demasiado fina. Dos puntos más gruesa."
      example
        shot dose 18 g, yield 36 g, time 38 s, taste strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect grind coarser 2 steps

    rule strong_longer
      when intense and no_extraction_word and not slow and longer_fits
      then yield +2 g
      because "Heavy and too intense but not running slow: let it run 2 g longer. A longer ratio opens it up." de "Schwer und zu intensiv, aber nicht zu langsam: Lass ihn 2 g länger laufen. Eine längere Ratio öffnet ihn." es "Pesada y demasiado intensa, pero sin correr lenta: deja correr 2 g más. Un ratio más largo la abre."
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
      because "Balanced but strong: the extraction is right, the cup is too intense. Let it run 2 g longer; the grind can stay." de "Ausgewogen, aber kräftig: Die Extraktion passt, die Tasse ist zu intensiv. Lass ihn 2 g länger laufen; der Mahlgrad bleibt." es "Equilibrada pero intensa: la extracción está bien, la taza es demasiado intensa. Deja correr 2 g más; la molienda se queda."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect yield +2 g

    rule strong_at_long_end
      when intense and (no_extraction_word and on_time or about_right and not fast) and not longer_fits
      then grind coarser 1 step
      because "Too intense, but the recipe is already near 1:2.5, as long as espresso goes. Grind coarser instead to soften it." de "Zu intensiv, aber das Rezept liegt schon bei etwa 1:2,5, länger geht Espresso nicht. Mahl lieber gröber, um ihn milder zu machen." es "Demasiado intensa, pero la receta ya está cerca de 1:2,5, lo más largo para un espresso. Mejor muele más grueso para suavizarla."
      example
        shot dose 18 g, yield 44 g, time 28 s, taste strong
        recipe dose 18 g, yield 44 g, time 28 s
        expect grind coarser 1 step

    rule strength_at_window_edge
      when (weak and slow and not shorter_fits or intense and fast and not longer_fits)
        and not sour
        and not bitter
        and not harsh
      then insufficient "The ratio is already at the edge of the espresso window, and the time points the other way: no single step fixes both. Change the dose by a gram, or taste the next shot again." de "Die Ratio ist schon am Rand des Espresso-Fensters, und die Durchlaufzeit zeigt in die andere Richtung: Kein einzelner Schritt behebt beides. Ändere die Dosis um ein Gramm oder probier den nächsten Bezug noch einmal genau." es "El ratio ya está en el límite de la ventana del espresso y el tiempo apunta al otro lado: ningún paso arregla las dos cosas. Cambia la dosis un gramo o vuelve a catar la siguiente extracción."
      because "A shorter (or longer) ratio would leave 1:1.5 to 1:2.5, and the grind that would fix the strength would push the time further off." de "Eine kürzere (oder längere) Ratio würde 1:1,5 bis 1:2,5 verlassen, und der Mahlgrad, der die Stärke richten würde, brächte die Zeit noch weiter daneben." es "Un ratio más corto (o más largo) saldría de 1:1,5 a 1:2,5, y la molienda que corregiría la intensidad alejaría aún más el tiempo."
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
      then insufficient "Thin and strong at once cannot both be true: taste the next shot again and note one of them." de "Dünn und kräftig zugleich geht nicht: Probier den nächsten Bezug noch einmal und notier nur eins von beiden." es "Aguada e intensa a la vez no puede ser: cata la siguiente extracción y anota solo una de las dos."
      because "Thin means too weak and strong too intense; with both noted the rules cannot tell which way to go." de "Dünn heißt zu schwach, kräftig zu intensiv; mit beidem notiert wissen die Regeln nicht, in welche Richtung es gehen soll." es "Aguada es demasiado floja e intensa demasiado fuerte; con las dos anotadas las reglas no saben hacia dónde ir."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste thin strong
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Balanced.

    rule balanced
      when about_right and no_strength_word
      then no change
      because "The shot tastes balanced: keep the recipe and pull it again to confirm." de "Der Bezug schmeckt ausgewogen: Bleib beim Rezept und zieh ihn zur Bestätigung noch einmal." es "La extracción sabe equilibrada: mantén la receta y repítela para confirmarlo."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect no change

    # ---------------------------------------------------------------------------
    # Problems to fix before any recipe change: these abstain whatever the taste.

    rule channeling
      when channeling
      then insufficient "Channeling observed: fix puck preparation before changing the recipe." de "Kanalbildung gesehen: Erst die Puck-Vorbereitung in Ordnung bringen, dann am Rezept drehen." es "Hay canalización: corrige la preparación del puck antes de cambiar la receta."
      because "A channel lets water bypass the coffee, so the taste says little about the recipe; fix the puck first." de "Durch einen Kanal fließt das Wasser am Kaffee vorbei, der Geschmack sagt dann wenig über das Rezept; erst den Puck richten." es "Por un canal el agua esquiva el café, así que el sabor dice poco de la receta; arregla primero el puck."
      example
        shot dose 18 g, yield 36 g, time 28 s, taste balanced, flow channeling
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule gushing
      when gushing
      then insufficient "The shot gushed: the puck gave way; fix distribution and tamping (or grind much finer) before a one-step change." de "Der Bezug ist durchgeschossen, der Puck hat nachgegeben: Bring Verteilen und Tampen in Ordnung (oder mahl deutlich feiner), bevor du eine Stufe änderst." es "La extracción salió a chorro, el puck cedió: corrige la distribución y el tampeo (o muele mucho más fino) antes de cambiar un punto."
      because "When the puck gives way the water rushes through; the taste and the time then say little about the grind, and one step is too small a change." de "Gibt der Puck nach, schießt das Wasser durch; Geschmack und Durchlaufzeit sagen dann wenig über den Mahlgrad, und eine Stufe ist zu wenig." es "Cuando el puck cede, el agua pasa de golpe; el sabor y el tiempo dicen entonces poco de la molienda, y un punto es un cambio demasiado pequeño."
      example "gushing, sour and on time: no yield change"
        shot dose 18 g, yield 36 g, time 27 s, taste sour, flow gushing
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule choked
      when choked
      then insufficient "The shot choked: far too fine or too much coffee; go several steps coarser or check the dose, then dial in again." de "Der Bezug ist erstickt: viel zu fein oder zu viel Kaffee. Mahl mehrere Stufen gröber oder prüf die Dosis und stell dann neu ein." es "La extracción se ahogó: molienda demasiado fina o demasiado café. Muele varios puntos más grueso o revisa la dosis, y vuelve a calibrar."
      because "A choked shot barely ran: the recipe is so far off that a one-step change would not get it back; start the dial-in again." de "Ein erstickter Bezug ist kaum gelaufen: Das Rezept liegt so weit daneben, dass eine Stufe es nicht zurückholt; fang mit dem Einstellen neu an." es "Una extracción ahogada apenas corrió: la receta está tan lejos que un punto no la recupera; empieza a calibrar de nuevo."
      example "choked, bitter and slow: not one step coarser"
        shot dose 18 g, yield 36 g, time 45 s, taste bitter, flow choked
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule yield_off_target
      when dy < -2 g or dy > 2 g
      then insufficient "The shot missed the target yield by more than 2 g; pull to the target first." de "Die Ausbeute lag mehr als 2 g neben dem Ziel; zieh den Bezug erst auf die Zielmenge." es "El rendimiento se desvió más de 2 g del objetivo; primero extrae hasta el objetivo."
      because "Taste and time only say something about the recipe when the shot was pulled to about its target yield." de "Geschmack und Durchlaufzeit sagen nur dann etwas über das Rezept, wenn der Bezug ungefähr auf die Zielmenge gezogen wurde." es "El sabor y el tiempo solo dicen algo de la receta si la extracción llegó más o menos al rendimiento objetivo."
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
      then insufficient "The dose differed from the recipe by more than 0.5 g." de "Die Dosis wich um mehr als 0,5 g vom Rezept ab." es "La dosis se desvió más de 0,5 g de la receta."
      because "A different dose changes time and taste on its own; weigh out the recipe's dose and pull again." de "Eine andere Dosis ändert Zeit und Geschmack schon für sich; wieg die Dosis des Rezepts ab und zieh noch einmal." es "Otra dosis cambia por sí sola el tiempo y el sabor; pesa la dosis de la receta y vuelve a extraer."
      example
        shot dose 19 g, yield 36 g, time 34 s, taste bitter
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    # ---------------------------------------------------------------------------
    # Numbers that cannot be the shot as pulled: most likely a typo, and a typo
    # must not move the recipe.

    rule check_ratio
      when shot.ratio is known and (shot.ratio < 1 or shot.ratio > 4)
      then insufficient "Check the numbers: a yield under the dose or over four times the dose is not an espresso as logged." de "Prüf die Eingaben: Weniger Ausbeute als Dosis oder mehr als das Vierfache der Dosis – so kann kein Espresso gelaufen sein." es "Revisa los datos: un rendimiento menor que la dosis o mayor que cuatro veces la dosis no puede ser un espresso tal como está anotado."
      because "An espresso runs between 1:1 and 1:4; a ratio outside that is almost always a typo in the dose or the yield." de "Ein Espresso liegt zwischen 1:1 und 1:4; eine Ratio außerhalb davon ist fast immer ein Tippfehler bei Dosis oder Ausbeute." es "Un espresso va de 1:1 a 1:4; un ratio fuera de eso casi siempre es una errata en la dosis o el rendimiento."
      overrides yield_off_target, dose_off_target
      example "4.2 g out of 18 g"
        shot dose 18 g, yield 4.2 g, time 28 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule check_time
      when shot.time is known and (shot.time < 8 s or shot.time > 90 s)
      then insufficient "Check the numbers: a shot under 8 s or over 90 s is not an espresso as logged." de "Prüf die Eingaben: Unter 8 s oder über 90 s – so kann kein Espresso gelaufen sein." es "Revisa los datos: una extracción de menos de 8 s o de más de 90 s no puede ser un espresso tal como está anotado."
      because "No espresso runs in under 8 s or for more than a minute and a half; a time like that is almost always a typo." de "Kein Espresso läuft unter 8 s oder länger als anderthalb Minuten; so eine Zeit ist fast immer ein Tippfehler." es "Ningún espresso tarda menos de 8 s ni más de minuto y medio; un tiempo así casi siempre es una errata."
      example "2.8 s with the full yield"
        shot dose 18 g, yield 36 g, time 2.8 s, taste sour
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit

    rule check_first_drop
      when shot.first_drop is known and shot.first_drop > shot.time
      then insufficient "Check the numbers: the first drop came after the shot ended." de "Prüf die Eingaben: Der erste Tropfen kam nach dem Ende des Bezugs." es "Revisa los datos: la primera gota llegó después de terminar la extracción."
      because "The first drop is part of the shot, so it cannot come after its end; one of the two times is a typo." de "Der erste Tropfen gehört zum Bezug und kann nicht nach seinem Ende kommen; eine der beiden Zeiten ist ein Tippfehler." es "La primera gota es parte de la extracción, así que no puede llegar después del final; uno de los dos tiempos es una errata."
      example
        shot dose 18 g, yield 36 g, time 28 s, first_drop 31 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect insufficient explicit
      example "no first drop recorded: decided as usual"
        shot dose 18 g, yield 36 g, time 28 s, taste balanced
        recipe dose 18 g, yield 36 g, time 28 s
        expect no change

    # ---------------------------------------------------------------------------
    # What the table promises. `dialrules lint` proves each one over every valid
    # shot, or shows a shot that breaks it (docs/default-rules.md lists them).

    property bitter_never_finer
      when bitter and not sour
      never grind finer
      because "A bitter shot is over-extracted: a finer grind would extract even more."

    property sour_never_coarser
      when sour and not bitter and not harsh
      never grind coarser
      because "A sour shot is under-extracted: a coarser grind would extract even less."

    property fast_never_coarser
      when fast and not previous.adjustment is grind finer
      never grind coarser
      because "A coarser grind would make a fast shot faster still (going back after a step finer is the exception)."

    property slow_never_finer
      when slow
      never grind finer
      because "A finer grind would make a slow shot slower still."

    property channeling_keeps_recipe
      when channeling
      never grind or yield or temperature
      because "A channel says little about the recipe: fix the puck first."

    property balanced_on_time_no_change
      when about_right
        and no_strength_word
        and on_time
        and dy between -2 g and 2 g
        and dd between -0.5 g and 0.5 g
        and not channeling
        and not gushing
        and not choked
        and shot.ratio between 1 and 4
        and shot.time between 8 s and 90 s
        and not (shot.first_drop is known and shot.first_drop > shot.time)
      always no change
      because "A balanced shot on time and on target is the recipe working: keep it."

    property longer_ratio_stays_in_window
      when recipe.yield + 2 g > 2.5 * recipe.dose
      never yield +2 g
      because "A longer ratio must not take the recipe past 1:2.5."

    property shorter_ratio_stays_in_window
      when recipe.yield - 2 g < 1.5 * recipe.dose
      never yield -2 g
      because "A shorter ratio must not take the recipe under 1:1.5."

    """#
}

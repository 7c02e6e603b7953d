extension CommandWords {
  /// The details of the dial-in loop's commands in German and Spanish (see `details`).
  static let loopDetails: [String: (de: String, es: String)] = [
    "log": (
      """
      Der Bezug wird mit dem aktiven Rezept des Kaffees erfasst. BEAN ist sonst der aktuelle Kaffee
      (der zuletzt erfasste oder der mit 'dialshot use' gewählte). Die Dosis ist sonst die des Rezepts;
      alles andere, was fehlt, ist unbekannt, und die Regeln behandeln es als unbekannt (sie raten nie).

      Die Bewertung ist kurz: der Bezug, die Entscheidung, kurz warum, die Änderung und wie man
      antwortet (höchstens 8 Zeilen); --long oder 'dialshot suggest' zeigt die ganze Karte.

      In einer Zeile: 'dialshot log 28 36 sour' heißt --time 28 --yield 36 --taste sour. Die erste Zahl
      ist die Durchlaufzeit, die zweite die Ausbeute, die Wörter danach der Geschmack; Einheiten dürfen
      folgen (28s 36g), ein Dezimalkomma wird gelesen (36,5). Ein BEAN, der wie eine Zahl aussieht,
      gilt als Durchlaufzeit: so einen Kaffee mit dem Anfang seiner Id nennen.

      Ein Bezug, dessen Zahlen nach Tippfehler aussehen — Ratio unter 1:1 oder über 1:4, Durchlaufzeit
      unter 8 s — wird erst nach 'y' auf die Frage 'Log it anyway?' erfasst; ohne Terminal wird er mit
      Rückgabewert 1 abgelehnt und nichts erfasst, außer mit --yes.

      Optionen:
        --time S          Durchlaufzeit in Sekunden (nötig, hier oder als erste Zahl)
        --yield G         Ausbeute (Getränkemenge) in Gramm
        --dose G          Dosis in Gramm (Vorgabe: die des Rezepts)
        --first-drop S    Sekunden bis zum ersten Tropfen
        --taste TAG       sour (sauer), bitter, balanced (ausgewogen), thin (dünn), strong (kräftig),
                          harsh (kratzig); wiederholen oder mit Kommas trennen; 'none' heißt: probiert,
                          nichts davon (die Option weglassen, wenn nicht probiert)
        --flow TAG        channeling (Kanalbildung), gushing (schießt durch), choked (läuft nicht
                          durch); weglassen, wenn nichts auffiel
        --rating R        wie gut er war, 0 bis 5 in halben Schritten
        --notes TEXT      freier Text
        --at TIME         wann er gezogen wurde (Vorgabe: jetzt): Ortszeit als 2026-03-01 08:15 oder
                          08:15 (heute), oder ISO 8601 mit Z oder Versatz; nie in der Zukunft
        --grind SETTING   der tatsächlich verwendete Mahlgrad, wenn es nicht der des Rezepts war (auf
                          der Skala der Mühle); bleibt beim Bezug, eine Mahlgradänderung geht von ihm aus
        --yes             Zahlen, die nach Tippfehler aussehen, ohne Frage erfassen
        --long            die ganze Karte (dieser Bezug neben dem vorigen und dem Rezept, jede
                          Begründung, die Vorschau) statt der kurzen Bewertung
        --rules FILE      diese Regeln statt der eingestellten oder eingebauten auswerten
        --verbose         Regel-Ids, Begründungscodes und den Inhalts-Hash der Regeln zeigen
      """,
      """
      La extracción se registra con la receta activa del café. BEAN es por defecto el café actual (el
      último registrado, o el elegido con 'dialshot use'). La dosis es por defecto la de la receta; lo
      demás que no se indique es desconocido, y las reglas lo tratan como desconocido (nunca adivinan).

      La revisión es corta: la extracción, la decisión, el porqué en breve, el cambio y cómo responder
      (8 líneas como mucho); --long o 'dialshot suggest' muestra la ficha completa.

      En una línea: 'dialshot log 28 36 sour' es --time 28 --yield 36 --taste sour. El primer número
      es el tiempo, el segundo el rendimiento, las palabras que siguen el sabor; pueden llevar unidades
      (28s 36g) y se admite la coma decimal (36,5). Un BEAN que parece un número se toma por el
      tiempo: nombra ese café por el principio de su id.

      Una extracción cuyos números parecen una errata — ratio por debajo de 1:1 o por encima de 1:4,
      tiempo por debajo de 8 s — solo se registra tras responder 'y' a 'Log it anyway?'; sin terminal
      donde preguntar se rechaza con código 1 y no se registra nada, salvo con --yes.

      Opciones:
        --time S          tiempo de extracción en segundos (obligatorio, aquí o como primer número)
        --yield G         rendimiento (bebida en taza) en gramos
        --dose G          dosis en gramos (por defecto: la de la receta)
        --first-drop S    segundos hasta la primera gota
        --taste TAG       sour (ácido), bitter (amargo), balanced (equilibrado), thin (aguado), strong
                          (intenso), harsh (astringente); repite la opción o separa con comas; 'none' es
                          haberlo probado sin ninguno de ellos (omite la opción si no lo probaste)
        --flow TAG        channeling (canalización), gushing (sale a chorro), choked (ahogado); omítela
                          si no notaste nada
        --rating R        cuánto te gustó, de 0 a 5 en medios puntos
        --notes TEXT      texto libre
        --at TIME         cuándo se sacó (por defecto: ahora): hora local como 2026-03-01 08:15 u 08:15
                          (hoy), o ISO 8601 con Z o un desfase; nunca en el futuro
        --grind SETTING   la molienda que usaste de verdad, si no fue la de la receta (en la escala
                          del molino); se guarda con la extracción y un cambio de molienda parte de ella
        --yes             registrar sin preguntar números que parecen una errata
        --long            la ficha completa (esta extracción junto a la anterior y la receta, cada
                          motivo, la vista previa) en vez de la revisión corta
        --rules FILE      evaluar estas reglas en vez de las configuradas o las incluidas
        --verbose         mostrar ids de reglas, códigos de motivo y el hash del contenido de las reglas
      """
    ),
    "suggest": (
      """
      SHOT ist eine Nummer aus 'dialshot history' (12 oder #12), der Anfang der Id eines Bezugs oder
      'latest' (Vorgabe: der zuletzt erfasste Bezug). Alles Gezeigte ist, was beim Erfassen gespeichert
      wurde: der Bezug, der Bezug, mit dem er verglichen wurde, die Entscheidung. Mit --rules FILE wird
      der gespeicherte Bezug mit diesen Regeln neu bewertet; das Ergebnis wird gezeigt, nicht gespeichert.

      Optionen:
        --rules FILE    mit diesen Regeln neu bewerten (nur Vorschau)
        --verbose       Regel-Ids, Begründungscodes und den Inhalts-Hash der Regeln zeigen
      """,
      """
      SHOT es un número de 'dialshot history' (12 o #12), el principio del id de una extracción, o
      'latest' (por defecto: la última registrada). Todo lo que se muestra es lo que se guardó al
      registrarla: la extracción, aquella con la que se comparó, la decisión. Con --rules FILE la
      extracción guardada se evalúa de nuevo con esas reglas y el resultado se muestra, no se guarda.

      Opciones:
        --rules FILE    evaluar de nuevo con estas reglas (solo vista previa)
        --verbose       mostrar ids de reglas, códigos de motivo y el hash del contenido de las reglas
      """
    ),
    "accept": (
      """
      SHOT ist eine Nummer aus 'dialshot history', der Anfang der Id eines Bezugs oder 'latest'
      (Vorgabe: der zuletzt erfasste Bezug). Annehmen scheitert (Rückgabewert 1), wenn der Bezug keinen
      Vorschlag hat, die Regeln zu wenig Anhaltspunkte fanden, er schon beantwortet, verworfen oder
      berichtigt wurde, sich das Rezept seitdem geändert hat oder die Änderung sich nicht anwenden lässt
      (eine Mühle mit freien Einstellungen). 'dialshot undo' geht zum Rezept vor einer angenommenen
      Änderung zurück.

      Optionen:
        --note TEXT    wird mit der Antwort gespeichert
      """,
      """
      SHOT es un número de 'dialshot history', el principio del id de una extracción, o 'latest' (por
      defecto: la última registrada). Aceptar falla (código 1) si la extracción no tiene sugerencia, si
      las reglas encontraron muy pocos datos, si ya se respondió, se anuló o se corrigió, si la receta
      cambió desde entonces, o si el cambio no se puede aplicar (un molino con ajustes libres).
      'dialshot undo' vuelve a la receta de antes de un cambio aceptado.

      Opciones:
        --note TEXT    se guarda con la respuesta
      """
    ),
    "reject": (
      """
      SHOT ist eine Nummer aus 'dialshot history', der Anfang der Id eines Bezugs oder 'latest'
      (Vorgabe: der zuletzt erfasste Bezug).

      Optionen:
        --note TEXT    warum, wird mit der Antwort gespeichert
      """,
      """
      SHOT es un número de 'dialshot history', el principio del id de una extracción, o 'latest' (por
      defecto: la última registrada).

      Opciones:
        --note TEXT    por qué, se guarda con la respuesta
      """
    ),
    "undo": (
      """
      SHOT ist eine Nummer aus 'dialshot history', der Anfang der Id eines Bezugs oder 'latest'
      (Vorgabe: der zuletzt erfasste Bezug). Nur eine angenommene Änderung lässt sich rückgängig
      machen, einmal, und nur solange sie das Rezept des Kaffees ist (sonst das Rezept von Hand setzen
      mit 'dialshot recipe set'). Der nächste Bezug sieht den Weg zurück als seine vorige Anpassung.

      Optionen:
        --note TEXT    warum, wird mit dem Rückgängigmachen gespeichert
      """,
      """
      SHOT es un número de 'dialshot history', el principio del id de una extracción, o 'latest' (por
      defecto: la última registrada). Solo se puede deshacer un cambio aceptado, una vez, y solo
      mientras siga siendo la receta del café (si no, ajusta la receta a mano con 'dialshot recipe
      set'). La siguiente extracción ve la vuelta atrás como su ajuste anterior.

      Opciones:
        --note TEXT    por qué, se guarda con la vuelta atrás
      """
    ),
  ]
}

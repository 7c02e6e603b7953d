extension CommandWords {
  /// The details of the commands around the dial-in loop (profiles, recipes, corrections, lists,
  /// exports and analysis) in German and Spanish; with `loopDetails`, every command's.
  static let recordDetails: [String: (de: String, es: String)] = [
    "use": (
      """
      Ohne Argumente zeigt er den aktuellen Kaffee und die aktuelle Mühle. 'log', 'pull', 'recipe',
      'trends' und 'amend' nehmen den aktuellen Kaffee, wenn BEAN fehlt; 'recipe set' nimmt für das
      erste Rezept eines Kaffees die aktuelle Mühle. Ein erfasster Bezug macht seinen Kaffee und seine
      Mühle zu den aktuellen.

      Optionen:
        --grinder NAME    die aktuelle Mühle
      """,
      """
      Sin argumentos, muestra el café y el molino actuales. 'log', 'pull', 'recipe', 'trends' y
      'amend' usan el café actual cuando no se da BEAN; 'recipe set' usa el molino actual para la
      primera receta de un café. Registrar una extracción hace actuales su café y su molino.

      Opciones:
        --grinder NAME    el molino actual
      """
    ),
    "void": (
      """
      SHOT ist eine Nummer aus 'dialshot history' (12 oder #12), der Anfang der Id eines Bezugs oder
      'latest'. Der Bezug und die Antworten darauf bleiben, wie sie waren; eine angenommene Änderung,
      zu der er führte, bleibt im Rezept (vorher mit 'dialshot undo SHOT' zurücknehmen, wenn nicht).
      Ein berichtigter Bezug kann nicht verworfen werden: seine Berichtigung verwerfen.

      Optionen:
        --why TEXT    warum der Bezug nicht zählt (nötig)
      """,
      """
      SHOT es un número de 'dialshot history' (12 o #12), el principio del id de una extracción o
      'latest'. La extracción y sus respuestas quedan como estaban; un cambio aceptado al que llevó
      sigue en la receta (deshazlo antes con 'dialshot undo SHOT' si no debe seguir). Una extracción
      corregida no se puede descartar: descarta su corrección.

      Opciones:
        --why TEXT    por qué la extracción no cuenta (obligatorio)
      """
    ),
    "amend": (
      """
      SHOT ist eine Nummer aus 'dialshot history' (12 oder #12), der Anfang der Id eines Bezugs oder
      'latest'. Nur angeben, was sich ändert; alles andere wird vom Bezug übernommen. So beantwortet
      man "zu wenig, um zu entscheiden" mit dem fehlenden Geschmack: dialshot amend 3 --taste sour.
      Danach folgt die Bewertung der Berichtigung mit ihrem eigenen Vorschlag. Ein verworfener oder
      schon berichtigter Bezug kann nicht berichtigt werden.

      Optionen:
        --time S, --yield G, --dose G, --first-drop S    berichtigte Messwerte
        --taste TAG, --flow TAG                          das berichtigte Urteil ('none' für keins)
        --rating R                                       0 bis 5 in halben Schritten
        --notes TEXT                                     die berichtigten Notizen
        --yes                                            auf Zahlen berichtigen, die nach Tippfehler
                                                         aussehen (Ratio unter 1:1 oder über 1:4,
                                                         Durchlaufzeit unter 8 s), ohne Frage, wie
                                                         'log --yes'
        --rules FILE                                     mit diesen Regeln entscheiden
        --verbose                                        Regel-Ids und Begründungscodes zeigen
      """,
      """
      SHOT es un número de 'dialshot history' (12 o #12), el principio del id de una extracción o
      'latest'. Indica solo lo que cambia; lo demás se copia de la extracción. Así se responde a "no
      hay bastante para decidir" con el sabor que falta: dialshot amend 3 --taste sour. Sigue la
      revisión de la corrección, con su propia sugerencia. Una extracción descartada o ya corregida
      no se puede corregir.

      Opciones:
        --time S, --yield G, --dose G, --first-drop S    medidas corregidas
        --taste TAG, --flow TAG                          el veredicto corregido ('none' para ninguno)
        --rating R                                       de 0 a 5 en medios puntos
        --notes TEXT                                     las notas corregidas
        --yes                                            corregir a números que parecen una errata
                                                         (ratio por debajo de 1:1 o por encima de
                                                         1:4, tiempo por debajo de 8 s) sin
                                                         preguntar, como 'log --yes'
        --rules FILE                                     decidir con estas reglas
        --verbose                                        mostrar ids de reglas y códigos de motivo
      """
    ),
    "compare": (
      """
      A und B sind Bezugsnummern aus 'dialshot history', Anfänge von Bezugs-Ids oder 'latest'.
      """,
      """
      A y B son números de extracción de 'dialshot history', principios de ids de extracción o 'latest'.
      """
    ),
    "config": (
      """
      Regeln werden in dieser Reihenfolge gesucht: --rules FILE, $DIALSHOT_RULES, die hier gesetzte
      Datei und zuletzt die in dialshot eingebauten Espresso-Regeln (so geht es in jedem Verzeichnis).

      Optionen:
        --clear    die eingestellte Datei vergessen und wieder die eingebauten Regeln nehmen
      """,
      """
      Las reglas se buscan en este orden: --rules FILE, $DIALSHOT_RULES, el archivo fijado aquí y
      por último las reglas de espresso incluidas en dialshot (así funciona desde cualquier carpeta).

      Opciones:
        --clear    olvidar el archivo configurado y volver a las reglas incluidas
      """
    ),
    "gaps": (
      """
      Die Regeln werden wie von 'dialrules lint' untersucht; jeder Bezug des Protokolls (sein
      Datensatz: Rezept, Mühle, Messwerte, voriger Bezug) wird in die Bereiche eingeordnet, in denen
      die Regeln sich widersprechen oder keine Regel entscheidet. Ein Bezug, dem eine Beobachtung
      fehlt, die ein Bereich braucht (meist der Geschmack: erfassen oder mit --taste-from-notes
      importieren), wird getrennt gezählt. Nichts wird geschrieben.

      Optionen:
        --rules FILE   die zu gewichtenden Regeln (Vorgabe: wie 'dialshot log')
      """,
      """
      Las reglas se analizan como lo hace 'dialrules lint'; cada extracción del registro (sus datos:
      receta, molino, medidas, extracción anterior) se sitúa en las zonas donde las reglas se
      contradicen o ninguna decide. Una extracción a la que le falta una observación que la zona
      necesita (casi siempre el sabor: regístralo o importa con --taste-from-notes) se cuenta aparte.
      No se escribe nada.

      Opciones:
        --rules FILE   las reglas a ponderar (por defecto: como 'dialshot log')
      """
    ),
    "report": (
      """
      Optionen:
        --bean BEAN    nur dieser Kaffee (Vorgabe: jeder nicht archivierte Kaffee mit Bezügen)
        -o FILE        die Seite (atomar) nach FILE schreiben statt auf die Standardausgabe

      Zeiten sind Ortszeit (TZ) oder UTC mit --utc, wie in 'dialshot history'; Bezüge tragen die
      Nummern des Protokolls (wie 'history' sie zeigt), mit Bewertung, Notizen und warum die Regeln
      sich enthielten. Die Seite ist auf dem Handy (390 px) und im Dunkelmodus lesbar, braucht kein
      Netz und keine andere Datei (SVG und CSS eingebettet) und liest nur das Protokoll: dasselbe
      Protokoll und dieselbe Zeitzone ergeben dieselben Bytes.
      """,
      """
      Opciones:
        --bean BEAN    solo este café (por defecto: cada café con extracciones que no esté archivado)
        -o FILE        escribir la página en FILE (de forma atómica) en vez de la salida estándar

      Las horas son locales (TZ), o UTC con --utc, como en 'dialshot history'; las extracciones
      llevan los números del registro (como los muestra 'history'), con su valoración, sus notas y
      por qué se abstuvieron las reglas. La página se lee en el móvil (390 px) y en modo oscuro, no
      necesita red ni otro archivo (SVG y CSS incluidos) y solo lee el registro: el mismo registro y
      la misma zona dan los mismos bytes.
      """
    ),
    "replay": (
      """
      Der Datensatz jedes Bezugs (Rezept, Mühle, Messwerte, voriger Bezug) wird von RULES neu
      entschieden und mit der Entscheidung verglichen, die beim Erfassen oder Importieren gespeichert
      wurde. Nichts wird geschrieben.

      "Regeln im Einsatz" zählt je Regel von RULES: die Bezüge, die sie entscheidet (eine Änderung
      oder keine), die, bei denen sie sich enthält, wie oft derselbe Vorschlag beim Speichern
      angenommen oder abgelehnt wurde, und bei ihren Änderungen, ob der nächste Bezug von Kaffee und
      Mühle der Zeit des Rezepts näher kam ("toward"), sich entfernte ("away") oder gleich weit blieb.

      Optionen:
        --all    jeden Bezug auflisten, nicht nur die anders entschiedenen
      """,
      """
      Los datos de cada extracción (receta, molino, medidas, extracción anterior) se deciden de nuevo
      con RULES y se comparan con la decisión guardada al registrarla o importarla. No se escribe nada.

      "Reglas en uso" cuenta, por cada regla de RULES: las extracciones que decide (un ajuste o
      ningún cambio), aquellas en las que se abstiene, cuántas veces esa misma sugerencia se aceptó
      o se rechazó al guardarla, y para sus ajustes si la siguiente extracción del café y el molino
      se acercó al tiempo de la receta ("toward"), se alejó ("away") o quedó igual de lejos.

      Opciones:
        --all    listar cada extracción, no solo las que se deciden distinto
      """
    ),
    "trends": (
      """
      Eine Zeile je Bezug, älteste zuerst. Die Spalte Mahlgrad zeigt die Einstellung des Bezugs, mit
      ↓, wenn sie feiner, und ↑, wenn sie gröber ist als beim vorigen Bezug auf derselben Mühle (in der
      Richtung der Skala, auf der das Rezept des Bezugs angelegt wurde); * markiert den ersten Bezug,
      nachdem die Richtung der Mühle geändert wurde, und eine Notiz sagt, wie. Die Spalte Zeit setzt
      jeden Bezug (●) auf eine gemeinsame Achse mit der Zielzeit seines Rezepts (│). Die Spalte
      Balance setzt den Geschmack zwischen sauer (links) und bitter (rechts): ● links für sauer, in
      der Mitte für ausgewogen, rechts für bitter, an beiden Enden für sauer und bitter zugleich,
      ○ für kein Urteil oder nur andere Geschmäcker.

      Optionen:
        --last N    die neuesten N Bezüge (Vorgabe 30)
      """,
      """
      Una fila por extracción, la más antigua primero. La columna de molienda muestra el ajuste de
      la extracción, con ↓ cuando es más fina y ↑ cuando es más gruesa que la anterior en el mismo
      molino (en el sentido de la escala con la que se hizo su receta); * marca la primera extracción
      tras cambiar el sentido del molino, y una nota dice cómo cambió. La columna de tiempo sitúa
      cada extracción (●) en un eje común con el tiempo objetivo de su receta (│). La columna de
      equilibrio sitúa el sabor entre ácido (izquierda) y amargo (derecha): ● a la izquierda para
      ácido, en el centro para equilibrado, a la derecha para amargo, en ambos extremos para ácido y
      amargo a la vez, ○ sin veredicto o solo con otros sabores.

      Opciones:
        --last N    las N extracciones más recientes (por defecto 30)
      """
    ),
    "history": (
      """
      Neueste zuerst; 20 Bezüge, außer mit --limit oder --all. Daten sind YYYY-MM-DD, Ortstage
      (UTC-Tage mit --utc) oder Zeiten, wie 'dialshot log --at' sie liest; --to schließt den ganzen
      genannten Tag ein. "Alter" sind die Tage seit dem Röstdatum der Packung, aus der der Bezug
      stammt. Unter den Bezügen bekommt ein Kaffee mit mehr als einer Packung, oder eine Packung mit
      bekanntem Gewicht, eine Zeile je Packung: ihre Bezüge und die übrigen Gramm (das Gewicht weniger
      die Dosen der zählenden Bezüge), wenn das Gewicht bekannt ist. Ein verworfener Bezug wird als
      "void" gezeigt; ein berichtigter verweist auf seine Berichtigung ("→ #7"), und die Berichtigung
      sagt, was sie berichtigt ("fixes #3").

      Optionen:
        --bean NAME, --grinder NAME    nur dieser Kaffee / diese Mühle
        --from DATE, --to DATE         nur Bezüge aus diesem Zeitraum
        --taste TAG                    nur Bezüge, deren Urteil diesen Geschmack enthält
        --limit N                      höchstens N Bezüge (Vorgabe 20)
        --all                          jeder passende Bezug
        --verbose                      die Begründungscodes der Enthaltungen zeigen
      """,
      """
      La más reciente primero; 20 extracciones salvo con --limit o --all. Las fechas son YYYY-MM-DD,
      días locales (días UTC con --utc) u horas como las lee 'dialshot log --at'; --to incluye el día
      entero que nombra. "Edad" son los días desde la fecha de tueste de la bolsa de la que salió la
      extracción. Bajo las extracciones, un café con más de una bolsa, o una bolsa de peso conocido,
      tiene una línea por bolsa: sus extracciones y los gramos que quedan (el peso menos las dosis de
      las extracciones que cuentan) cuando se conoce el peso. Una extracción descartada se muestra como
      "void"; una corregida apunta a su corrección ("→ #7"), y la corrección dice qué corrige
      ("fixes #3").

      Opciones:
        --bean NAME, --grinder NAME    solo este café / este molino
        --from DATE, --to DATE         solo extracciones de este intervalo
        --taste TAG                    solo extracciones cuyo veredicto incluye este sabor
        --limit N                      como mucho N extracciones (por defecto 20)
        --all                          todas las extracciones que coinciden
        --verbose                      mostrar los códigos de motivo de las abstenciones
      """
    ),
    "pull": (
      """
      Braucht ein interaktives Terminal; in Skripten 'dialshot log' nehmen. Tasten: Leertaste oder
      Enter startet und stoppt, d markiert den ersten Tropfen, u nach dem Stopp läuft weiter, als wäre
      nicht gestoppt worden, q, Esc oder Ctrl-C bricht ab, ohne etwas zu erfassen. Dann: die Ausbeute
      (mit dem Ziel vorbelegt: Tippen ersetzt es, Backspace ändert es, Enter behält es), Geschmacks-
      Chips (Ziffern schalten um, 0 heißt ausdrücklich "keins", nichts gewählt heißt nicht probiert),
      Fluss-Chips, Notizen und eine freiwillige Bewertung. Die Dosis ist die des Rezepts. Der Bezug
      wird mit dem Rezept erfasst, das beim Start der Uhr angezeigt wurde, auch wenn es sich
      inzwischen geändert hat. BEAN ist sonst der aktuelle Kaffee. Ein Signal (Ctrl-C aus einem
      anderen Terminal, ein geschlossenes Fenster) stellt das Terminal wieder her, bevor dialshot
      endet. Die Anzeige passt sich der Breite des Terminals an; unter 30 Spalten ist die Uhr eine Zeile.

      Optionen:
        --grind SETTING   der tatsächlich verwendete Mahlgrad, wenn es nicht der des Rezepts ist
                          (vor dem Start der Uhr auf der Skala der Mühle geprüft; bleibt beim Bezug)
        --long            die ganze Karte nach dem Bezug statt der kurzen Bewertung
        --rules FILE      diese Regeln statt der eingestellten oder eingebauten auswerten
      """,
      """
      Necesita un terminal interactivo; en scripts usa 'dialshot log'. Teclas: espacio o Enter
      arranca y para, d marca la primera gota, u tras parar sigue contando como si no hubiera parado,
      q, Esc o Ctrl-C cancela sin registrar nada. Después: el rendimiento (relleno con el objetivo:
      escribir lo sustituye, Retroceso lo edita, Enter lo mantiene), las fichas de sabor (los dígitos
      las activan, 0 es un "ninguno" explícito, no elegir nada es no haberlo probado), las fichas de
      flujo, las notas y una valoración opcional. La dosis es la de la receta. La extracción se
      registra con la receta mostrada al arrancar el reloj, aunque la receta haya cambiado entretanto.
      BEAN es por defecto el café actual. Una señal (Ctrl-C desde otro terminal, una ventana cerrada)
      restaura el terminal antes de que dialshot termine. La pantalla se ajusta al ancho del
      terminal; por debajo de 30 columnas el reloj ocupa una línea.

      Opciones:
        --grind SETTING   la molienda usada de verdad, cuando no es la de la receta (se comprueba en
                          la escala del molino antes de arrancar el reloj; queda con la extracción)
        --long            la ficha completa tras la extracción en vez de la revisión corta
        --rules FILE      evaluar estas reglas en vez de las configuradas o las incluidas
      """
    ),
    "recipe": (
      """
      BEAN ist sonst der aktuelle Kaffee ('dialshot use'; der zuletzt erfasste).

      Das erste Rezept eines Kaffees braucht --dose, --yield, --time und --grind und eine Mühle (die
      aktuelle, wenn --grinder fehlt); spätere nur, was sich ändert. Auf einer Mühle mit Zahlenskala
      muss der Mahlgrad eine Zahl auf ihr sein. 'scale' ändert die Dosis und behält die Ratio (die
      Ausbeute wird auf 0,1 g gerundet). Ein leerer Wert entfernt Sieb, Temperatur oder
      Temperaturnotiz (--basket "").

      Optionen:
        --grinder NAME          die Mühle, für die das Rezept gilt
        --basket NAME           das Sieb
        --dose G, --yield G     Zieldosis und Zielausbeute in Gramm
        --time S                Ziel-Durchlaufzeit in Sekunden
        --grind SETTING         der Mahlgrad (eine Zahl auf einer Zahlenskala, sonst freier Text)
        --temperature C         Brühtemperatur in °C
        --temperature-note TEXT für Maschinen ohne Temperaturanzeige
        --why TEXT              warum sich das Rezept änderte, bleibt beim Stand
        --history               jeden Stand des Kaffees auflisten, ältester zuerst (show)
      """,
      """
      BEAN es por defecto el café actual ('dialshot use'; el último registrado).

      La primera receta de un café necesita --dose, --yield, --time y --grind, y un molino (el
      actual si se omite --grinder); las siguientes solo lo que cambia. En un molino con escala
      numérica la molienda debe ser un número de esa escala. 'scale' cambia la dosis y mantiene la
      ratio (el rendimiento se redondea a 0,1 g). Un valor vacío quita la cesta, la temperatura o la
      nota de temperatura (--basket "").

      Opciones:
        --grinder NAME          el molino de esta receta
        --basket NAME           la cesta
        --dose G, --yield G     dosis y rendimiento objetivo en gramos
        --time S                tiempo objetivo en segundos
        --grind SETTING         el ajuste del molino (un número en una escala numérica, si no texto libre)
        --temperature C         temperatura de extracción en °C
        --temperature-note TEXT para máquinas sin indicador de temperatura
        --why TEXT              por qué cambió la receta, se guarda con la versión
        --history               listar cada versión del café, la más antigua primero (show)
      """
    ),
    "export": (
      """
      FILE '-' schreibt auf die Standardausgabe. Dateien werden atomar geschrieben (eine temporäre
      Datei wird an ihren Platz umbenannt), so hinterlässt ein abgebrochener Export nie eine halbe
      Datei; eine FILE, die ein FIFO oder ein Gerät ist (/dev/stdout, ein Link auf /proc/self/fd/N),
      wird direkt beschrieben, nie ersetzt.

      Optionen:
        --json FILE    das Exportdokument: jedes Profil, jeder Rezeptstand, jeder Bezug (als Shot-JSON
                       v1), jede Entscheidung und jede Annahme/Ablehnung; 'dialshot import' stellt es
                       wieder her
        --csv FILE     eine Zeile je Bezug, Anführungszeichen nach RFC 4180, eine Kopfzeile (nicht
                       importierbar)
        --local-time   (mit --csv) eine Spalte pulled_at_local nach pulled_at: die Ortszeit (TZ,
                       oder UTC mit --utc) als 2026-03-01 09:15:00
        --excel        (mit --csv) die Form, die eine Tabellenkalkulation sauber öffnet: eine UTF-8-
                       Byte-Order-Mark, und wo das Gebietsschema (LC_ALL, LC_NUMERIC, LANG) ein
                       Dezimalkomma schreibt — de, es, fr, it, nl, pt und andere — ';' zwischen den
                       Feldern und Zahlen als 36,5
        --shots FILE   ein Shot-JSON-v1-Objekt je Zeile: der Datensatz jedes Bezugs, wie die Regeln
                       über ihn entschieden (Rezept, Mühle, Messwerte, voriger Bezug), ältester
                       zuerst; für 'dialrules eval|diff|lint --shots' (nicht importierbar)
      """,
      """
      FILE '-' escribe en la salida estándar. Los archivos se escriben de forma atómica (un archivo
      temporal se renombra en su sitio), así una exportación interrumpida nunca deja medio archivo;
      un FILE que es un FIFO o un dispositivo (/dev/stdout, un enlace a /proc/self/fd/N) se escribe
      directamente, nunca se sustituye.

      Opciones:
        --json FILE    el documento de exportación: cada perfil, versión de receta, extracción (como
                       shot JSON v1), decisión y aceptación/rechazo; 'dialshot import' lo restaura
        --csv FILE     una fila por extracción, comillas según RFC 4180, una fila de cabecera (no
                       se puede importar)
        --local-time   (con --csv) una columna pulled_at_local tras pulled_at: la hora local (TZ,
                       o UTC con --utc) como 2026-03-01 09:15:00
        --excel        (con --csv) la forma que una hoja de cálculo abre limpia: una marca de orden
                       de bytes UTF-8, y donde la configuración regional (LC_ALL, LC_NUMERIC, LANG)
                       escribe coma decimal — de, es, fr, it, nl, pt y otras — ';' entre campos y
                       números como 36,5
        --shots FILE   un objeto shot JSON v1 por línea: los datos de cada extracción tal como las
                       reglas decidieron sobre ella (receta, molino, medidas, extracción anterior),
                       la más antigua primero; para 'dialrules eval|diff|lint --shots' (no se
                       puede importar)
      """
    ),
    "import": (
      """
      Eine Datei, die ein JSON-Export von dialshot selbst ist, wird standardmäßig zusammengeführt:
      Zeilen werden über ihre UUID zugeordnet; eine Zeile, die mit denselben Werten schon in der
      Datenbank steht, wird übersprungen; ein Kaffee, eine Mühle oder ein Sieb, seither bearbeitet,
      bleibt, wie die Datenbank es hat (als Hinweis gezeigt). Ein anderes Profil mit demselben Namen,
      oder ein Bezug, Rezeptstand, eine Antwort, ein Verwerfen oder Rückgängigmachen mit derselben
      UUID, aber anderen Werten, ist ein Widerspruch, der das abweichende Feld nennt.

      Ersetzen (--replace, nur ein Export): alles in der Datenbank wird entfernt und die Zeilen der
      Datei werden in ihrer Reihenfolge eingefügt, in einer Transaktion: eine Sicherung wird genau
      wiederhergestellt, Bezugsnummern eingeschlossen.

      Nichts in einem Export wird ungeprüft übernommen: die Entscheidung jedes Bezugs wird aus seinem
      Datensatz mit den Regeln, die die Datei nennt, neu abgeleitet (über den Inhalts-Hash: die
      eingebauten Regeln, die eingestellte Regeldatei oder --rules). Eine abweichende Entscheidung
      ist ungültig und wird gezeigt; eine, deren Regeln nicht zur Hand sind, wird als "decided by
      other rules" markiert importiert und aufgelistet.

      Jede andere Datei wird als die einer anderen App gelesen: eine Beanconqueror-Sicherung (.zip
      oder JSON) oder ein Brew, Decent .shot oder v2-JSON, ein Visualizer-Shot, Gaggiuino-,
      Meticulous- oder GaggiMate-Shots oder eine CSV des Smart Espresso Profiler. Das Format wird am
      Inhalt erkannt (die Vorschau sagt, welches), außer --from nennt es. Die Vorschau zählt die neuen
      Bezüge je Kaffee, Mühle und Quelle, listet, was übersprungen wird und warum, und was jeder Bezug
      nicht mitnehmen konnte. Jeder neue Bezug wird von den Regeln (--rules, sonst wie 'dialshot log')
      gegen seinen eigenen Rezeptstand und den vorigen Bezug von Kaffee und Mühle entschieden und
      behält diesen Datensatz, wie ein erfasster Bezug. Eine Datei erneut zu importieren fügt nichts
      hinzu: jeder Bezug behält die Id seiner Quelle. Der Geschmack bleibt unbekannt, außer
      --taste-from-notes liest ihn aus den Notizen (als "from notes" gezeigt). docs/importing.md
      beschreibt jedes Format.

      Nichts wird importiert, solange etwas ungültig ist oder sich widerspricht, und ein
      fehlgeschlagener Import lässt die Datenbank genau, wie sie war.

      Rückgabewert: 0 die Vorschau ist sauber (oder der Import wurde angewendet), 1 Widersprüche,
      2 eine Datei ist ungültig oder unlesbar, oder das Token ist veraltet.

      Optionen:
        --apply TOKEN        importieren, wenn Dateien und Datenbank noch wie bei der Vorschau sind
        --replace            einen Export genau wiederherstellen und alles in der Datenbank ersetzen
        --rules FILE         Regeln, die die Entscheidungen eines Exports nennen dürfen, um sie zu
                             prüfen; die Regeln, die Bezüge anderer Apps entscheiden (Vorgabe: wie
                             'dialshot log')
        --from APP           beanconqueror, visualizer, decent, gaggiuino, meticulous, gaggimate oder sep
        --taste-from-notes   ein Geschmacksurteil aus den Notizen jedes Bezugs lesen (docs/importing.md)
        --recipe-time S      die Zielzeit der Rezepte importierter Bezüge (Vorgabe 28)
      """,
      """
      Un archivo que es una exportación JSON del propio dialshot se fusiona por defecto: las filas se
      emparejan por UUID; una fila que ya está en la base de datos con los mismos valores se omite;
      un café, molino o cesta editado desde entonces se queda como lo tiene la base de datos (se
      muestra como aviso). Otro perfil con el mismo nombre, o una extracción, versión de receta,
      respuesta, descarte o deshacer con el mismo UUID pero otros valores, es un conflicto que nombra
      el campo que difiere.

      Sustituir (--replace, solo una exportación): se elimina todo lo que hay en la base de datos y
      se insertan las filas del archivo en su orden, en una transacción: una copia de seguridad se
      restaura exactamente, números de extracción incluidos.

      Nada de una exportación se acepta a ciegas: la decisión de cada extracción se deriva de nuevo
      de sus datos con las reglas que nombra el archivo (por hash de contenido: las reglas incluidas,
      el archivo de reglas configurado o --rules). Una decisión que difiere es inválida y se muestra;
      una cuyas reglas no están a mano se importa marcada "decided by other rules" y se lista.

      Cualquier otro archivo se lee como de otra app: una copia de Beanconqueror (.zip o JSON) o un
      brew, un .shot o JSON v2 de Decent, un shot de Visualizer, shots de Gaggiuino, Meticulous o
      GaggiMate, o un CSV de Smart Espresso Profiler. El formato se deduce del contenido (la vista
      previa dice cuál) salvo que --from lo nombre. La vista previa cuenta las extracciones nuevas
      por café, molino y fuente, lista lo que se omite y por qué y lo que cada extracción no pudo
      traer. Cada extracción nueva la deciden las reglas (--rules, si no como 'dialshot log') frente
      a su propia versión de receta y la extracción anterior de su café y molino, y guarda esos datos,
      como una extracción registrada. Volver a importar un archivo no añade nada: cada extracción
      mantiene el id de su fuente. El sabor queda desconocido salvo que --taste-from-notes lo lea de
      las notas (se muestra como "from notes"). docs/importing.md describe cada formato.

      No se importa nada mientras algo sea inválido o esté en conflicto, y una importación fallida
      deja la base de datos exactamente como estaba.

      Código de salida: 0 la vista previa está limpia (o se aplicó la importación), 1 conflictos,
      2 un archivo es inválido o ilegible, o el token está caducado.

      Opciones:
        --apply TOKEN        importar, si los archivos y la base de datos siguen como en la vista previa
        --replace            restaurar una exportación exactamente, sustituyendo todo en la base de datos
        --rules FILE         reglas que pueden nombrar las decisiones de una exportación, para
                             comprobarlas; las reglas que deciden las extracciones de otras apps (por
                             defecto: como 'dialshot log')
        --from APP           beanconqueror, visualizer, decent, gaggiuino, meticulous, gaggimate o sep
        --taste-from-notes   leer un veredicto de sabor de las notas de cada extracción (docs/importing.md)
        --recipe-time S      el tiempo objetivo de las recetas de las extracciones importadas (por defecto 28)
      """
    ),
    "profiles": (
      """
      Eine Mühle hat entweder eine Zahlenskala — Schrittweite, niedrigste und höchste Einstellung und
      ob niedrigere oder höhere Zahlen feiner mahlen —, sodass "1 Stufe feiner mahlen" vorab gezeigt
      und angewendet werden kann, oder Einstellungen als freien Text ("3 Klicks"), mit --settings
      beschrieben; dann werden Mahlgradänderungen vorgeschlagen, aber von Hand eingestellt.

      Die Stufe ist ein Einstellschritt: die kleinste Mahlgradänderung, die man schmeckt und um die
      die Regeln verstellen ("1 Stufe feiner mahlen"), nicht die feinste Markierung der Skala. Auf
      einer stufenlosen Mühle, deren Skala 0,1 anzeigt, ist ein Einstellschritt eher 0,5 oder 1. Eine
      Stufe unter 1 % des Bereichs (0,1 auf einer Skala 0-50) bekommt bei add und edit einen Hinweis:
      vermutlich ist es die Auflösung der Skala.

      Die Skala einer Mühle zu ändern legt von jedem Rezept auf ihr einen neuen Stand an (ein neuer
      Rezeptstand mit der neuen Skala); schon erfasste Bezüge behalten die Skala, mit der sie gezogen
      wurden. Eine Skala, auf die der aktuelle Mahlgrad eines Kaffees nicht passt, wird abgelehnt.

      Ein Kaffee hat Packungen: jede mit Rösterei, Röstdatum, Gewicht und dem Tag, an dem sie geöffnet
      wurde. Jeder Bezug hält fest, aus welcher Packung er stammt, und sein Alter ("9 Tage nach der
      Röstung") und seine Röstangaben sind die dieser Packung. 'new-bag' öffnet die nächste Packung
      des Kaffees (heute geöffnet, außer --opened sagt anderes; die Rösterei ist die der letzten
      Packung, außer sie wird angegeben); sie wird die aktuelle Packung und das Rezept bleibt, wie es
      ist. 'bags' listet sie mit ihren Bezügen und den übrigen Gramm (das Gewicht weniger die Dosen
      der zählenden Bezüge). 'edit-bag' berichtigt eine (BAG ist ihre Nummer aus 'bags', 'current'
      oder der Anfang ihrer Id); nur die Bezüge aus ihr ändern sich. 'bean edit --roast-date' oder
      '--roaster' auf einer Packung, aus der schon Bezüge gezogen wurden, öffnet eine neue Packung,
      statt diese Bezüge zu ändern; auf einer Packung ohne Bezüge berichtigt es sie.

      NAME darf auch der Anfang des Namens oder der Id eines Profils sein (mindestens 4 Zeichen).
      Namen werden ohne Rücksicht auf Groß- und Kleinschreibung oder Unicode-Form verglichen ("CAFÉ"
      ist "café") und sind eine Zeile einfacher Text. Ein leerer Wert löscht beim Bearbeiten ein
      freiwilliges Feld (--notes ""). Archivierte Profile fehlen in Listen (mit --all zeigen) und
      behalten ihren Verlauf.

      Optionen:
        --roaster TEXT, --roast-date YYYY-MM-DD, --notes TEXT    Felder des Kaffees
        --origin TEXT, --process TEXT                             Herkunft, Aufbereitung
        --roast-level LEVEL                                       light, medium-light, medium,
                                                                  medium-dark oder dark
        --step N, --min N, --max N, --finer lower|higher          die Zahlenskala einer Mühle; die
                                                                  Stufe ist ein Einstellschritt
                                                                  (die kleinste Änderung, die man
                                                                  schmeckt), nicht die Auflösung
        --settings TEXT                                           Einstellungen einer Mühle als Text
        --capacity G                                              die Nenndosis eines Siebs
        --roasted YYYY-MM-DD, --weight G, --opened YYYY-MM-DD      Röstdatum einer Packung, ihr
                                                                  volles Gewicht, der Tag, an dem
                                                                  sie geöffnet wurde (new-bag,
                                                                  edit-bag)
        --name NEW                                                umbenennen (edit)
        --all                                                     archivierte Profile einschließen (list)
        --restore                                                 aus dem Archiv holen (archive)
        --note TEXT                                               die Maschinennotiz (machine)
      """,
      """
      Un molino tiene o bien una escala numérica — el tamaño del punto, el ajuste más bajo y el más
      alto, y si los números más bajos o más altos muelen más fino —, para que "moler 1 punto más
      fino" se pueda previsualizar y aplicar, o bien ajustes en texto libre ("3 clics") descritos con
      --settings; entonces los cambios de molienda se sugieren, pero hay que hacerlos a mano.

      El punto es un paso de ajuste: el cambio de molienda más pequeño que vale la pena probar, el
      que mueven las reglas ("moler 1 punto más fino"), no la marca más fina del dial. En un molino
      sin pasos cuyo dial marca 0,1, un paso de ajuste es más bien 0,5 o 1. Un punto por debajo del
      1 % del rango (0,1 en un dial de 0-50) recibe una nota en add y edit: seguramente es la
      resolución del dial.

      Editar la escala de un molino crea una nueva versión de cada receta en él (una nueva versión
      de receta con la nueva escala); las extracciones ya registradas mantienen la escala con la que
      se hicieron. Se rechaza una escala en la que no cabe la molienda actual de un café.

      Un café tiene bolsas: cada una con su tostador, fecha de tueste, peso y el día en que se abrió.
      Cada extracción guarda la bolsa de la que salió, y su edad ("9 días después del tueste") y sus
      datos de tueste son los de esa bolsa. 'new-bag' abre la siguiente bolsa del café (abierta hoy
      salvo que --opened diga otra cosa; el tostador es el de la última bolsa salvo que se indique);
      pasa a ser la bolsa actual y la receta queda como está. 'bags' las lista con sus extracciones y
      los gramos que quedan (el peso menos las dosis de las extracciones que cuentan). 'edit-bag'
      corrige una (BAG es su número de 'bags', 'current' o el principio de su id); solo cambian las
      extracciones de esa bolsa. 'bean edit --roast-date' o '--roaster' en una bolsa de la que ya se
      hicieron extracciones abre una bolsa nueva en vez de cambiar esas extracciones; en una bolsa
      sin extracciones la corrige.

      NAME también puede ser el principio del nombre o del id de un perfil (4 caracteres como mínimo).
      Los nombres se comparan sin distinguir mayúsculas ni forma Unicode ("CAFÉ" es "café") y son una
      línea de texto simple. Un valor vacío borra un campo opcional al editar (--notes ""). Los
      perfiles archivados no aparecen en las listas (muéstralos con --all) y conservan su historial.

      Opciones:
        --roaster TEXT, --roast-date YYYY-MM-DD, --notes TEXT    campos del café
        --origin TEXT, --process TEXT                             origen, proceso
        --roast-level LEVEL                                       light, medium-light, medium,
                                                                  medium-dark o dark
        --step N, --min N, --max N, --finer lower|higher          la escala numérica de un molino;
                                                                  el punto es un paso de ajuste
                                                                  (el cambio más pequeño que vale
                                                                  la pena probar), no la
                                                                  resolución del dial
        --settings TEXT                                           los ajustes de un molino en texto
        --capacity G                                              la dosis nominal de una cesta
        --roasted YYYY-MM-DD, --weight G, --opened YYYY-MM-DD      fecha de tueste de una bolsa, su
                                                                  peso llena, el día en que se
                                                                  abrió (new-bag, edit-bag)
        --name NEW                                                renombrar (edit)
        --all                                                     incluir perfiles archivados (list)
        --restore                                                 desarchivar (archive)
        --note TEXT                                               la nota de la máquina (machine)
      """
    ),
  ]
}

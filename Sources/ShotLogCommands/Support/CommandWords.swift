import DialRules

/// `dialshot`'s help in German and Spanish: the overview, every command's abstract, and the full
/// help of every command (`loopDetails` for the dial-in loop, `recordDetails` for the rest).
/// Options, arguments and values stay as typed (`--time S`, `sour`): only the words around them
/// are translated. Tests check that every command has a translation and that it names every
/// option of the command's English help.
enum CommandWords {
  /// A command's abstract in `language` (English: the command's own).
  static func abstract(_ command: any Command.Type, in language: RuleLanguage) -> String {
    guard language != .english, let words = abstracts[command.name] else { return command.abstract }
    return language == .german ? words.de : words.es
  }

  /// A command's details in `language`, nil in English (the command's own) or when not translated.
  static func details(_ command: any Command.Type, in language: RuleLanguage) -> String? {
    guard language != .english, let words = details[command.name] else { return nil }
    return language == .german ? words.de : words.es
  }

  /// Every command's details in German and Spanish, by command name.
  static let details = loopDetails.merging(recordDetails) { loop, _ in loop }

  static let abstracts: [String: (de: String, es: String)] = [
    "accept": (
      "Den Vorschlag zu einem Bezug annehmen (legt den nächsten Rezeptstand an)",
      "Aceptar la sugerencia de una extracción (crea la siguiente versión de la receta)"
    ),
    "amend": (
      "Einen Bezug berichtigen (ein neuer Versuch ersetzt ihn; der alte bleibt erhalten)",
      "Corregir una extracción (un intento nuevo la sustituye; la antigua se conserva)"
    ),
    "compare": ("Zwei Bezüge nebeneinander vergleichen", "Comparar dos extracciones una al lado de la otra"),
    "config": (
      "Die Regeldatei für Vorschläge zeigen oder setzen", "Ver o ajustar el archivo de reglas de las sugerencias"
    ),
    "export": (
      "Das ganze Protokoll als JSON (wiederherstellbar), CSV oder Shot-JSON-Lines schreiben",
      "Escribir todo el registro como JSON (restaurable), CSV o shot JSON Lines"
    ),
    "gaps": (
      "Lücken und Widersprüche der Regeln nach den Bezügen im Protokoll gewichten",
      "Ponderar los huecos y desacuerdos de las reglas según las extracciones del registro"
    ),
    "history": (
      "Erfasste Bezüge auflisten (nach Kaffee, Mühle, Datum, Geschmack filtern)",
      "Listar las extracciones registradas (filtrar por café, molino, fechas, sabor)"
    ),
    "import": (
      "Einen Import eines Exports oder der Bezüge anderer Apps ansehen, dann anwenden",
      "Revisar y luego aplicar una importación de una exportación o de extracciones de otras apps"
    ),
    "log": (
      "Einen Bezug auf der Kommandozeile erfassen und bewerten",
      "Registrar una extracción desde la línea de órdenes y revisarla"
    ),
    "profiles": (
      "Kaffees, Mühlen und Siebe anlegen, auflisten, bearbeiten und archivieren; die Maschinennotiz setzen",
      "Añadir, listar, editar y archivar cafés, molinos y filtros; ajustar la nota de la máquina"
    ),
    "pull": (
      "Einen Bezug am Terminal stoppen, dann erfassen und bewerten",
      "Cronometrar una extracción en el terminal, luego registrarla y revisarla"
    ),
    "recipe": (
      "Das Rezept eines Kaffees zeigen, ein neues setzen oder es auf eine andere Dosis umrechnen",
      "Ver la receta de un café, ajustar una nueva o escalarla a otra dosis"
    ),
    "reject": (
      "Festhalten, dass der Vorschlag zu einem Bezug abgelehnt wurde",
      "Anotar que se rechazó la sugerencia de una extracción"
    ),
    "replay": (
      "Eine Regeldatei über das ganze Protokoll laufen lassen und mit dem Gespeicherten vergleichen",
      "Pasar un archivo de reglas por todo el registro y compararlo con lo guardado"
    ),
    "report": (
      "Das Protokoll als eigenständige HTML-Seite zeichnen: Mahlgrad, Durchlaufzeit, Ratio und Geschmack je Kaffee",
      "Dibujar el registro como página HTML autónoma: molienda, tiempo, ratio y sabor por café"
    ),
    "suggest": (
      "Die Bewertung eines erfassten Bezugs zeigen: Entscheidung, Regel, Begründung und Vorschau",
      "Ver la revisión de una extracción registrada: decisión, regla, motivo y vista previa"
    ),
    "trends": (
      "Mahlgrad, Durchlaufzeit und Geschmack über die Bezüge eines Kaffees, als Textdiagramm",
      "Molienda, tiempo y equilibrio de sabor a lo largo de las extracciones de un café, como gráfico de texto"
    ),
    "undo": (
      "Einen angenommenen Vorschlag rückgängig machen (das Rezept geht zurück, als neuer Stand)",
      "Deshacer una sugerencia aceptada (la receta vuelve atrás, como nueva versión)"
    ),
    "use": (
      "Den aktuellen Kaffee (und die Mühle) für Befehle wählen, die sie weglassen",
      "Elegir el café (y el molino) actual para las órdenes que no los indican"
    ),
    "void": (
      "Einen Bezug verwerfen (bleibt erhalten, zählt aber nicht für Vorschläge und Trends)",
      "Anular una extracción (se conserva, pero no cuenta para sugerencias ni tendencias)"
    ),
  ]

  /// The overview's lines around the command list, in `language`.
  static func overview(_ language: RuleLanguage) -> (head: String, tail: String)? {
    switch language {
    case .german:
      return (
        """
        dialshot — ein lokales Espresso-Protokoll, das nach jedem Bezug einen kleinen, begründeten
        nächsten Schritt vorschlägt.

        Aufruf: dialshot <command> [options]

        Befehle:

        """,
        """

        Jeder Befehl nimmt --db FILE (Vorgabe: $DIALSHOT_DB, sonst $XDG_DATA_HOME/dialshot/shots.sqlite,
        sonst ~/.local/share/dialshot/shots.sqlite), --utc (Zeiten in UTC statt Ortszeit, TZ),
        --lang en|de|es (Sprache; Vorgabe: LC_ALL, LC_MESSAGES oder LANG, sonst Englisch) und -h/--help.
        Rückgabewert: 0 in Ordnung, 1 der Befehl fand ein Problem (Widerspruch, nichts anzunehmen),
        2 ungültige Eingabe oder Datenbankdatei, 64 Aufruffehler, 70 interner Fehler.
        Mehr mit 'dialshot <command> --help'.

        """
      )
    case .spanish:
      return (
        """
        dialshot — un registro local de espressos que sugiere un pequeño siguiente paso, explicado.

        Uso: dialshot <command> [options]

        Órdenes:

        """,
        """

        Cada orden admite --db FILE (por defecto: $DIALSHOT_DB, si no $XDG_DATA_HOME/dialshot/shots.sqlite,
        si no ~/.local/share/dialshot/shots.sqlite), --utc (horas en UTC en vez de la hora local, TZ),
        --lang en|de|es (idioma; por defecto LC_ALL, LC_MESSAGES o LANG, si no inglés) y -h/--help.
        Código de salida: 0 bien, 1 la orden encontró un problema (conflicto, nada que aceptar),
        2 entrada o base de datos no válida, 64 error de uso, 70 error interno.
        Más en 'dialshot <command> --help'.

        """
      )
    default:
      return nil
    }
  }

  /// The lines of the options every command takes, in `language`.
  static func commonOptions(_ language: RuleLanguage) -> String {
    switch language {
    case .german:
      return """
          --db FILE     die Datenbank (siehe 'dialshot --help')
          --utc         Zeiten in UTC statt Ortszeit (TZ) zeigen und lesen
          --lang LANG   Sprache der Ausgabe: en, de oder es (Vorgabe: LC_ALL, LC_MESSAGES, LANG)
          -h, --help    diese Hilfe zeigen

        """
    case .spanish:
      return """
          --db FILE     la base de datos (ver 'dialshot --help')
          --utc         mostrar y leer las horas en UTC en vez de la hora local (TZ)
          --lang LANG   idioma de la salida: en, de o es (por defecto: LC_ALL, LC_MESSAGES, LANG)
          -h, --help    mostrar esta ayuda

        """
    default:
      return """
          --db FILE     the database (see 'dialshot --help')
          --utc         show and read times in UTC instead of local time (TZ)
          --lang LANG   the language of the output: en, de or es (default: LC_ALL, LC_MESSAGES, LANG)
          -h, --help    show this help

        """
    }
  }
}

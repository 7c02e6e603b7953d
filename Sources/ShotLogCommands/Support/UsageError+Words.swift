import CommandLineSupport

extension UsageError {
  /// `'--limit' needs a positive whole number`, for the counting options of several commands.
  static func positiveWholeNumber(_ option: String) -> UsageError {
    UsageError(
      "'\(option)' needs a positive whole number", de: "'\(option)' braucht eine positive ganze Zahl",
      es: "'\(option)' necesita un número entero positivo")
  }
}

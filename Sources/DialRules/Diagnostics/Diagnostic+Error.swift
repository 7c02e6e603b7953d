/// Lets a list of diagnostics be the failure of a `Result`, so readers can return
/// `Result<Value, [Diagnostic]>`: either a value or everything that was wrong with the input.
///
/// The conformance is retroactive (both `Array` and `Error` come from the standard library), but it
/// is restricted to `[Diagnostic]`, which only this module defines, so it cannot clash with anyone
/// else's.
extension Array: @retroactive Error where Element == Diagnostic {}

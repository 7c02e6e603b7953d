extension Result {
  /// Whether this is a success.
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}

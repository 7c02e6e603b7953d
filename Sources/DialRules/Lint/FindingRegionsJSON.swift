/// The regions of a finding about several, as lint JSON and SARIF both write them: each region's
/// words, its structured form, its witness and the witness's decision. One encoder; the two
/// formats differ only in how they spell keys (`region_data` in lint JSON, `regionData` in SARIF).
package enum FindingRegionsJSON {
  /// How a format spells its multi-word keys.
  package enum Keys {
    case snakeCase
    case camelCase

    func name(_ snake: String, _ camel: String) -> String { self == .snakeCase ? snake : camel }
  }

  /// Every region of `finding`, the first being the finding's own `region`.
  package static func encode(_ regions: [FindingRegion], keys: Keys) -> JSONValue {
    .array(
      regions.map {
        [
          "region": .string($0.text), keys.name("region_data", "regionData"): $0.data ?? .null,
          "witness": $0.witness?.jsonObject ?? .null,
          keys.name("witness_decision", "witnessDecision"): $0.witnessDecision?.jsonObject ?? .null,
        ]
      })
  }
}

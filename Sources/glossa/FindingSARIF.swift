import Foundation
import GlossaCore

/// Renders findings as SARIF 2.1.0: one rule per finding kind, results located by file and line.
enum FindingSARIF {
  static func render(_ findings: [Finding], bundle: LocalizationBundle) -> String {
    let kinds = FindingKind.allCases
    let rules: [JSONValue] = kinds.map { kind in
      .object([
        ("id", .string(kind.rawValue)),
        ("name", .string(ruleName(kind))),
        ("shortDescription", .object([("text", .string(kind.summary))])),
        ("defaultConfiguration", .object([("level", .string(level(kind.defaultSeverity)))])),
      ])
    }
    let results: [JSONValue] = findings.map { finding in
      var result: [(String, JSONValue)] = [
        ("ruleId", .string(finding.kind.rawValue)),
        ("ruleIndex", .int(kinds.firstIndex(of: finding.kind) ?? 0)),
        ("level", .string(level(finding.severity))),
        ("message", .object([("text", .string(finding.message))])),
      ]
      if let location = location(finding, bundle: bundle) {
        result.append(("locations", .array([location])))
      }
      var properties: [(String, JSONValue)] = []
      if let language = finding.language { properties.append(("language", .string(language))) }
      if let table = finding.table { properties.append(("table", .string(table))) }
      if let key = finding.key { properties.append(("key", .string(key))) }
      if let category = finding.category { properties.append(("category", .string(category.rawValue))) }
      if !properties.isEmpty { result.append(("properties", .object(properties))) }
      return .object(result)
    }
    return JSONValue.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            (
              "tool",
              .object([
                (
                  "driver",
                  .object([
                    ("name", .string("glossa")),
                    ("version", .string(Glossa.configuration.version)),
                    ("rules", .array(rules)),
                  ])
                )
              ])
            ),
            ("results", .array(results)),
          ])
        ])
      ),
    ]).rendered()
  }

  /// `GlossaCheck` style names: `missing-key` → `MissingKey`.
  static func ruleName(_ kind: FindingKind) -> String {
    kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// The finding's location in SARIF form.
  private static func location(_ finding: Finding, bundle: LocalizationBundle) -> JSONValue? {
    guard let uri = path(finding, bundle: bundle) else { return nil }
    var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri))]))]
    if let line = finding.line, line > 0 {
      var region: [(String, JSONValue)] = [("startLine", .int(line))]
      if let column = finding.column, column > 0 { region.append(("startColumn", .int(column))) }
      physical.append(("region", .object(region)))
    }
    return .object([("physicalLocation", .object(physical))])
  }

  /// The finding's file as a path relative to where glossa ran (bundle directory + file), or the
  /// archive or single file; a source-code finding's file as it was found; nil without a file.
  static func path(_ finding: Finding, bundle: LocalizationBundle) -> String? {
    guard let file = finding.file else { return nil }
    if finding.kind.isOutsideBundle { return file }
    switch bundle.storage {
    case .directory:
      return (bundle.name.hasSuffix("/") ? bundle.name : bundle.name + "/") + file
    case .zip, .file:
      return bundle.name
    }
  }
}

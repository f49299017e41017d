import GlossaCore

/// Renders findings as `{"issues": [...], "summary": {...}}` with the finding field names.
enum FindingJSON {
  static func render(_ findings: [Finding]) -> String {
    JSONValue.object([
      ("issues", .array(findings.map(issue))),
      ("summary", summary(findings)),
    ]).rendered()
  }

  static func issue(_ finding: Finding) -> JSONValue {
    .object([
      ("kind", .string(finding.kind.rawValue)),
      ("severity", .string(finding.severity.rawValue)),
      ("bundle", .string(finding.bundle)),
      ("language", .optional(finding.language)),
      ("table", .optional(finding.table)),
      ("key", .optional(finding.key)),
      ("category", .optional(finding.category?.rawValue)),
      ("file", .optional(finding.file)),
      ("line", .optional(finding.line)),
      ("message", .string(finding.message)),
    ])
  }

  /// Totals by severity and by kind (every kind listed, zero included, in report order).
  static func summary(_ findings: [Finding]) -> JSONValue {
    let bySeverity = Dictionary(grouping: findings, by: \.severity)
    let byKind = Dictionary(grouping: findings, by: \.kind)
    return .object([
      ("total", .int(findings.count)),
      ("error", .int(bySeverity[.error]?.count ?? 0)),
      ("warning", .int(bySeverity[.warning]?.count ?? 0)),
      ("info", .int(bySeverity[.info]?.count ?? 0)),
      ("byKind", .object(FindingKind.allCases.map { ($0.rawValue, .int(byKind[$0]?.count ?? 0)) })),
    ])
  }
}

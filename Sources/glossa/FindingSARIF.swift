import Foundation
import GlossaCore

/// Renders findings as SARIF 2.1.0: one rule per finding kind, results located by file and line.
enum FindingSARIF {
  static func write(_ findings: [Finding], bundle: LocalizationBundle, to out: inout JSONWriter) {
    let kinds = FindingKind.allCases
    out.beginObject()
    out.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    out.field("version", "2.1.0")
    out.beginArray("runs")
    out.beginObject()
    out.beginObject("tool")
    out.beginObject("driver")
    out.field("name", "glossa")
    out.field("version", Glossa.configuration.version)
    out.beginArray("rules")
    for kind in kinds {
      out.beginObject()
      out.field("id", kind.rawValue)
      out.field("name", ruleName(kind))
      out.beginObject("shortDescription")
      out.field("text", kind.summary)
      out.endObject()
      out.beginObject("defaultConfiguration")
      out.field("level", level(kind.defaultSeverity))
      out.endObject()
      out.endObject()
    }
    out.endArray()
    out.endObject()
    out.endObject()
    out.beginArray("results")
    for finding in findings {
      out.beginObject()
      out.field("ruleId", finding.kind.rawValue)
      out.field("ruleIndex", kinds.firstIndex(of: finding.kind) ?? 0)
      out.field("level", level(finding.severity))
      out.beginObject("message")
      out.field("text", finding.message)
      out.endObject()
      location(finding, bundle: bundle, to: &out)
      properties(finding, to: &out)
      out.endObject()
    }
    out.endArray()
    out.endObject()
    out.endArray()
    out.endObject()
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

  /// `"locations"`: the finding's file, line and column, when it has a file.
  private static func location(_ finding: Finding, bundle: LocalizationBundle, to out: inout JSONWriter) {
    guard let uri = path(finding, bundle: bundle) else { return }
    out.beginArray("locations")
    out.beginObject()
    out.beginObject("physicalLocation")
    out.beginObject("artifactLocation")
    out.field("uri", uri)
    out.endObject()
    if let line = finding.line, line > 0 {
      out.beginObject("region")
      out.field("startLine", line)
      if let column = finding.column, column > 0 { out.field("startColumn", column) }
      out.endObject()
    }
    out.endObject()
    out.endObject()
    out.endArray()
  }

  /// `"properties"`: the finding's language, table, key and plural category, those it has.
  private static func properties(_ finding: Finding, to out: inout JSONWriter) {
    guard finding.language != nil || finding.table != nil || finding.key != nil || finding.category != nil else {
      return
    }
    out.beginObject("properties")
    if let language = finding.language { out.field("language", language) }
    if let table = finding.table { out.field("table", table) }
    if let key = finding.key { out.field("key", key) }
    if let category = finding.category { out.field("category", category.rawValue) }
    out.endObject()
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

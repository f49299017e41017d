import Foundation
import GlossaCore

/// Renders findings as `{"issues": [...], "summary": {...}}` with the finding field names. Each
/// language's issues are written by the worker that checked it (`part`), and the report is
/// streamed to the output (a run with a million findings never holds a tree of values or one
/// huge `String`).
enum FindingJSON {
  /// Writes the report made of `parts`, in order, to `handle`; returns the most severe
  /// finding's severity.
  @discardableResult
  static func write(_ parts: [Part], to handle: FileHandle) -> Severity? {
    JSONWriter.write(to: handle) { out in
      var report = Report()
      out.beginObject()
      out.beginArray("issues")
      for part in parts { report.add(part, to: &out) }
      out.endArray()
      report.summary(to: &out)
      out.endObject()
      return report.worst
    }
  }

  /// Some findings rendered ahead of writing (on the worker that found them), with their counts.
  struct Part: Sendable {
    var issues: JSONWriter.Elements
    var count = 0
    var bySeverity: [Severity: Int] = [:]
    var byKind: [FindingKind: Int] = [:]
  }

  /// The issues and counts of `findings`.
  static func part(_ findings: [Finding]) -> Part {
    // The issues array is inside the report's object.
    var part = Part(issues: JSONWriter.elements(depth: 2) { out in findings.forEach { issue($0, to: &out) } })
    for finding in findings {
      part.bySeverity[finding.severity, default: 0] += 1
      part.byKind[finding.kind, default: 0] += 1
    }
    part.count = findings.count
    return part
  }

  /// The counts of the report being written part by part.
  private struct Report {
    private var count = 0
    private var bySeverity: [Severity: Int] = [:]
    private var byKind: [FindingKind: Int] = [:]

    /// The most severe finding so far.
    var worst: Severity? { [Severity.error, .warning, .info].first { (bySeverity[$0] ?? 0) > 0 } }

    mutating func add(_ part: Part, to out: inout JSONWriter) {
      out.append(part.issues)
      count += part.count
      bySeverity.merge(part.bySeverity, uniquingKeysWith: +)
      byKind.merge(part.byKind, uniquingKeysWith: +)
    }

    /// Totals by severity and by kind (every kind listed, zero included, in report order).
    func summary(to out: inout JSONWriter) {
      out.beginObject("summary")
      out.field("total", count)
      for severity in [Severity.error, .warning, .info] {
        out.field(severity.rawValue, bySeverity[severity] ?? 0)
      }
      out.beginObject("byKind")
      for kind in FindingKind.allCases { out.field(kind.rawValue, byKind[kind] ?? 0) }
      out.endObject()
      out.endObject()
    }
  }

  private static func issue(_ finding: Finding, to out: inout JSONWriter) {
    out.beginObject()
    out.field("kind", finding.kind.rawValue)
    out.field("severity", finding.severity.rawValue)
    out.field("bundle", finding.bundle)
    out.field("language", finding.language)
    out.field("table", finding.table)
    out.field("key", finding.key)
    out.field("category", finding.category?.rawValue)
    out.field("file", finding.file)
    out.field("line", finding.line)
    out.field("message", finding.message)
    out.endObject()
  }
}

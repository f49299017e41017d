import Foundation
import GlossaCore

/// Renders findings as text, grouped by language then file, with a summary line.
enum FindingText {
  /// Colour only on a terminal and never when `NO_COLOR` is set to anything non-empty.
  static func wantsColour() -> Bool {
    if let noColour = ProcessInfo.processInfo.environment["NO_COLOR"], !noColour.isEmpty { return false }
    return isatty(STDOUT_FILENO) == 1
  }

  static func render(_ findings: [Finding], bundle: LocalizationBundle, colour: Bool) -> String {
    var out = ""
    var group: (String?, String?)?
    for finding in findings {
      if group == nil || group! != (finding.language, finding.file) {
        if group != nil { out += "\n" }
        group = (finding.language, finding.file)
        let heading = UntrustedText.escaped(
          [finding.language ?? "bundle", finding.file].compactMap { $0 }.joined(separator: " · "))
        out += paint(heading, "1", colour) + "\n"
      }
      let line = finding.line.map { String($0) } ?? "-"
      var subject = finding.key.map { "“\(UntrustedText.shown($0))”" } ?? ""
      if let category = finding.category { subject += " [\(category.rawValue)]" }
      let severity = finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
      out +=
        "  " + line.leftPadded(5) + "  " + paint(severity, code(finding.severity), colour) + "  "
        + kindColumn(finding.kind) + " "
        + (subject.isEmpty ? "" : subject + ": ") + UntrustedText.escaped(finding.message) + "\n"
    }
    if !findings.isEmpty { out += "\n" }
    out += summary(findings) + "\n"
    return out
  }

  /// The kind, padded to 19 columns; longer kinds (`unpositioned-arguments`) are not cut.
  static func kindColumn(_ kind: FindingKind) -> String {
    kind.rawValue.count >= 19 ? kind.rawValue : kind.rawValue.padding(toLength: 19, withPad: " ", startingAt: 0)
  }

  /// `3 errors, 1 warning, 0 info — missing-key 2, overlong 1, …` (kinds in report order).
  static func summary(_ findings: [Finding]) -> String {
    let count = { (severity: Severity) in findings.filter { $0.severity == severity }.count }
    let errors = count(.error)
    let warnings = count(.warning)
    var text =
      "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(count(.info)) info"
    let byKind = Dictionary(grouping: findings, by: \.kind)
    let kinds = FindingKind.allCases.filter { byKind[$0] != nil }
    if !kinds.isEmpty {
      text += " — " + kinds.map { "\($0.rawValue) \(byKind[$0]?.count ?? 0)" }.joined(separator: ", ")
    }
    return text
  }

  private static func code(_ severity: Severity) -> String {
    switch severity {
    case .error: "31"
    case .warning: "33"
    case .info: "36"
    }
  }

  private static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

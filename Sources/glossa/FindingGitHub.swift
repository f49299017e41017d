import Foundation
import GlossaCore

/// Renders findings as GitHub Actions workflow commands (`::error file=…,line=…::message`), one
/// line each, so a pull request shows them as annotations; the summary line follows as plain log
/// text.
///
/// Errors come first, then warnings, then notices (each in report order): GitHub turns at most
/// 10 commands of each kind per step into annotations, so the ones that fail the run must not be
/// crowded out. Values are escaped as the runner reads them: in the message `%`, CR and LF become `%25`,
/// `%0D` and `%0A`; in properties (`file`, `title`) `:` and `,` also become `%3A` and `%2C`.
enum FindingGitHub {
  static func render(_ findings: [Finding], bundle: LocalizationBundle) -> String {
    var out = ""
    for severity in [Severity.error, .warning, .info] {
      for finding in findings where finding.severity == severity { out += line(finding, bundle: bundle) + "\n" }
    }
    out += FindingText.summary(findings) + "\n"
    return out
  }

  /// One workflow command for `finding`.
  static func line(_ finding: Finding, bundle: LocalizationBundle) -> String {
    var properties: [String] = []
    if let path = FindingSARIF.path(finding, bundle: bundle) {
      properties.append("file=" + escapedProperty(path))
      if let line = finding.line, line > 0 {
        properties.append("line=\(line)")
        if let column = finding.column, column > 0 { properties.append("col=\(column)") }
      }
    }
    properties.append("title=" + escapedProperty(finding.kind.rawValue))
    var subject = finding.language.map { "[\($0)] " } ?? ""
    if let key = finding.key { subject += "“\(UntrustedText.shown(key))”" }
    if let category = finding.category { subject += " [\(category.rawValue)]" }
    if finding.key != nil || finding.category != nil { subject += ": " }
    let message = UntrustedText.escaped(subject + finding.message)
    return "::\(command(finding.severity)) " + properties.joined(separator: ",") + "::" + escapedData(message)
  }

  /// The workflow command of a severity: `info` findings are notices.
  static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  /// A command's message: `%`, CR and LF escaped.
  static func escapedData(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// A command's property value: as data, and `:` and `,` escaped too.
  static func escapedProperty(_ text: String) -> String {
    escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

import Foundation
import GlossaCore

/// The two header lines: the bundles, then language, table, filter and finding counts.
enum HeaderView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let bar = Style(.title, reverse: true)
    screen.fill(x: 0, y: 0, width: screen.width, height: 1, style: bar)
    var spans = [Span(" glossa review ", bar.emphasized), Span(" Local ", bar), Span(describe(state.local), bar)]
    if let remote = state.remote {
      spans += [Span("  Remote ", bar), Span(describe(remote), bar)]
      if let note = state.remoteNote { spans.append(Span(" (\(note))", bar)) }
    }
    screen.put(spans, x: 0, y: 0)

    let languagePosition = "\(state.languageIndex + 1)/\(state.languages.count)"
    let tablePosition = "\(state.tableIndex + 1)/\(state.tables.count)"
    var line: [Span] = [
      Span(" Lang ", .faint), Span(state.language, .heading), Span(" \(languagePosition)", .faint),
      Span("  Table ", .faint), Span(state.table, .heading), Span(" \(tablePosition)", .faint),
      Span("  Filter ", .faint), Span(state.filter.label, Style(.accent, bold: state.filter != .all)),
      Span(" \(state.visible.count)/\(state.rows.count)", .faint), Span("  "),
    ]
    // Counts appear with the first full run: before it they would claim too few findings.
    if state.hasAllFindings {
      for severity in [Severity.error, .warning, .info] {
        let count = state.findings.counts[severity] ?? 0
        line.append(Span("\(severity.glyph)\(count) ", Style(count > 0 ? severity.role : .muted)))
      }
    }
    if let progress = state.progressText {
      line.append(Span(" \(progress)", Style(state.loadFailure == nil ? .accent : .error)))
    }
    if state.isDirty { line.append(Span(" ● unsaved", Style(.edited, bold: true))) }
    screen.put(line, x: 0, y: 1)
  }

  /// A bundle's name with its version.
  static func describe(_ bundle: LocalizationBundle) -> String {
    var text = bundle.name
    if let version = bundle.infoPlist?.values["CFBundleVersion"] { text += " v\(version)" }
    return text
  }
}

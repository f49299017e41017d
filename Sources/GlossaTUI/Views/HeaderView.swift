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

    // The widest form that fits: the counts and state go last to first only after the labels.
    for compact in 0...2 {
      let line = statusLine(state, compact: compact)
      if compact == 2 || width(of: line) <= screen.width {
        screen.put(line, x: 0, y: 1)
        break
      }
    }
  }

  /// The second header line; `compact` 1 drops positions and labels, 2 also shortens the table
  /// and filter, so the finding counts stay in sight down to 40 columns.
  static func statusLine(_ state: AppState, compact: Int) -> [Span] {
    let languagePosition = "\(state.browse.languageIndex + 1)/\(state.languages.count)"
    let tablePosition = "\(state.browse.tableIndex + 1)/\(state.tables.count)"
    var line: [Span]
    switch compact {
    case 0:
      line = [
        Span(" Lang ", .faint), Span(state.language, .heading), Span(" \(languagePosition)", .faint),
        Span("  Table ", .faint), Span(state.table, .heading), Span(" \(tablePosition)", .faint),
        Span("  Filter ", .faint), Span(state.browse.filter.label, Style(.accent, bold: state.browse.filter != .all)),
        Span(" \(state.browse.visible.count)/\(state.browse.rows.count)", .faint), Span("  "),
      ]
    case 1:
      line = [
        Span(" ", .faint), Span(state.language, .heading), Span(" · ", .faint), Span(state.table, .heading),
        Span(" · ", .faint), Span(state.browse.filter.label, Style(.accent, bold: state.browse.filter != .all)),
        Span(" \(state.browse.visible.count)/\(state.browse.rows.count) ", .faint),
      ]
    default:
      line = [
        Span(" ", .faint), Span(state.language, .heading), Span(" ", .faint),
        Span(FooterView.fitted(state.table, 12), .heading), Span(" ", .faint),
        Span(
          state.browse.filter == .all ? "" : String(state.browse.filter.label.prefix(4)) + " ",
          Style(.accent, bold: true)),
      ]
    }
    // Counts appear with the first full run: before it they would claim too few findings.
    if state.results.hasAllFindings {
      for severity in [Severity.error, .warning, .info] {
        let count = state.lintCount(severity)
        line.append(Span("\(severity.glyph)\(count) ", Style(count > 0 ? severity.role : .muted)))
      }
    }
    if let progress = state.progressText {
      line.append(
        Span(
          " \(compact == 2 ? String(progress.prefix(12)) : progress)",
          Style(state.loading.loadFailure == nil ? .accent : .error)))
    }
    if state.browse.showsPseudo {
      line.append(
        Span(
          compact == 2 ? " P+\(state.pseudo.expansion)" : " pseudo +\(state.pseudo.expansion)%",
          Style(.accent, bold: true)))
    }
    if state.isDirty { line.append(Span(compact == 2 ? " ●" : " ● unsaved", Style(.edited, bold: true))) }
    return line
  }

  private static func width(of spans: [Span]) -> Int {
    spans.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
  }

  /// A bundle's name with its version.
  static func describe(_ bundle: LocalizationBundle) -> String {
    var text = bundle.name
    if let version = bundle.infoPlist?.values["CFBundleVersion"] { text += " v\(version)" }
    return text
  }
}

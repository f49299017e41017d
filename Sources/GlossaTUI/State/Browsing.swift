import GlossaCore

/// What the key list shows and where the reviewer is in it: the language and table, the rows that
/// pass the filter, the selection and scroll, the detail pane's focus, the marked keys, and the
/// places the findings view and `]` return to.
public struct Browsing: Sendable {
  /// The language shown: an index into `AppState.languages`.
  public internal(set) var languageIndex = 0
  /// The table shown: an index into `AppState.tables`.
  public internal(set) var tableIndex = 0
  /// Every row of the current language and table.
  public internal(set) var rows = RowList()
  /// Indices into `rows` that pass the filter.
  public internal(set) var visible: [Int] = []
  /// Index into `visible` of the selected row.
  public internal(set) var selection = 0
  /// First visible row shown at the top of the list.
  public internal(set) var scroll = 0
  public internal(set) var filter: Filter = .all
  /// True when the detail pane has the focus.
  public internal(set) var detailFocused = false
  /// The selected field of the detail pane.
  public internal(set) var detailField = 0
  /// The findings view's filters when it was last closed (Enter on a finding, or Esc): `F`
  /// opens it again with them, so a fix-and-return loop keeps its place.
  var findingsFilters = FindingsBrowser()
  /// Where the last `]`/`[` landed.
  var findingCursor: FindingCursor?
  /// Keys marked for an action on many rows (`m`… `Space` marks, `A` marks what the list
  /// shows), in `markedPlace`'s language and table only.
  public internal(set) var marked: Set<String> = []
  /// The language and table the marks belong to; switching away drops them.
  var markedPlace: String = ""
  /// The key the selection moved on to when the selected row left the filtered list (a fix
  /// took it out): `]` starts at this key's findings instead of past them, so none is skipped.
  var landedKey: String?
  /// True while the key list and detail pane show pseudo-localized values (`P`).
  public internal(set) var showsPseudo = false
}

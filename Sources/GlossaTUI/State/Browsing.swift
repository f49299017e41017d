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
  /// Which rows the list shows.
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

  /// The selected row, if the list is not empty.
  public var selectedRow: KeyRow? {
    visible.indices.contains(selection) ? rows[visible[selection]] : nil
  }

  /// The marked keys of the list shown, in list order; none when the marks belong to another
  /// language or table than `place`.
  func markedRows(at place: String) -> [KeyRow] {
    guard !marked.isEmpty, markedPlace == place else { return [] }
    return visible.lazy.map { rows[$0] }.filter { marked.contains($0.key) }
  }

  /// Marks (or unmarks) `key` of the list shown at `place`, dropping marks of another place,
  /// and selects the next row.
  mutating func toggleMark(_ key: String, at place: String) {
    beginMarking(at: place)
    if marked.contains(key) { marked.remove(key) } else { marked.insert(key) }
    selection = min(selection + 1, max(0, visible.count - 1))
  }

  /// Marks every key the list shows at `place`, or unmarks them all when they all are marked.
  mutating func markAll(at place: String) {
    beginMarking(at: place)
    let keys = Set(visible.map { rows.keys[$0] })
    marked = keys.isSubset(of: marked) ? [] : marked.union(keys)
  }

  /// Marks are `place`'s from now: those of another language or table are dropped.
  private mutating func beginMarking(at place: String) {
    if markedPlace != place { marked = [] }
    markedPlace = place
  }
}

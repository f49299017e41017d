import GlossaCore

/// The pseudo-localization preview: every value shown accented, grown by `pseudo.expansion`
/// percent and bracketed, measured against the key's column budget.
extension AppState {
  /// The key's column budget (`max-length` in its comment, else a `.glossa.yml` rule).
  public func budget(of row: KeyRow) -> Int? {
    ColumnBudget.limit(comment: row.comment, key: row.key, options: checkOptions)
  }

  /// True when a value of the row, grown as the preview grows it, is wider than its budget:
  /// the source (a longer language would not fit) or either side's translation.
  public func pseudoOverflows(_ row: KeyRow) -> Bool {
    guard let limit = budget(of: row) else { return false }
    return [row.source, row.local, row.remote].contains { $0.map { pseudo.overflows($0, limit: limit) } ?? false }
  }

  /// True when `row` passes the current filter.
  func passes(_ row: KeyRow) -> Bool {
    browse.filter.admits(row) { pseudoOverflows($0) }
  }

  mutating func togglePseudo() { showPseudo(!browse.showsPseudo) }

  /// Turns the preview on or off and says how many keys of the table shown would not fit.
  public mutating func showPseudo(_ on: Bool) {
    browse.showsPseudo = on
    if browse.filter == .wontFit { applyFilter(keeping: selectedRow?.key) }
    guard on else {
      message = StatusMessage("Pseudo-localization preview off")
      return
    }
    // The language shown may still be read (`review --pseudo` turns it on at start).
    guard !loading.pendingLanguages.contains(language) else {
      message = StatusMessage("Pseudo-localization +\(pseudo.expansion) % on: W lists the keys that would not fit")
      return
    }
    let over = browse.rows.count(where: pseudoOverflows)
    message = StatusMessage(
      "Pseudo-localization +\(pseudo.expansion) %: \(over) of \(browse.rows.count) keys here would not fit their budget"
        + (over > 0 ? " (W lists them)" : ""))
  }
}

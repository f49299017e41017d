import GlossaCore

/// Other keys' translations of the same source text: listed in the detail pane ("Also
/// rendered as"), taken as a key's value with `=`.
extension AppState {
  /// Makes the renderings of the language shown when its tables changed since they were made:
  /// at once on a small table, else asks the loop to (the effect returned).
  mutating func prepareRenderings() -> Effect? {
    guard language != local.developmentLanguage, selectedRow != nil else { return nil }
    let stamp = RenderingIndex.stamp(local, language: language)
    guard results.renderings?.stamp != stamp else { return nil }
    if let old = results.renderings {
      // A stale index is not shown: it would offer values the tables no longer hold.
      retired.append(old)
      results.renderings = nil
    }
    if browse.rows.count <= search.foregroundSearchTextLimit {
      results.renderings = RenderingIndex(local, stamp: stamp)
      return nil
    }
    guard results.renderingsInFlight != stamp else { return nil }
    results.renderingsInFlight = stamp
    return .buildRenderings(stamp)
  }

  /// The other renderings of the selected row's source text, when they are known; nil while
  /// they are being gathered (or for the development language, a plural or a key without source).
  public var selectedRenderings: [RenderingIndex.Alternative]? {
    guard let row = selectedRow, !row.isPlural, let source = row.source,
      let renderings = results.renderings, renderings.stamp.language == language
    else { return nil }
    return renderings.alternatives(source: source, table: table, key: row.key)
  }

  /// `=`: sets the selected key's local value to another key's rendering of the same source
  /// text (the next one on each press), through the same edit as typing it: undoable, and only
  /// that value's bytes change.
  mutating func takeRendering() -> [Effect] {
    guard let row = selectedRow else { return [] }
    guard !row.isPlural else {
      message = StatusMessage("Plural forms are not grouped by source text; edit the form (e)")
      return []
    }
    guard language != local.developmentLanguage else {
      message = StatusMessage("The development language is the source text; = takes a translation's rendering")
      return []
    }
    guard let alternatives = selectedRenderings else {
      message = StatusMessage("Still gathering the other renderings of \(language); try again in a moment")
      return []
    }
    let address = ValueAddress(language: language, table: table, key: row.key)
    let current = local.value(at: address)
    guard let value = RenderingIndex.next(after: current, in: alternatives) else {
      message = StatusMessage(
        alternatives.isEmpty
          ? "No other key of \(language) has the source text of \(row.key)"
          : "Every other key of \(language) renders this source text as this value already")
      return []
    }
    let edit = local.withImpliedState(
      Edit(address: address, oldValue: current, newValue: value, comment: current == nil ? row.comment : nil))
    do {
      try applyAll([edit], side: .local)
    } catch {
      message = StatusMessage("Cannot take the value: \(error)", isError: true)
      return []
    }
    editing.history.record(SidedEdit(side: .local, edit: edit))
    let keys = alternatives.first { $0.value == value }?.keys.count ?? 0
    message = StatusMessage(
      "Took the value \(keys == 1 ? "1 other key has" : "\(keys) other keys have") for \(row.key); u undoes, = the next"
    )
    return afterChange([edit], side: .local)
  }
}

import GlossaCore

/// The reviewer's fixes beyond typing: delete a value, copy a value across sides.
extension AppState {
  /// The values of the selected row an action works on, on `side`: the selected field of the
  /// detail pane, else the row's value (every form of a plural family).
  func actionAddresses(side: Side) -> [ValueAddress] {
    guard let row = selectedRow else { return [] }
    let fields = detailFields
    if browse.detailFocused, fields.indices.contains(browse.detailField) {
      var field = fields[browse.detailField]
      field.side = side
      return [address(of: field, row: row)]
    }
    return rowAddresses(row, side: side)
  }

  /// Deletes the selected value (or plural form, or whole family) on the side of the selected
  /// field: its entry's lines and only those go. Undo puts the file back byte for byte.
  mutating func deleteSelected() -> [Effect] {
    guard let row = selectedRow else { return [] }
    let fields = detailFields
    let side =
      browse.detailFocused && fields.indices.contains(browse.detailField) ? fields[browse.detailField].side : .local
    let edits = actionAddresses(side: side).compactMap { address in
      bundle(side).value(at: address).map { Edit(address: address, oldValue: $0, newValue: nil) }
    }
    guard let first = edits.first else {
      message = StatusMessage("Nothing to delete: \(row.key) has no \(side.rawValue) value here")
      return []
    }
    // A family without `other` is a file Foundation rejects and lint reports as broken.
    if edits.count == 1, first.address.plural == .other, pluralForms(of: row, side: side).count > 1 {
      message = StatusMessage(
        "Every plural family needs its other form: edit it (e), or delete the whole key from the list (Esc, x)",
        isError: true)
      return []
    }
    do {
      let before: TableContents
      switch side {
      case .local: before = try local.contents(language: language, table: table)
      case .remote:
        guard var bundle = remote else { return [] }
        before = try bundle.contents(language: language, table: table)
        remote = bundle
      }
      try applyAll(edits, side: side)
      editing.history.record(SidedEdit(side: side, edit: first, more: Array(edits.dropFirst()), before: before))
    } catch {
      message = StatusMessage("Cannot delete: \(error)", isError: true)
      return []
    }
    let what =
      edits.count == 1 ? (first.address.plural.map { "the \($0.rawValue) form of " } ?? "") : "\(edits.count) forms of "
    message = StatusMessage("Deleted \(what)\(row.key) (\(side.rawValue)); u undoes, w saves")
    return afterChange(edits, side: side)
  }

  /// Copies the other side's value (every form of a plural family, or the selected field) over
  /// `target`'s: `<` takes the remote value into local, `>` gives the local value to remote.
  mutating func copyAcross(to target: Side) -> [Effect] {
    guard remote != nil, let row = selectedRow else {
      message = StatusMessage("No remote bundle is open")
      return []
    }
    let from: Side = target == .local ? .remote : .local
    var edits: [Edit] = []
    for address in actionAddresses(side: target) {
      guard let value = bundle(from).value(at: address) else { continue }
      let current = bundle(target).value(at: address)
      let edit = bundle(target).withImpliedState(
        Edit(address: address, oldValue: current, newValue: value, comment: current == nil ? row.comment : nil))
      if !edit.isNoOp { edits.append(edit) }
    }
    guard let first = edits.first else {
      let addresses = actionAddresses(side: target)
      let has = addresses.contains { bundle(from).value(at: $0) != nil }
      // Forms only the target has: copying adds and changes values, it never deletes one.
      let only = addresses.filter { bundle(from).value(at: $0) == nil && bundle(target).value(at: $0) != nil }
        .compactMap { $0.plural?.rawValue }
      let forms = only.count == 1 ? "form \(only[0])" : "forms " + only.joined(separator: ", ")
      message = StatusMessage(
        !has
          ? "Nothing to copy: \(row.key) has no \(from.rawValue) value in \(language)"
          : only.isEmpty
            ? "The \(target.rawValue) value already is the \(from.rawValue) one"
            : "The \(target.rawValue) values already are the \(from.rawValue) ones; the \(target.rawValue) also has "
              + "\(forms), which the \(from.rawValue) lacks (copying never deletes: x deletes a form)")
      return []
    }
    do {
      try applyAll(edits, side: target)
    } catch {
      message = StatusMessage("Cannot copy: \(error)", isError: true)
      return []
    }
    editing.history.record(SidedEdit(side: target, edit: first, more: Array(edits.dropFirst())))
    message = StatusMessage(
      "Copied the \(from.rawValue) value\(edits.count == 1 ? "" : "s") of \(row.key) to \(target.rawValue); u undoes, w saves"
    )
    return afterChange(edits, side: target)
  }

  /// In the editor: replaces the draft with the source text of the value being edited.
  mutating func copySourceIntoDraft(_ session: inout EditSession) {
    guard let text = sourceText(for: session.address) else {
      message = StatusMessage("The source language has no value for \(session.address.key)")
      return
    }
    session.editor = LineEditor(text)
    session.findingsStale = true
  }

  /// The development language's text for `address` (its `other` form, or its plain value, when
  /// the source lacks the exact form or device).
  func sourceText(for address: ValueAddress) -> String? {
    var source = address
    source.language = local.developmentLanguage
    if let value = local.value(at: source) { return value }
    if source.plural != nil {
      source.plural = .other
      if let value = local.value(at: source) { return value }
    }
    if source.device != nil {
      source.device = nil
      return local.value(at: source)
    }
    return nil
  }
}

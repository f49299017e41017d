extension LocalizationBundle {
  /// The current value at `address` (the later duplicate wins), or nil when absent.
  public func value(at address: ValueAddress) -> String? {
    value(at: address, in: \.document)
  }

  /// The value at `address` as last read or saved, or nil when it was absent.
  public func savedValue(at address: ValueAddress) -> String? {
    value(at: address, in: \.savedDocument)
  }

  /// True when the value at `address` differs from the one last read or saved, or (in a String
  /// Catalog) a state of its key changed.
  public func isEdited(_ address: ValueAddress) -> Bool {
    value(at: address) != savedValue(at: address) || isStateEdited(address)
  }

  private func value(at address: ValueAddress, in document: KeyPath<LocaleTable, any TableDocument>) -> String? {
    var found: String?
    for table in tables where table.language == address.language && table.name == address.table {
      let entries = table[keyPath: document].entries
      if let index = entries.lastIndex(
        ofKey: address.key,
        where: {
          $0.plural == address.plural && $0.device == address.device
            && (address.plural == nil || address.variable == nil || $0.variable == address.variable)
        })
      {
        found = entries[index].value
      }
    }
    return found
  }

  /// The translator comment of the entry at `address` (the development language's when the
  /// entry has none), if any.
  public func comment(at address: ValueAddress) -> String? {
    func find(_ language: String) -> String? {
      tables.lazy.filter { $0.language == language && $0.name == address.table }
        .compactMap { table in
          table.entries.lastIndex(ofKey: address.key, where: { $0.commentText != nil }).flatMap {
            table.entries[$0].comment
          }
        }.first
    }
    return find(address.language) ?? find(developmentLanguage)
  }

  /// Applies `edit`: sets the value (creating the language's table file when needed) or removes
  /// it, then sets the String Catalog states it carries. On a throw nothing changes.
  ///
  /// - Throws: `GlossaError` when the value is not what `edit.oldValue` says (the file changed
  ///   under the edit), when the bundle has no such table or unit, or when the table's format
  ///   cannot hold the value.
  public mutating func apply(_ edit: Edit) throws {
    var copy = self
    try copy.applyValue(edit)
    for change in edit.states ?? [] {
      try copy.setCatalogState(change.new, at: change.path, table: change.table)
    }
    self = copy
  }

  private mutating func applyValue(_ edit: Edit) throws {
    let address = edit.address
    try load(table: address.table, languages: [address.language, developmentLanguage])
    let current = value(at: address)
    guard current == edit.oldValue else {
      throw GlossaError.invalidEdit(
        "\(address.language)/\(address.table)",
        problem: .valueChanged(key: address.key, expected: describe(edit.oldValue), found: describe(current)))
    }
    if edit.isValueNoOp { return }
    if let device = address.device {
      // Device variations exist only in String Catalogs.
      let path = CatalogUnitPath(
        key: address.key, language: address.language, substitution: address.variable, device: device,
        plural: address.plural)
      if let newValue = edit.newValue {
        try setCatalogValue(newValue, at: path, table: address.table)
      } else {
        try removeCatalogUnit(at: path, table: address.table)
      }
      return
    }
    if let newValue = edit.newValue {
      try setValue(
        newValue, forKey: address.key, language: address.language, table: address.table,
        plural: address.plural, variable: address.variable, comment: edit.comment)
    } else {
      try removeValue(
        forKey: address.key, language: address.language, table: address.table,
        plural: address.plural, variable: address.variable)
    }
  }

  private func describe(_ value: String?) -> String {
    value.map { "\"\($0)\"" } ?? "absent"
  }
}

extension LocalizationBundle {
  /// The current value at `address` (the later duplicate wins), or nil when absent.
  public func value(at address: ValueAddress) -> String? {
    guard let table = table(language: address.language, name: address.table) else { return nil }
    return table.entries.last {
      $0.key == address.key && $0.plural == address.plural
        && (address.plural == nil || address.variable == nil || $0.variable == address.variable)
    }?.value
  }

  /// The translator comment of the entry at `address` (the development language's when the
  /// entry has none), if any.
  public func comment(at address: ValueAddress) -> String? {
    func find(_ language: String) -> String? {
      table(language: language, name: address.table)?.entries.last {
        $0.key == address.key && $0.comment != nil
      }?.comment
    }
    return find(address.language) ?? find(developmentLanguage)
  }

  /// Applies `edit` to the table it names and marks that table modified.
  ///
  /// - Throws: `GlossaError` when the value is not what `edit.oldValue` says (the file changed
  ///   under the edit), when the language has no such table, or when the table's format cannot
  ///   hold the value.
  public mutating func apply(_ edit: Edit) throws {
    let address = edit.address
    guard
      let index = tables.firstIndex(where: {
        $0.language == address.language && $0.name == address.table
      })
    else {
      throw GlossaError(
        "\(address.language) has no table \(address.table) in \(name); add the file first")
    }
    let current = value(at: address)
    guard current == edit.oldValue else {
      throw GlossaError(
        "\(address.language)/\(address.table) key \(address.key) is no longer "
          + "\(describe(edit.oldValue)) but \(describe(current)); the edit was not applied")
    }
    if edit.isNoOp { return }
    if let newValue = edit.newValue {
      try tables[index].document.setValue(
        newValue, forKey: address.key, plural: address.plural, variable: address.variable,
        comment: edit.comment)
    } else {
      try tables[index].document.removeValue(
        forKey: address.key, plural: address.plural, variable: address.variable)
    }
    tables[index].isModified = true
  }

  private func describe(_ value: String?) -> String {
    value.map { "\"\($0)\"" } ?? "absent"
  }
}

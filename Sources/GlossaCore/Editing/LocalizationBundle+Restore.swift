/// The documents of one language's table, kept so that a deletion can be undone byte for byte
/// (adding the value back would put it at the end of the file, without its comment).
public struct TableContents: Sendable {
  /// The document of each file of the table, by path.
  let documents: [String: any TableDocument]
  let language: String
  let table: String
}

extension LocalizationBundle {
  /// The current documents of `language`'s table `table` (reading its files first).
  public mutating func contents(language: String, table: String) throws -> TableContents {
    try load(table: table, languages: [language])
    var documents: [String: any TableDocument] = [:]
    for file in tables where file.language == language && file.name == table {
      documents[file.path] = file.document
    }
    return TableContents(documents: documents, language: language, table: table)
  }

  /// Puts back documents taken by `contents(language:table:)` from this bundle: each file gets a
  /// new revision, so saves and checks see the change. Files the bundle no longer has are skipped.
  public mutating func restore(_ contents: TableContents) {
    for index in tables.indices
    where tables[index].language == contents.language && tables[index].name == contents.table {
      guard let document = contents.documents[tables[index].path] else { continue }
      tables[index].replace(document)
      syncViews(from: index)
    }
  }

  /// True when a String Catalog unit of `address`'s key (in its language and table) has a state
  /// other than the one last read or saved.
  public func isStateEdited(_ address: ValueAddress) -> Bool {
    for file in tables where file.language == address.language && file.name == address.table && file.isModified {
      let now = file.document.entries.entries(ofKey: address.key).map(\.state)
      let saved = file.savedDocument.entries.entries(ofKey: address.key).map(\.state)
      if now != saved { return true }
    }
    return false
  }
}

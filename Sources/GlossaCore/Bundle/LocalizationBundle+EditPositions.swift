/// Reading a `.strings` file's edit positions ahead of its first edit.
///
/// A `.strings` document as read keeps no positions of its entries in its text (they would be
/// a third of what a review holds per entry): its first edit reads them from the text, which for
/// a file of 20,000 entries takes about as long as a frame may. A review reads them on another
/// thread for the language it shows, and lets go of them when it shows another.
extension LocaleTable {
  /// This table with its edit positions read, when it is a `.strings` file whose document keeps
  /// none; nil otherwise. The same revision, text and entries.
  public func readingEditPositions() -> LocaleTable? {
    guard let strings = document as? StringsDocument, let read = strings.keepingSpans() else { return nil }
    var table = self
    table.document = read
    return table
  }
}

extension LocalizationBundle {
  /// Takes `read` tables (from `LocaleTable.readingEditPositions()`) in place of the bundle's
  /// tables at the same paths that still have the same revision, so nothing but the positions
  /// changes.
  /// - Returns: The paths taken.
  @discardableResult
  public mutating func adoptEditPositions(_ read: [LocaleTable]) -> [String] {
    var taken: [String] = []
    for table in read {
      guard let index = tables.firstIndex(where: { $0.path == table.path }), tables[index].revision == table.revision,
        !((tables[index].document as? StringsDocument)?.keepsSpans ?? true)
      else { continue }
      tables[index].document = table.document
      taken.append(table.path)
    }
    return taken
  }

  /// Lets go of the edit positions of the tables at `paths` whose documents were not edited
  /// since read: their next edit reads them again.
  public mutating func releaseEditPositions(of paths: [String]) {
    for path in paths {
      guard let index = tables.firstIndex(where: { $0.path == path }),
        let released = (tables[index].document as? StringsDocument)?.releasingSpans()
      else { continue }
      tables[index].document = released
    }
  }
}

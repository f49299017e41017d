import Foundation
import GlossaCore

/// `AppState.dirtyCatalogSides` worked out once per state of the catalogs: the header asks on
/// every frame, and each answer compares a catalog's bytes (36 MB for a large one) with those
/// last read or saved.
///
/// Keyed per side by the revision and saved revision of every modified catalog table (a
/// revision is unique in the process and changes with every edit, undo, save and reload).
/// Copies of a state share the cache.
final class CatalogChangeCache: @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [Side: (key: [Revision], changed: Bool)] = [:]

  /// True when a String Catalog of `bundle` (the bundle of `side`) would write other bytes than
  /// its file holds: edits undone or typed back leave it unchanged.
  func hasChanges(_ bundle: LocalizationBundle, side: Side) -> Bool {
    var key: [Revision] = []
    let tables = bundle.tables
    // By index: a table is not copied to read its revisions.
    for index in tables.indices where tables[index].format == .xcstrings && tables[index].isModified {
      key += [tables[index].revision, tables[index].savedRevision]
    }
    // An unmodified table holds the document it was read or saved with.
    guard !key.isEmpty else { return false }
    lock.lock()
    defer { lock.unlock() }
    if let answer = answers[side], answer.key == key { return answer.changed }
    let changed = Self.differsFromSaved(tables)
    answers[side] = (key, changed)
    return changed
  }

  /// True when a modified catalog table's document has other bytes than its saved document.
  private static func differsFromSaved(_ tables: [LocaleTable]) -> Bool {
    // Per path, a pair of catalogs found equal: every language's view of a catalog shares its
    // bytes, so the other views' pairs are answered without comparing the whole file again.
    var equal: [String: (now: StringCatalogDocument, saved: StringCatalogDocument)] = [:]
    for index in tables.indices where tables[index].format == .xcstrings && tables[index].isModified {
      guard let now = (tables[index].document as? StringCatalogView)?.catalog,
        let saved = (tables[index].savedDocument as? StringCatalogView)?.catalog
      else { return true }
      if let pair = equal[tables[index].path], now.hasSameBytes(as: pair.now), saved.hasSameBytes(as: pair.saved) {
        continue
      }
      guard now.hasSameBytes(as: saved) else { return true }
      equal[tables[index].path] = (now, saved)
    }
    return false
  }
}

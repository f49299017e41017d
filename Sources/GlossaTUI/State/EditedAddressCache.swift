import Foundation
import GlossaCore

/// `AppState.editedAddresses` worked out once per state of the bundles: the header, the save
/// key and the rows ask for it on every frame, and each answer compares a touched value with
/// the saved one by reading its tables.
///
/// Keyed by everything the answer depends on: the touched addresses and every table's revision
/// and saved revision on both sides (a revision is unique in the process and changes with every
/// edit, undo, save and reload). Copies of a state share the cache; a state with another key
/// works the answer out afresh.
final class EditedAddressCache: @unchecked Sendable {
  struct Key: Equatable {
    var touched: Set<SidedAddress>
    var local: [Revision]
    var remote: [Revision]?

    init(touched: Set<SidedAddress>, local: LocalizationBundle, remote: LocalizationBundle?) {
      self.touched = touched
      self.local = Self.revisions(local)
      self.remote = remote.map(Self.revisions)
    }

    private static func revisions(_ bundle: LocalizationBundle) -> [Revision] {
      var revisions: [Revision] = []
      revisions.reserveCapacity(bundle.tables.count * 2)
      for table in bundle.tables {
        revisions.append(table.revision)
        revisions.append(table.savedRevision)
      }
      return revisions
    }
  }

  private let lock = NSLock()
  private var key: Key?
  private var addresses: [SidedAddress] = []

  /// The answer for `key`, from `compute` unless the last answer was for the same key.
  func addresses(for key: Key, _ compute: () -> [SidedAddress]) -> [SidedAddress] {
    lock.lock()
    defer { lock.unlock() }
    if key == self.key { return addresses }
    addresses = compute()
    self.key = key
    return addresses
  }
}

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
      let tables = bundle.tables
      revisions.reserveCapacity(tables.count * 2)
      // By index: a table is not copied to read its revisions.
      for index in tables.indices {
        revisions.append(tables[index].revision)
        revisions.append(tables[index].savedRevision)
      }
      return revisions
    }
  }

  /// The tables one address's answer depends on: one side's files of one language and table.
  private struct TableKey: Hashable {
    var side: Side
    var language: String
    var table: String
  }

  private let lock = NSLock()
  private var key: Key?
  private var addresses: [SidedAddress] = []
  /// Each touched address's last answer, with the revisions of its tables then: after an edit
  /// only the addresses of the edited tables are compared with their saved values again.
  private var answers: [SidedAddress: (revisions: [Revision], edited: Bool)] = [:]

  /// The touched addresses whose value differs from the saved one (`isEdited`), worked out
  /// again only for those whose tables changed since the last answer.
  func addresses(
    for key: Key, local: LocalizationBundle, remote: LocalizationBundle?, isEdited: (SidedAddress) -> Bool
  ) -> [SidedAddress] {
    lock.lock()
    defer { lock.unlock() }
    if key == self.key { return addresses }
    var revisions: [TableKey: [Revision]] = [:]
    for (side, bundle) in [(Side.local, local)] + (remote.map { [(Side.remote, $0)] } ?? []) {
      let tables = bundle.tables
      for index in tables.indices {
        let at = TableKey(side: side, language: tables[index].language, table: tables[index].name)
        revisions[at, default: []] += [tables[index].revision, tables[index].savedRevision]
      }
    }
    var kept: [SidedAddress: (revisions: [Revision], edited: Bool)] = [:]
    addresses = key.touched.filter { address in
      // The bundle of the remote side is the local one when there is no remote.
      let side = remote == nil ? Side.local : address.side
      let now = revisions[TableKey(side: side, language: address.address.language, table: address.address.table)] ?? []
      let edited = answers[address].flatMap { $0.revisions == now ? $0.edited : nil } ?? isEdited(address)
      kept[address] = (now, edited)
      return edited
    }
    answers = kept
    self.key = key
    return addresses
  }
}

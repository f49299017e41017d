import GlossaCore

/// The tables' snapshots the rows are made from, kept while their files stay the same: the
/// source table's, the last few translations', the remote development language's, and which
/// neighbours were last read ahead.
struct Snapshots: Sendable {
  /// The remote bundle's development-language snapshot of the table shown: the source text of a
  /// key only the remote has, without a search of its entries per row.
  var remoteSource: TableSnapshot?
  /// The source table's snapshot, kept across language switches.
  var sourceCache: SourceSnapshot?
  /// The last few translation snapshots, oldest first (see `snapshot(_:language:)`).
  var snapshotCache: [CachedSnapshot] = []
  /// The language and table whose neighbours were last read ahead (`readAhead`).
  var readAheadFor: SnapshotKey?
  /// What the first edit of the language shown reads, read ahead (see `WarmUp`).
  var warmUp = WarmUpState()
}

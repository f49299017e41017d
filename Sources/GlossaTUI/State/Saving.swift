import GlossaCore

/// Writing the review out: the sides being saved and what each save wrote, the repack in flight,
/// the journals offered for restore at start, and what quitting waits for.
public struct Saving: Sendable {
  /// Sides being saved off the loop, with the number of journal edits the save covers.
  public internal(set) var saving: [Side: Int] = [:]
  /// What each side's save of the current `w` wrote, for one message naming both sides' files.
  var savedReports: [Side: String] = [:]
  /// True while a repack runs off the loop.
  public internal(set) var repacking = false
  /// The side a running repack writes and its tables' revisions then: a download's edits
  /// written as a zip count as saved once the zip is written.
  var repackedRevisions: (side: Side, revisions: [String: Revision])?
  /// Per downloaded side, its tables' revisions when its edits were last written as a zip.
  var downloadWritten: [Side: [String: Revision]] = [:]
  /// Journals found at start, offered for restore.
  public internal(set) var pendingRestore: [Side: EditJournal] = [:]
  /// Sides still being saved before quitting.
  public internal(set) var quitAfterSaving: Set<Side>?
  /// True while quitting waits for the downloaded remote's edits to be written as a zip.
  public internal(set) var quitAfterRepack = false
  /// The last repack's result, or the files of a save that wrote more than its status line
  /// names, shown in the detail pane until the next key.
  public internal(set) var repackReport: [String]?

  /// Quitting no longer waits for saves or a repack (one failed or was cancelled): the review
  /// stays open.
  mutating func cancelQuit() {
    quitAfterRepack = false
    quitAfterSaving = nil
  }

  /// The save of `side` finished; true when quitting waited for it and waits for nothing else.
  mutating func finishedSaving(_ side: Side) -> Bool {
    guard var pending = quitAfterSaving else { return false }
    pending.remove(side)
    quitAfterSaving = pending
    return pending.isEmpty && !quitAfterRepack
  }
}

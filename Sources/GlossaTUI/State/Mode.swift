import GlossaCore

/// What the keyboard is doing right now.
public enum Mode: Sendable, Hashable {
  case browse
  /// The help overlay, scrolled by `scroll` lines.
  case help(scroll: Int)
  case editing(EditSession)
  case search(SearchSession)
  case textPrompt(TextPrompt)
  case choice(ChoicePrompt)
  case picker(Picker)
  /// The findings of the whole review in one list.
  case findings(FindingsBrowser)
}

/// A value being edited in the line editor.
public struct EditSession: Sendable, Hashable {
  public var side: Side
  public var address: ValueAddress
  /// The value before editing (nil when the key is being added).
  public var original: String?
  /// The comment to write with a value that is added.
  public var comment: String?
  public var editor: LineEditor
  /// Findings of the key with the draft value, updated as you type.
  public var findings: [Finding]
  /// True when the draft changed since `findings` were computed; the next `idle` event recomputes
  /// them, so fast typing on a large bundle is not slowed by the checks.
  public var findingsStale = false
}

/// A search being typed: the list jumps to the first match as the term changes.
public struct SearchSession: Sendable, Hashable {
  public var editor: LineEditor
  /// The selected row when the search began, restored on cancel.
  public var origin: Int
  /// True when Enter searches every language and table, not only the list shown.
  public var everywhere = false
  /// Rows of the list shown that match the term so far.
  public var matches = 0
}

/// What an export writes: the findings view's list (its filters and position, to return to),
/// or the key list as filtered.
public enum ExportSubject: Sendable, Hashable {
  case findings(FindingsBrowser)
  case keys
}

/// What a typed answer is for.
public enum TextPromptPurpose: Sendable, Hashable {
  /// The output path of a repack of `side`.
  case repackPath(Side)
  /// The file an export is written to.
  case exportPath(ExportSubject)
}

/// A question answered by typing (a path).
public struct TextPrompt: Sendable, Hashable {
  public var purpose: TextPromptPurpose
  public var question: String
  public var editor: LineEditor
}

/// What a one-key question is for.
public enum ChoicePurpose: Sendable, Hashable {
  /// Quit with unsaved edits: save, discard, or cancel.
  case quitUnsaved
  /// Restore the edits found in the crash journal.
  case restoreJournal
  /// A file of `side` changed on disk since it was read: reload it (the edits are applied
  /// again) or overwrite it.
  case changedOnDisk(Side)
  /// Which bundle `R` repacks, when both could be meant.
  case repackSide
  /// Write over the existing file `output` with the repack of `side`.
  case overwriteZip(side: Side, output: String)
  /// Raise `CFBundleVersion` before repacking to `output` (creating its folder first when
  /// `createFolder`).
  case bumpVersion(side: Side, output: String, from: String, to: String, createFolder: Bool)
  /// Create the missing folder of `output`, then repack `side` there.
  case createFolderForRepack(side: Side, output: String)
  /// Write over the existing file `path` with an export.
  case overwriteExport(path: String, subject: ExportSubject)
  /// Create the missing folder of `path`, then export there.
  case createFolderForExport(path: String, subject: ExportSubject)
}

/// A question answered with one key.
public struct ChoicePrompt: Sendable, Hashable {
  public var purpose: ChoicePurpose
  public var question: String
  /// The answers offered (their keys come from the action table).
  public var answers: [Action]
}

/// A list to pick a language or a table from.
public struct Picker: Sendable, Hashable {
  public enum Kind: Sendable, Hashable { case language, table }
  public var kind: Kind
  public var items: [String]
  public var selection: Int
  /// A note shown after each item (a language's finding counts), when there is one.
  public var notes: [String] = []
}

/// A line of feedback under the detail pane (saved, undone, an error).
public struct StatusMessage: Sendable, Hashable {
  public var text: String
  public var isError: Bool
  public init(_ text: String, isError: Bool = false) {
    self.text = text
    self.isError = isError
  }
}

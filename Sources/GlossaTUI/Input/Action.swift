/// Everything a user can do. Keys, footer labels and help text live in `Action.table`.
public enum Action: String, Sendable, Hashable, CaseIterable {
  case moveDown, moveUp, pageDown, pageUp, top, bottom
  case nextLanguage, previousLanguage, pickLanguage, nextTable, previousTable, pickTable
  case nextFinding, previousFinding, showFindings
  case findingsJump, findingsClose, findingsSeverity, findingsKind, findingsLanguage, findingsSide
  case findingsKindBack, findingsLanguageBack, findingsFilter
  case search, searchNext, searchPrevious
  case cycleFilter, filterAll, filterFindings, filterMissing, filterOneSide, filterOverlong, filterPlural
  case filterNeedsReview
  case filterChanged, filterEdited, filterWontFit, togglePseudo
  case switchPane, edit, editRemote, markReviewed, markNeedsReview, deleteValue, takeRemote, giveRemote
  case toggleMark, markAll, copySource, takeRendering
  case undo, redo, save, repack, export, help, quit
  case editCommit, editCancel, editNewline, editLeft, editRight, editWordLeft, editWordRight
  case editHome, editEnd, editUp, editDown, editBackspace, editDelete, editDeleteWord
  case editKillToEnd, editKillToStart, editCopySource
  case searchAccept, searchCancel, searchScope
  case promptAccept, promptCancel
  case answerYes, answerNo, answerSave, answerDiscard, answerReload, answerOverwrite, answerLocal, answerRemote
  case closeHelp, helpDown, helpUp
  case pickerDown, pickerUp, pickerChoose, pickerCancel
}

/// One row of the action table: the keys that trigger an action, where, and how it is described.
public struct ActionInfo: Sendable, Hashable {
  public var action: Action
  /// Keys bound by default; the first is the one the footer shows.
  public var keys: [Key]
  /// Short label for the footer; nil keeps the action out of the footer (it still shows in help).
  public var label: String?
  /// One sentence for the help overlay.
  public var help: String
  /// Where the action works.
  public var scopes: Set<Scope>

  public init(
    _ action: Action, _ keys: [Key], label: String?, help: String, scopes: Set<Scope>
  ) {
    self.action = action
    self.keys = keys
    self.label = label
    self.help = help
    self.scopes = scopes
  }
}

extension Action {
  /// The action table: the single source of the keymap, the footer and the help overlay.
  public static let table: [ActionInfo] = browsingActions + editingActions + findingsActions + modalActions

  /// The row describing this action.
  public var info: ActionInfo {
    // Every case has exactly one row; `ActionTableTests` proves it.
    Action.infoByAction[self] ?? ActionInfo(self, [], label: nil, help: rawValue, scopes: [])
  }

  private static let infoByAction: [Action: ActionInfo] = Dictionary(
    table.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })

  static let browsingActions: [ActionInfo] = [
    ActionInfo(
      .moveDown, [.char("j"), .down], label: nil, help: "Next row (next field in the detail pane)",
      scopes: Scope.browsing.union([.findings])),
    ActionInfo(
      .moveUp, [.char("k"), .up], label: nil, help: "Previous row (previous field in the detail pane)",
      scopes: Scope.browsing.union([.findings])),
    ActionInfo(
      .pageDown, [.pageDown, .ctrl("f")], label: nil, help: "One page down", scopes: [.list, .findings]),
    ActionInfo(.pageUp, [.pageUp, .ctrl("b")], label: nil, help: "One page up", scopes: [.list, .findings]),
    ActionInfo(.top, [.char("g"), .home], label: nil, help: "First row", scopes: [.list, .findings]),
    ActionInfo(.bottom, [.char("G"), .end], label: nil, help: "Last row", scopes: [.list, .findings]),
    ActionInfo(.nextLanguage, [.char("l"), .right], label: "lang", help: "Next language", scopes: Scope.browsing),
    ActionInfo(.previousLanguage, [.char("h"), .left], label: nil, help: "Previous language", scopes: Scope.browsing),
    ActionInfo(.pickLanguage, [.char("L")], label: nil, help: "Pick a language from a list", scopes: Scope.browsing),
    ActionInfo(.nextTable, [.char("t")], label: "table", help: "Next table", scopes: Scope.browsing),
    ActionInfo(.previousTable, [.char("T")], label: nil, help: "Previous table", scopes: Scope.browsing),
    ActionInfo(.pickTable, [.char("b")], label: nil, help: "Pick a table from a list", scopes: Scope.browsing),
    ActionInfo(
      .nextFinding, [.char("]")], label: "finding",
      help: "Next finding of the whole review, on to the next table and language (file problems too)",
      scopes: Scope.browsing.union([.findings])),
    ActionInfo(
      .previousFinding, [.char("[")], label: nil, help: "Previous finding of the whole review",
      scopes: Scope.browsing.union([.findings])),
    ActionInfo(
      .showFindings, [.char("F")], label: "findings",
      help: "Every finding of every language and table in one list (file problems too)", scopes: Scope.browsing),
    ActionInfo(
      .search, [.char("/")], label: "search", help: "Search keys, values and comments as you type (Tab: everywhere)",
      scopes: Scope.browsing),
    ActionInfo(.searchNext, [.char("n")], label: "next", help: "Next search match", scopes: Scope.browsing),
    ActionInfo(.searchPrevious, [.char("N")], label: nil, help: "Previous search match", scopes: Scope.browsing),
    ActionInfo(
      .cycleFilter, [.char("f")], label: "filter",
      help: "Next filter (all, findings, missing, overlong, plural, changed, edited; won't fit with P)",
      scopes: Scope.browsing),
    ActionInfo(.filterAll, [.char("a")], label: nil, help: "Show all keys", scopes: Scope.browsing),
    ActionInfo(.filterFindings, [.char("!")], label: nil, help: "Show keys with findings", scopes: Scope.browsing),
    ActionInfo(
      .filterMissing, [.char("m")], label: nil, help: "Show keys missing in this language", scopes: Scope.browsing),
    ActionInfo(
      .filterOneSide, [.char("M")], label: nil,
      help: "Show keys only one bundle has (missing in the remote, or only in it)", scopes: Scope.browsing),
    ActionInfo(.filterOverlong, [.char("o")], label: nil, help: "Show overlong values", scopes: Scope.browsing),
    ActionInfo(
      .filterPlural, [.char("p")], label: nil, help: "Show plural gaps and extra plural forms", scopes: Scope.browsing),
    ActionInfo(
      .filterNeedsReview, [.char("U")], label: nil,
      help: "Show String Catalog translations marked as needing review", scopes: Scope.browsing),
    ActionInfo(
      .filterChanged, [.char("c")], label: nil, help: "Show keys that differ between local and remote",
      scopes: Scope.browsing),
    ActionInfo(.filterEdited, [.char("*")], label: nil, help: "Show keys edited and not saved", scopes: Scope.browsing),
    ActionInfo(
      .filterWontFit, [.char("W")], label: nil,
      help: "Show keys whose values, pseudo-localized, would not fit their column budget (max-length)",
      scopes: Scope.browsing),
    ActionInfo(
      .togglePseudo, [.char("P")], label: nil,
      help:
        "Pseudo-localization preview: values accented, grown (--pseudo-expand, 40 %) and bracketed; red when over budget",
      scopes: Scope.browsing),
    ActionInfo(
      .switchPane, [.tab, .backTab], label: "pane", help: "Switch between the key list and the detail pane",
      scopes: Scope.browsing),
    ActionInfo(
      .edit, [.char("e"), .enter], label: "edit",
      help: "Edit the local value (or the selected field); a missing one starts as the other side's, else the source",
      scopes: Scope.browsing),
    ActionInfo(.editRemote, [.char("E")], label: "edit remote", help: "Edit the remote value", scopes: Scope.browsing),
    ActionInfo(
      .markReviewed, [.char("r")], label: "reviewed",
      help: "Mark the key's String Catalog values in this language reviewed (translated)",
      scopes: Scope.browsing),
    ActionInfo(
      .markNeedsReview, [.char("v")], label: nil,
      help: "Mark the key's String Catalog values in this language needs_review (ask for another look)",
      scopes: Scope.browsing),
    ActionInfo(
      .deleteValue, [.char("x"), .delete], label: "delete",
      help: "Delete the value (the selected form in the detail pane; a family's every form): its lines only",
      scopes: Scope.browsing),
    ActionInfo(
      .takeRemote, [.char("<")], label: nil,
      help: "Take the remote value into local (the selected form, or every form of a family)",
      scopes: Scope.browsing),
    ActionInfo(
      .giveRemote, [.char(">")], label: nil, help: "Give the local value to remote (the selected form, or every form)",
      scopes: Scope.browsing),
    ActionInfo(
      .toggleMark, [.char(" ")], label: nil,
      help:
        "Mark the key (or unmark it) and go to the next: r, v, <, >, C and x then act on every marked key "
        + "(in the findings view: one page down)",
      scopes: [.list, .findings]),
    ActionInfo(
      .markAll, [.char("A")], label: nil, help: "Mark every key the list shows (again: unmark them all)",
      scopes: [.list]),
    ActionInfo(
      .copySource, [.char("C")], label: nil,
      help: "Set the local value to the source text (every marked key, or the selected one)", scopes: [.list]),
    ActionInfo(
      .takeRendering, [.char("=")], label: nil,
      help: "Set the local value to another key's translation of the same source text (Also as; again: the next)",
      scopes: Scope.browsing),
    ActionInfo(.undo, [.char("u")], label: "undo", help: "Undo the last edit", scopes: Scope.browsing),
    ActionInfo(.redo, [.ctrl("r")], label: "redo", help: "Redo the edit last undone", scopes: Scope.browsing),
    ActionInfo(
      .save, [.char("w")], label: "save", help: "Save edited files (only the edited values' bytes change)",
      scopes: Scope.browsing),
    ActionInfo(
      .repack, [.char("R")], label: "repack", help: "Write the bundle with its edits as a zip and check it",
      scopes: Scope.browsing),
    ActionInfo(.help, [.char("?"), .function(1)], label: "help", help: "Show this help", scopes: Scope.browsing),
    ActionInfo(
      .quit, [.char("q")], label: "quit", help: "Quit (asks first when edits are unsaved)", scopes: Scope.browsing),
  ]

  static let editingActions: [ActionInfo] = [
    ActionInfo(.editCommit, [.enter], label: "done", help: "Keep the edited value", scopes: [.editing]),
    ActionInfo(.editCancel, [.escape], label: "cancel", help: "Drop the edit", scopes: [.editing]),
    ActionInfo(
      .editNewline, [.ctrl("j"), .alt("\r")], label: "newline", help: "Insert a line break", scopes: [.editing]),
    ActionInfo(.editLeft, [.left], label: nil, help: "Cursor left", scopes: Scope.textEntry),
    ActionInfo(.editRight, [.right], label: nil, help: "Cursor right", scopes: Scope.textEntry),
    ActionInfo(.editWordLeft, [.alt("b")], label: nil, help: "Cursor one word left", scopes: Scope.textEntry),
    ActionInfo(.editWordRight, [.alt("f")], label: nil, help: "Cursor one word right", scopes: Scope.textEntry),
    ActionInfo(.editHome, [.home, .ctrl("a")], label: nil, help: "Start of line", scopes: Scope.textEntry),
    ActionInfo(.editEnd, [.end, .ctrl("e")], label: nil, help: "End of line", scopes: Scope.textEntry),
    ActionInfo(.editUp, [.up], label: nil, help: "Line above", scopes: [.editing]),
    ActionInfo(.editDown, [.down], label: nil, help: "Line below", scopes: [.editing]),
    ActionInfo(
      .editBackspace, [.backspace, .ctrl("h")], label: nil, help: "Delete before the cursor", scopes: Scope.textEntry),
    ActionInfo(
      .editDelete, [.delete, .ctrl("d")], label: nil, help: "Delete under the cursor", scopes: Scope.textEntry),
    ActionInfo(
      .editDeleteWord, [.ctrl("w"), .alt("\u{7F}")], label: "del word", help: "Delete the word before the cursor",
      scopes: Scope.textEntry),
    ActionInfo(
      .editKillToEnd, [.ctrl("k")], label: nil, help: "Delete to the end of the line", scopes: Scope.textEntry),
    ActionInfo(
      .editKillToStart, [.ctrl("u")], label: nil, help: "Delete to the start of the line", scopes: Scope.textEntry),
    ActionInfo(
      .editCopySource, [.ctrl("b")], label: "source", help: "Replace the draft with the source text",
      scopes: [.editing]),
  ]

  static let findingsActions: [ActionInfo] = [
    ActionInfo(
      .findingsJump, [.enter, .char("e")], label: "go to",
      help: "Show the finding's key (or line) in its language and table",
      scopes: [.findings]),
    ActionInfo(
      .findingsSeverity, [.char("s")], label: "severity", help: "Filter by severity (all, errors, warnings, info)",
      scopes: [.findings]),
    ActionInfo(
      .findingsKind, [.char("t")], label: "kind", help: "Filter by kind (all, then each kind present)",
      scopes: [.findings]),
    ActionInfo(
      .findingsLanguage, [.char("l")], label: "language", help: "Filter by language (all, then each language)",
      scopes: [.findings]),
    ActionInfo(
      .findingsKindBack, [.char("T")], label: nil, help: "Filter by kind, cycling backwards", scopes: [.findings]),
    ActionInfo(
      .findingsLanguageBack, [.char("L")], label: nil, help: "Filter by language, cycling backwards",
      scopes: [.findings]),
    ActionInfo(
      .findingsFilter, [.char("/")], label: "filter",
      help: "Type the filters: a language code, kind, severity or side, in any order (fr overlong errors)",
      scopes: [.findings]),
    ActionInfo(
      .findingsSide, [.char("S")], label: nil, help: "Filter by side (both, local, remote)", scopes: [.findings]),
    ActionInfo(
      .export, [.char("X")], label: "export",
      help: "Write what the list shows (findings, or the filtered keys) to a .json, .csv or .md file",
      scopes: Scope.browsing.union([.findings])),
    ActionInfo(
      .findingsClose, [.escape, .char("q"), .char("F")], label: "close", help: "Close the findings view",
      scopes: [.findings]),
  ]

  static let modalActions: [ActionInfo] = [
    ActionInfo(.searchAccept, [.enter], label: "go", help: "Keep the search and close it", scopes: [.search]),
    ActionInfo(.searchCancel, [.escape], label: "cancel", help: "Close the search and go back", scopes: [.search]),
    ActionInfo(
      .searchScope, [.tab], label: "everywhere",
      help: "Search every language and table (keys, values, comments) instead of the list shown; n/N walk the matches",
      scopes: [.search]),
    ActionInfo(
      .promptAccept, [.enter], label: "ok", help: "Accept the answer", scopes: [.textPrompt, .findingsFilter]),
    ActionInfo(
      .promptCancel, [.escape], label: "cancel", help: "Cancel", scopes: [.textPrompt, .choicePrompt, .findingsFilter]),
    ActionInfo(.answerYes, [.char("y")], label: "yes", help: "Yes", scopes: [.choicePrompt]),
    ActionInfo(.answerNo, [.char("n")], label: "no", help: "No", scopes: [.choicePrompt]),
    ActionInfo(.answerSave, [.char("w")], label: "save", help: "Save, then go on", scopes: [.choicePrompt]),
    ActionInfo(
      .answerDiscard, [.char("d")], label: "discard", help: "Discard the edits, then go on", scopes: [.choicePrompt]),
    ActionInfo(
      .answerReload, [.char("r")], label: "reload",
      help: "Read the changed files again and apply the unsaved edits on top", scopes: [.choicePrompt]),
    ActionInfo(
      .answerOverwrite, [.char("o")], label: "overwrite", help: "Write over the changed files", scopes: [.choicePrompt]),
    ActionInfo(.answerLocal, [.char("L")], label: "local", help: "The local bundle", scopes: [.choicePrompt]),
    ActionInfo(.answerRemote, [.char("R")], label: "remote", help: "The remote bundle", scopes: [.choicePrompt]),
    ActionInfo(.closeHelp, [.escape, .char("?"), .char("q")], label: "close", help: "Close the help", scopes: [.help]),
    ActionInfo(
      .helpDown, [.char("j"), .down, .pageDown, .char(" ")], label: "scroll", help: "Scroll the help down",
      scopes: [.help]),
    ActionInfo(.helpUp, [.char("k"), .up, .pageUp], label: nil, help: "Scroll the help up", scopes: [.help]),
    ActionInfo(.pickerDown, [.char("j"), .down], label: nil, help: "Next item", scopes: [.picker]),
    ActionInfo(.pickerUp, [.char("k"), .up], label: nil, help: "Previous item", scopes: [.picker]),
    ActionInfo(.pickerChoose, [.enter], label: "choose", help: "Choose the item", scopes: [.picker]),
    ActionInfo(.pickerCancel, [.escape, .char("q")], label: "cancel", help: "Close the list", scopes: [.picker]),
  ]
}

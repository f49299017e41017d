/// Where the keyboard focus is: each action works in some scopes only.
public enum Scope: String, Sendable, Hashable, CaseIterable {
  /// Browsing the key list.
  case list
  /// Browsing the detail pane's fields.
  case detail
  /// Editing a value in the line editor.
  case editing
  /// Typing a search term.
  case search
  /// Typing an answer to a question (a file path).
  case textPrompt
  /// Answering a question with one key.
  case choicePrompt
  /// Reading the help overlay.
  case help
  /// Picking a language or table from a list.
  case picker
  /// Browsing the findings view.
  case findings
  /// Typing the findings view's filter (`/`).
  case findingsFilter

  /// The scopes where the line editor's keys work.
  public static let textEntry: Set<Scope> = [.editing, .search, .textPrompt, .findingsFilter]
  /// The scopes where the browsing keys work.
  public static let browsing: Set<Scope> = [.list, .detail]
}

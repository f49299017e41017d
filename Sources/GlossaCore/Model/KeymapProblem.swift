/// What is wrong with the review's key bindings file (`GlossaError.keymap`).
public enum KeymapProblem: Sendable, Hashable {
  /// The file cannot be opened or read.
  case unreadable
  /// The bytes are not UTF-8 text.
  case notUTF8
  /// A line that is neither a comment nor `action = key, key`.
  case expectedBinding
  /// An action name the review does not have.
  case unknownAction(String)
  /// A key written in a way the review does not read.
  case unknownKey(String)
  /// An action given no key.
  case noKeys(action: String)
  /// A key bound to two actions that work in the same place.
  case conflict(key: String, actions: [String])

  /// The sentence after `file:line:column: `.
  public var text: String {
    switch self {
    case .unreadable: "cannot read the key bindings file"
    case .notUTF8: "the key bindings file is not UTF-8 text"
    case .expectedBinding: "expected `action = key, key`"
    case .unknownAction(let name): "unknown action \"\(name)\"; the actions are listed in docs/tui.md"
    case .unknownKey(let label):
      "unknown key \"\(label)\"; write keys as the help shows them (q, Ctrl-R, Alt-b, PgDn, Enter, Space, F1)"
    case .noKeys(let action): "\(action) is bound to no key"
    case .conflict(let key, let actions):
      "\(key) is bound to both \(actions.joined(separator: " and ")); bind one of them to another key"
    }
  }
}

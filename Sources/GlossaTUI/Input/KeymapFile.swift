import GlossaCore

/// A user keymap file: one `action = key, key` line per rebound action, `#` comments.
///
/// Actions are named as in `Action` (`quit`, `nextFinding`, …); keys as the help shows them
/// (`q`, `Ctrl-R`, `Alt-b`, `PgDn`, `Enter`, `Space`, `F1`).
public enum KeymapFile {
  /// The overrides a keymap file's text defines.
  ///
  /// - Throws: `GlossaError.keymap` naming `file`, line and column for an unknown action or key,
  ///   a missing `=`, or an action bound to no key.
  public static func parse(_ text: String, file: String) throws -> [Action: [Key]] {
    var overrides: [Action: [Key]] = [:]
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let number = index + 1
      let content = line.trimmingPrefix { $0 == " " || $0 == "\t" }
      if content.isEmpty || content.hasPrefix("#") { continue }
      let column = line.count - content.count + 1
      guard let equals = content.firstIndex(of: "=") else {
        throw GlossaError.keymap(file, line: number, column: column, problem: .expectedBinding)
      }
      let name = content[..<equals].trimmingCharacters(in: .whitespaces)
      guard let action = Action(rawValue: name) else {
        throw GlossaError.keymap(file, line: number, column: column, problem: .unknownAction(name))
      }
      let list = content[content.index(after: equals)...]
      var keys: [Key] = []
      for item in list.split(separator: ",") {
        let label = item.trimmingCharacters(in: .whitespaces)
        guard let key = Key(label: label) else {
          let offset = content.distance(from: content.startIndex, to: item.startIndex)
          throw GlossaError.keymap(file, line: number, column: column + offset, problem: .unknownKey(label))
        }
        keys.append(key)
      }
      guard !keys.isEmpty else {
        throw GlossaError.keymap(file, line: number, column: column, problem: .noKeys(action: name))
      }
      overrides[action] = keys
    }
    return overrides
  }
}

extension Key {
  /// The key a label names (the inverse of `label`), or nil.
  public init?(label: String) {
    let named: [String: Key] = [
      "Space": .char(" "), "↑": .up, "Up": .up, "↓": .down, "Down": .down, "←": .left, "Left": .left,
      "→": .right, "Right": .right, "PgUp": .pageUp, "PgDn": .pageDown, "Home": .home, "End": .end,
      "Enter": .enter, "Esc": .escape, "Tab": .tab, "S-Tab": .backTab, "Bksp": .backspace, "Del": .delete,
      "Alt-Enter": .alt("\r"), "Alt-Bksp": .alt("\u{7F}"),
    ]
    if let key = named[label] {
      self = key
      return
    }
    if label.count == 1, let character = label.first, !character.isWhitespace {
      self = .char(character)
      return
    }
    if label.hasPrefix("Ctrl-"), label.count == 6, let letter = label.last?.lowercased().first, letter.isLetter {
      self = .ctrl(letter)
      return
    }
    if label.hasPrefix("Alt-"), label.count == 5, let character = label.last {
      self = .alt(character)
      return
    }
    if label.hasPrefix("F"), let number = Int(label.dropFirst()), (1...12).contains(number) {
      self = .function(number)
      return
    }
    return nil
  }
}

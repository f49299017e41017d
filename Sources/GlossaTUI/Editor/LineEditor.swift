import GlossaCore

/// A text buffer with a cursor, edited one grapheme cluster at a time.
///
/// Values may span lines (`\n`); the cursor is an index into `characters`, so wide and
/// combining characters move and delete as one.
public struct LineEditor: Sendable, Hashable {
  public private(set) var characters: [Character]
  /// Cursor position: 0…`characters.count`.
  public private(set) var cursor: Int

  /// An editor holding `text` with the cursor at its end.
  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text being edited.
  public var text: String { String(characters) }

  /// Inserts text at the cursor and moves the cursor past it.
  public mutating func insert(_ text: String) {
    let new = Array(text)
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
    // Inserting a combining mark merges it with the cluster before it.
    let merged = Array(String(characters))
    if merged.count != characters.count {
      cursor -= characters.count - merged.count
      characters = merged
    }
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }

  /// Moves to the start of the current line.
  public mutating func moveHome() { cursor = lineStart(of: cursor) }
  /// Moves to the end of the current line.
  public mutating func moveEnd() { cursor = lineEnd(of: cursor) }

  /// Moves to the start of the previous word.
  public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

  /// Moves past the end of the next word.
  public mutating func moveWordRight() {
    var index = cursor
    while index < characters.count, !characters[index].isWordCharacter { index += 1 }
    while index < characters.count, characters[index].isWordCharacter { index += 1 }
    cursor = index
  }

  /// Moves to the line above at the same display column (or its end). Returns false on the first line.
  @discardableResult
  public mutating func moveUp() -> Bool {
    let start = lineStart(of: cursor)
    guard start > 0 else { return false }
    let column = columns(from: start, to: cursor)
    let previousStart = lineStart(of: start - 1)
    cursor = index(atColumn: column, from: previousStart)
    return true
  }

  /// Moves to the line below at the same display column (or its end). Returns false on the last line.
  @discardableResult
  public mutating func moveDown() -> Bool {
    let end = lineEnd(of: cursor)
    guard end < characters.count else { return false }
    let column = columns(from: lineStart(of: cursor), to: cursor)
    cursor = index(atColumn: column, from: end + 1)
    return true
  }

  /// Deletes the cluster before the cursor.
  public mutating func backspace() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  /// Deletes the cluster under the cursor.
  public mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  /// Deletes the word before the cursor (and the spaces after it).
  public mutating func deleteWordBackward() {
    let start = wordStart(before: cursor)
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Deletes from the cursor to the end of the line.
  public mutating func killToEnd() {
    characters.removeSubrange(cursor..<lineEnd(of: cursor))
  }

  /// Deletes from the start of the line to the cursor.
  public mutating func killToStart() {
    let start = lineStart(of: cursor)
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// The line the cursor is on (0-based) and its display column within that line.
  public var cursorPosition: (line: Int, column: Int) {
    let line = characters[..<cursor].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    return (line, columns(from: lineStart(of: cursor), to: cursor))
  }

  /// The text's lines.
  public var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func lineStart(of index: Int) -> Int {
    var start = index
    while start > 0, characters[start - 1] != "\n" { start -= 1 }
    return start
  }

  private func lineEnd(of index: Int) -> Int {
    var end = index
    while end < characters.count, characters[end] != "\n" { end += 1 }
    return end
  }

  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0, !characters[start - 1].isWordCharacter { start -= 1 }
    while start > 0, characters[start - 1].isWordCharacter { start -= 1 }
    return start
  }

  private func columns(from start: Int, to end: Int) -> Int {
    characters[start..<end].reduce(0) { $0 + Screen.glyph(for: $1).1 }
  }

  private func index(atColumn column: Int, from start: Int) -> Int {
    var index = start
    var used = 0
    while index < characters.count, characters[index] != "\n" {
      let width = Screen.glyph(for: characters[index]).1
      if used + width > column { break }
      used += width
      index += 1
    }
    return index
  }
}

extension Character {
  /// Letters, digits and marks count as word characters for word movement and deletion.
  var isWordCharacter: Bool { isLetter || isNumber || self == "_" }
}

/// Makes whitespace at the edges of a value visible: a translation's trailing space is a
/// finding, and a blank cell cannot show it.
public enum VisibleWhitespace {
  /// `text` with each space at its start or end shown as `␣`, and each tab there as `⇥`.
  public static func edges(_ text: String) -> String {
    guard let first = text.first, let last = text.last,
      isBlank(first) || isBlank(last)
    else { return text }
    let characters = Array(text)
    var start = 0
    while start < characters.count && isBlank(characters[start]) { start += 1 }
    var end = characters.count
    while end > start && isBlank(characters[end - 1]) { end -= 1 }
    var result = ""
    for (index, character) in characters.enumerated() {
      result.append(index < start || index >= end ? mark(character) : character)
    }
    return result
  }

  private static func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\u{A0}"
  }

  private static func mark(_ character: Character) -> Character {
    switch character {
    case "\t": "⇥"
    case "\u{A0}": "⍽"
    default: "␣"
    }
  }
}

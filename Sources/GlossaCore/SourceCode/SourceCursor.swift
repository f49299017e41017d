/// A lexer's position in source text, by character, with the line and column it is at: the one
/// way the Swift and Objective-C lexers step through text.
protocol SourceCursor {
  var chars: [Character] { get }
  var index: Int { get set }
  var line: Int { get set }
  var column: Int { get set }
}

extension SourceCursor {
  /// The character `offset` places ahead, if any.
  func peek(_ offset: Int = 0) -> Character? {
    index + offset < chars.count ? chars[index + offset] : nil
  }

  /// Steps over one character, counting lines.
  mutating func advance() {
    guard index < chars.count else { return }
    if chars[index].isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  mutating func advance(_ count: Int) { for _ in 0..<count { advance() } }
}

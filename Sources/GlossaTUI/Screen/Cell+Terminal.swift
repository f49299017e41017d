import GlossaCore

extension Cell {
  /// What to hand the terminal for this cell, one string per column it takes, so that what is
  /// drawn covers exactly the cells the grid gives it.
  ///
  /// A terminal measures a cluster by its first character (`wcwidth`), and ncurses keeps only
  /// the combining marks after it. Emoji sequences — a skin tone (`👍🏽`), a ZWJ family
  /// (`👨‍👩‍👧`), a flag (`🇯🇵`), a keycap, a `U+FE0F` presentation — are one two-column cluster
  /// to Unicode but something else to many terminals (tmux 3.3 draws `👍🏽` four columns wide,
  /// ncurses drops the tone and the family members and draws half a flag), which left cells of
  /// earlier frames on screen. Such a cluster is drawn as what every terminal agrees on: a flag
  /// as its two region letters (`JP`), any other sequence as its first emoji when that takes the
  /// cluster's columns, else that character followed by blanks. Plain text, CJK and combining
  /// marks are drawn as they are.
  public var terminalGlyphs: [String] {
    if isContinuation { return [] }
    guard !text.isEmpty, let first = text.unicodeScalars.first else {
      return Array(repeating: " ", count: max(1, width))
    }
    if Cell.isSafe(text) { return [text] }
    let scalars = Array(text.unicodeScalars)
    if width == 2, scalars.count == 2, scalars.allSatisfy({ $0.value >= 0x1F1E6 && $0.value <= 0x1F1FF }) {
      return scalars.map { String(Cell.regionLetter($0)) }
    }
    let base = String(first)
    let baseWidth = DisplayWidth.columns(of: Character(base))
    if baseWidth == width { return [base] }
    if baseWidth == 1 && width == 2 { return [base, " "] }
    return Array(repeating: "?", count: max(1, width))
  }

  /// True when a terminal draws `text` exactly as the grid measures it: one character and
  /// only combining marks after it (no joiner, presentation selector, tone or second flag letter).
  static func isSafe(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first else { return true }
    if scalars.count == 1 { return !(first.value >= 0x1F1E6 && first.value <= 0x1F1FF) }
    for scalar in scalars.dropFirst() {
      switch scalar.value {
      case 0x200D, 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F, 0x20E3: return false
      default:
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: continue
        default: return false
        }
      }
    }
    return DisplayWidth.columns(of: Character(String(first))) == DisplayWidth.columns(of: Character(text))
  }

  /// `A`…`Z` for a regional indicator symbol letter.
  private static func regionLetter(_ scalar: Unicode.Scalar) -> Character {
    Character(Unicode.Scalar(UInt8(0x41 + scalar.value - 0x1F1E6)))
  }
}

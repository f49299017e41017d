/// A token of Swift or Objective-C source, as much as finding localized keys needs: names,
/// string literals (with their interpolations marked) and single punctuation characters.
/// Comments and whitespace are dropped.
struct SourceToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// A name (`NSLocalizedString`, `tableName`, `nil`), without backticks.
    case name(String)
    /// A string literal, its escapes decoded (adjacent Objective-C `@"a" @"b"` joined).
    case string(StringLiteral)
    /// One punctuation character: `(`, `)`, `,`, `:`, `.`, `[`, `]`, `{`, `}`, `=`, …
    case punctuation(Character)
  }

  var kind: Kind
  /// 1-based line and column (in characters) where the token starts.
  var line: Int
  var column: Int

  var name: String? {
    if case .name(let name) = kind { return name }
    return nil
  }

  var literal: StringLiteral? {
    if case .string(let literal) = kind { return literal }
    return nil
  }

  func isPunctuation(_ character: Character) -> Bool { kind == .punctuation(character) }
}

/// A string literal's text: runs of literal text, and interpolations (`\(name)`) between them.
struct StringLiteral: Sendable, Equatable {
  enum Segment: Sendable, Equatable {
    case text(String)
    case interpolation
  }

  var segments: [Segment]

  /// The text when the literal has no interpolation.
  var plainText: String? {
    var text = ""
    for segment in segments {
      guard case .text(let part) = segment else { return nil }
      text += part
    }
    return text
  }

  /// The literal as written in messages: `Hello \(…)`.
  var shown: String {
    segments.map {
      switch $0 {
      case .text(let text): text
      case .interpolation: "\\(…)"
      }
    }.joined()
  }

  static func + (lhs: StringLiteral, rhs: StringLiteral) -> StringLiteral {
    StringLiteral(segments: lhs.segments + rhs.segments)
  }
}

extension [SourceToken] {
  /// For each `{`, the index of its `}` (-1 when it has none); -1 for every other token.
  func matchingBraces() -> [Int] {
    var matching = [Int](repeating: -1, count: count)
    var open: [Int] = []
    for index in indices {
      if self[index].isPunctuation("{") {
        open.append(index)
      } else if self[index].isPunctuation("}"), let start = open.popLast() {
        matching[start] = index
      }
    }
    return matching
  }
}

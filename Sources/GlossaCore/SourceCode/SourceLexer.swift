/// A lexer over a file's UTF-8 bytes (`SwiftLexer`, `ObjCLexer`): made for the bytes, run once.
protocol SourceLexer {
  init(_ bytes: [UInt8])
  /// Every token, in file order.
  mutating func run() -> [SourceToken]
}

extension SourceLexer {
  /// Every token of `text`.
  static func tokens(_ text: String) -> [SourceToken] { tokens(Array(text.utf8)) }

  /// Every token of UTF-8 `bytes`.
  static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
    var lexer = Self(bytes)
    return lexer.run()
  }
}

import Foundation
import Testing

@testable import GlossaCore

/// The byte lexers against the character lexers they replaced (`CharacterLexers.swift`): the
/// same tokens, lines and columns on generated source in every script.
@Suite(.timeLimit(.minutes(10))) struct SourceLexerOracleTests {
  /// Pieces that steer the lexers, and text of every script (letters, CJK, Arabic, emoji of one
  /// scalar) that names and literals hold. Combining marks after ASCII punctuation, and `\v`,
  /// `\f`, U+2028 line breaks, are where a character lexer and a byte lexer disagree by design:
  /// they are tested on their own below.
  static let pieces = [
    "\"", "#", "\\", "(", ")", "/", "*", "@", "'", "\n", "\r\n", "\r", " ", "\t", "u{", "}", "{", "NSLocalizedString",
    "Text", ":", ",", ".", "a", "$", "`", "\"\"\"", "#\"", "\\(", "0", "42", "é", "日本", "مرحبا", "👍", "x_1", "\u{00A0}",
    "Ünïcode", "// c\n", "/* d */", "١٢", "@\"", "\\u00E9", "\\U0001F44D", "\\n",
  ]

  static func source(_ state: inout UInt64, length: Int) -> String {
    var text = ""
    for _ in 0..<length {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += pieces[Int(state >> 33) % pieces.count]
    }
    return text
  }

  static func shown(_ tokens: [SourceToken]) -> [String] {
    tokens.map { token in
      let kind =
        switch token.kind {
        case .name(let name): "name \(name)"
        case .string(let literal): "string \(literal.segments)"
        case .punctuation(let character): "punct \(character)"
        }
      return "\(token.line):\(token.column) \(kind)"
    }
  }

  @Test func swiftTokensLinesAndColumnsAreTheCharacterLexers() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for _ in 0..<1500 {
      let text = Self.source(&state, length: 60)
      let bytes = Self.shown(SwiftLexer.tokens(text))
      let characters = Self.shown(CharacterSwiftLexer.tokens(text))
      #expect(bytes == characters, "\(text.debugDescription)")
      if bytes != characters { return }
    }
  }

  @Test func objectiveCTokensLinesAndColumnsAreTheCharacterLexers() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<1500 {
      let text = Self.source(&state, length: 60)
      let bytes = Self.shown(ObjCLexer.tokens(text))
      let characters = Self.shown(CharacterObjCLexer.tokens(text))
      #expect(bytes == characters, "\(text.debugDescription)")
      if bytes != characters { return }
    }
  }

  @Test func columnsCountCharactersAfterOtherScripts() {
    let tokens = SwiftLexer.tokens("let 日本 = \"👍🏽 ok\"; Text(\"k\") // é\n  é.x")
    #expect(
      Self.shown(tokens).prefix(4) == [
        "1:1 name let", "1:5 name 日本", "1:8 punct =", "1:10 string [GlossaCore.StringLiteral.Segment.text(\"👍🏽 ok\")]",
      ])
    #expect(tokens.first { $0.name == "Text" }.map { "\($0.line):\($0.column)" } == "1:18")
    #expect(tokens.last.map { "\($0.line):\($0.column)" } == "2:5")
  }

  @Test func decomposedLettersStayInTheirName() {
    // "café" with a combining acute accent, and a Devanagari word with a vowel sign.
    #expect(SwiftLexer.tokens("cafe\u{301}.title").compactMap(\.name) == ["cafe\u{301}", "title"])
    #expect(SwiftLexer.tokens("नमस्ते()").compactMap(\.name) == ["नमस्ते"])
  }

  @Test func linesEndAtLineFeedsAndCarriageReturnsOnly() {
    let tokens = SwiftLexer.tokens("a\r\nb\rc\nd\u{0B}e\u{0C}f")
    #expect(tokens.map { "\($0.line):\($0.column)" } == ["1:1", "2:1", "3:1", "4:1", "4:3", "4:5"])
    let literal = SwiftLexer.tokens("f(\"\"\"\r\n  one\r\n  two\r\n  \"\"\")").compactMap(\.literal)
    #expect(literal.map(\.shown) == ["one\ntwo"])
  }
}

/// Files the scan reads as text, and files it passes over.
@Suite(.timeLimit(.minutes(10))) struct SourceFileTextTests {
  @Test func byteOrderMarksAndUTF16AreText() throws {
    #expect(SourceFileScan.text(Data([0xEF, 0xBB, 0xBF, 0x61])) == [0x61])
    let utf16 = Data([0xFF, 0xFE]) + "Text(\"k\")".data(using: .utf16LittleEndian)!
    #expect(SourceFileScan.text(utf16) == Array("Text(\"k\")".utf8))
    #expect(SourceFileScan.text(Data([0x61, 0x00, 0x62])) == nil)
    #expect(SourceFileScan.text(Data([0x61, 0xE9, 0x62])) == [0x61, 0xE9, 0x62])
  }

  @Test func binaryAndOversizedFilesArePassedOverAndSaid() throws {
    let folder = TemporaryDirectory()
    let root = folder.url.path
    try Data("Text(\"used.key\")\n".utf8).write(to: folder.url.appendingPathComponent("A.swift"))
    try Data([0xCF, 0xFA, 0xED, 0xFE, 0x00, 0x00]).write(to: folder.url.appendingPathComponent("Binary.swift"))
    try Data(repeating: 0x20, count: 300).write(to: folder.url.appendingPathComponent("Huge.m"))
    let uses = try SourceScan.scan([root], options: SourceScanOptions(largestFile: 200))
    #expect(uses.uses.map(\.shown) == ["used.key"])
    #expect(
      uses.passedOver == [
        PassedOverFile(path: root + "/Binary.swift", reason: "is not text (it holds NUL bytes); it was not read"),
        PassedOverFile(
          path: root + "/Huge.m",
          reason: "is 300 bytes; source files over 200 bytes are not read (no one writes code that long)"),
      ])
  }

  @Test func manyFilesGiveTheSameUsesInPathOrderOnEveryRun() throws {
    let folder = TemporaryDirectory()
    for index in 0..<60 {
      let text = "struct V\(index) { var body: some View { Text(\"key.\(index)\") } }\n"
      try Data(text.utf8).write(to: folder.url.appendingPathComponent(String(format: "F%02d.swift", index)))
    }
    let expected = (0..<60).map { "key.\($0)" }
    for _ in 0..<5 {
      #expect(try SourceScan.scan([folder.url.path]).uses.map(\.shown) == expected)
    }
  }
}

import Foundation
import Testing

@testable import GlossaCore

/// The Swift and Objective-C lexers on the literals and comments that fool regular expressions.
@Suite(.timeLimit(.minutes(10))) struct SwiftLexerTests {
  static func literals(_ source: String) -> [String] {
    SwiftLexer.tokens(source).compactMap { $0.literal?.shown }
  }

  @Test func escapesAndInterpolationsWithNestedStrings() {
    #expect(Self.literals(#"f("a\tb\"c\u{E9}")"#) == ["a\tb\"cé"])
    #expect(Self.literals(#"f("x \(g("y)", ")")) z")"#) == [#"x \(…) z"#])
  }

  @Test func rawStringsNeedTheirHashesForEscapesAndEnd() {
    #expect(Self.literals(##"f(#"a\nb "quoted" \#(n)"#)"##) == [#"a\nb "quoted" \(…)"#])
    #expect(Self.literals(###"f(##"one "# two"##)"###) == [##"one "# two"##])
  }

  @Test func multilineLiteralsLoseTheClosingIndentationAndJoinContinuations() {
    let source = "f(\"\"\"\n    one\n      two \\\n    three\n    \"\"\")"
    #expect(Self.literals(source) == ["one\n  two three"])
  }

  @Test func commentsHideCallsAndStringsHideComments() {
    let source = "// \"no\"\n/* /* \"nested\" */ \"still\" */ f(\"a // b /* c\")"
    #expect(Self.literals(source) == ["a // b /* c"])
  }

  @Test func objectiveCJoinsAdjacentLiteralsAndSkipsCharacters() {
    let tokens = ObjCLexer.tokens("x = @\"a\" @\"b\"; c = '\"'; /* \"no\" */ d = \"e\\\"f\";")
    #expect(tokens.compactMap { $0.literal?.shown } == ["ab", "e\"f"])
  }

  @Test func positionsAreLineAndColumn() {
    let tokens = SwiftLexer.tokens("let a = 1\n  Text(\"k\")")
    let literal = tokens.first { $0.literal != nil }
    #expect(literal?.line == 2)
    #expect(literal?.column == 8)
  }
}

/// Hostile and random input: the lexers and the call finder end, and never crash.
@Suite(.timeLimit(.minutes(10))) struct SourceLexerRobustnessTests {
  @Test func deeplyNestedInterpolationsDoNotExhaustTheStack() {
    let depth = 20_000
    let source = String(repeating: "f(\"\\(", count: depth) + String(repeating: ")\")", count: depth)
    let tokens = SwiftLexer.tokens(source)
    #expect(!tokens.isEmpty)
    #expect(SourceKeyFinder.swiftUses(tokens, file: "x.swift").count <= 1)
  }

  @Test func randomInputEnds() {
    // A fixed-seed generator over the characters that steer the lexers.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array("\"#\\()/*@'\n \tu{}NSLocalizedStringText:,.a$`")
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<200 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      _ = SourceKeyFinder.swiftUses(SwiftLexer.tokens(text), file: "r.swift")
      _ = SourceKeyFinder.objcUses(ObjCLexer.tokens(text), file: "r.m")
      _ = InterfaceBuilderScanner.scan(Data(text.utf8), text: Array(text.utf8), file: "r.xib")
    }
  }
}

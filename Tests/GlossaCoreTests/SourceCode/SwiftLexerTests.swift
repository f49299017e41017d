import Testing

@testable import GlossaCore

/// The Swift and Objective-C lexers on the literals and comments that fool regular expressions.
@Suite struct SwiftLexerTests {
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

import Testing

@testable import GlossaCore

@Suite struct YAMLSubsetParserTests {
  @Test func parsesMappingsListsCommentsAndQuotes() throws {
    let text = """
      # Glossa settings
      max-ratio: 2   # wider languages
      name: "a # not a comment"
      quote: 'it''s'
      list:
        - one
        - "two, three"
      flow: [a, 'b c']
      nested:
        inner: x
      """
    let value = try YAMLSubsetParser.parse(text, file: "c.yml")
    guard case .map(let pairs, _) = value else {
      Issue.record("expected a mapping")
      return
    }
    #expect(pairs.map(\.key) == ["max-ratio", "name", "quote", "list", "flow", "nested"])
    #expect(pairs[0].value == .scalar("2", line: 2))
    #expect(pairs[1].value == .scalar("a # not a comment", line: 3))
    #expect(pairs[2].value == .scalar("it's", line: 4))
    #expect(pairs[3].value == .list([.scalar("one", line: 6), .scalar("two, three", line: 7)], line: 6))
    #expect(pairs[4].value == .list([.scalar("a", line: 8), .scalar("b c", line: 8)], line: 8))
    #expect(pairs[5].value == .map([(key: "inner", value: .scalar("x", line: 10))], line: 10))
  }

  @Test func listsOfFlowAndFlatMappings() throws {
    let text = """
      baseline:
      - {kind: extra-key, key: "a.b"}
      - kind: untranslated
        language: de
      """
    let value = try YAMLSubsetParser.parse(text, file: "c.yml")
    let expected: YAMLValue = .map(
      [
        (
          key: "baseline",
          value: .list(
            [
              .map([(key: "kind", value: .scalar("extra-key", line: 2)), (key: "key", value: .scalar("a.b", line: 2))], line: 2),
              .map([(key: "kind", value: .scalar("untranslated", line: 3)), (key: "language", value: .scalar("de", line: 4))], line: 3),
            ], line: 2)
        )
      ], line: 1)
    #expect(value == expected)
  }

  @Test func errorsNameTheLine() {
    let cases: [(String, String)] = [
      ("a: 1\n  b: 2\n", "c.yml:2: unexpected indentation: expected a key at column 1"),
      ("a: 1\nb\n", "c.yml:2: expected 'key: value'"),
      ("a: \"open\n", "c.yml:1: unterminated quoted string: expected a closing \""),
      ("a:\n\tb: 1\n", "c.yml:2: tabs are not allowed for indentation; use spaces"),
      ("a: 1\na: 2\n", "c.yml:2: the key 'a' appears twice in this mapping"),
      ("a: [x, [y]]\n", "c.yml:1: nested flow collections are not supported"),
      ("a: &anchor x\n", "c.yml:1: anchors, aliases, tags and block scalars are not supported; quote the value"),
    ]
    for (text, message) in cases {
      #expect(throws: GlossaError(message)) { try YAMLSubsetParser.parse(text, file: "c.yml") }
    }
  }

  @Test func deepNestingIsRefusedNotRecursedForever() {
    var text = ""
    for depth in 0..<40 { text += String(repeating: " ", count: depth * 2) + "k\(depth):\n" }
    text += String(repeating: " ", count: 80) + "leaf: 1\n"
    #expect(throws: GlossaError.self) { try YAMLSubsetParser.parse(text, file: "c.yml") }
  }

  @Test func emptyFileIsAnEmptyMapping() throws {
    #expect(try YAMLSubsetParser.parse("# nothing\n", file: "c.yml") == .map([], line: 1))
  }
}

import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// An edit of an existing value moves the rest of the document instead of reading it again
/// (`LiteralSubstitution`): after every edit, what the document knows must be what a fresh
/// reader of its bytes knows.
@Suite("Literal substitution", .timeLimit(.minutes(10)))
struct LiteralSubstitutionTests {
  /// Texts with what can go wrong around a literal: several entries on a line, CRLF and CR line
  /// breaks, raw line breaks inside literals, unquoted values, comments, duplicates, a broken
  /// entry after the edited one, non-ASCII columns.
  static let texts: [String] = [
    "\"a\" = \"one\";\n\"b\" = \"two\";\n\"c\" = \"three\";\n",
    "\"a\" = \"one\"; \"b\" = \"two\"; \"c\" = \"ünï\";\n\"d\" = \"x\";",
    "/* note */\r\n\"a\" = \"one\";\r\n\r\n\"b\" = 'two';\r\n",
    "\"a\" = \"one\";\r\"b\" = \"two\";\r\"c\" = \"3\";\r",
    "\"a\" = \"multi\nline\nvalue\"; \"b\" = \"after\";\n\"c\" = \"x\";\n",
    "a = plain; b = also_plain;\nc = \"q\";\n",
    "\"a\" = \"one\";\n\"a\" = \"again\";\n\"b\" = \"x\";\n\"b\" = \"y\";\n",
    "\"a\" = \"one\";\n\"b\" = \"two\" \"c\" = \"three\";\n\"d\" = ;\n\"e\" = \"five\";\n",
    "\"日本\" = \"語\"; \"k\" = \"v\"; /* tail */ \"z\" = \"w\";\n",
    "\"%d files##{one}\" = \"%d file\";\n\"%d files##{other}\" = \"%d files\";\n",
    "\"a\" /* inner */ = /* more */ \"one\" /* after */ ;\n\"b\" = \"two\";",
    "\"a\" = \"one\";\n\"b\" = \"two\";\n\"open\" = \"never closed;\n\"c\" = \"x\";\n",
    // A literal never closed, then an unquoted value: a quoted new value would close it.
    "\"k = open\nunquoted = v`alue;\r\nShorthand;\r\n",
  ]

  static let values = [
    "", "x", "two\nlines", "\"quoted\" and \\ back", "ünïcödé 日本 😀", "line\r\nbreak", "plain.value",
    "//not a comment", "/*nor this", "tab\there", "a\u{301}",
  ]

  @Test("every edit leaves the document as a fresh read of its bytes would")
  func matchesFreshRead() throws {
    for (n, text) in Self.texts.enumerated() {
      for encoding in [TextEncoding.utf8, .utf8BOM, .utf16LEBOM, .utf16BE] {
        let data = DecodedText.encode(Array(text.utf8), as: encoding)
        let document = StringsDocument(data: data, file: "t\(n).strings")
        for entry in document.entries {
          for value in Self.values {
            var edited = document
            do {
              try edited.setValue(value, forKey: entry.key, plural: entry.plural, variable: nil, comment: nil)
            } catch {
              #expect(edited.serialized() == data, "a refused edit changed bytes")
              continue
            }
            let fresh = StringsDocument(data: edited.serialized(), file: "t\(n).strings")
            let what =
              "text \(n) \(encoding), \(PluralKeySyntax.join(entry.key, entry.plural)) = \(value.debugDescription)"
            #expect(fresh.entries == edited.entries, "\(what)")
            #expect(fresh.spans == edited.spans, "\(what)")
            #expect(fresh.diagnostics == edited.diagnostics, "\(what)")
            #expect(fresh.entries.last { $0.key == entry.key && $0.plural == entry.plural }?.value == value, "\(what)")
          }
        }
      }
    }
  }

  @Test("adding a key and removing it again, or removing the last entry, read as a fresh read does")
  func addAndRemove() throws {
    for (n, text) in Self.texts.enumerated() {
      for encoding in [TextEncoding.utf8, .utf8BOM, .utf16LEBOM] {
        let data = DecodedText.encode(Array(text.utf8), as: encoding)
        let document = StringsDocument(data: data, file: "t\(n).strings")
        func expectFresh(_ edited: StringsDocument, _ what: String) {
          let fresh = StringsDocument(data: edited.serialized(), file: edited.file)
          #expect(fresh.encoding == edited.encoding, "text \(n) \(encoding): \(what)")
          #expect(fresh.entries == edited.entries, "text \(n) \(encoding): \(what)")
          #expect(fresh.spans == edited.spans, "text \(n) \(encoding): \(what)")
          #expect(fresh.diagnostics == edited.diagnostics, "text \(n) \(encoding): \(what)")
        }
        for value in Self.values {
          var added = document
          guard (try? added.setValue(value, forKey: "new.key", plural: nil, variable: nil, comment: "a note")) != nil
          else { continue }
          expectFresh(added, "added \(value.debugDescription)")
          #expect(added.entries.last?.key == "new.key" && added.entries.last?.value == value)
          var removed = added
          try removed.removeValue(forKey: "new.key", plural: nil, variable: nil)
          expectFresh(removed, "removed again")
          #expect(removed.entries == document.entries)
          // The add's blank line, comment and entry are taken exactly: the file is as it was.
          #expect(removed.serialized() == data, "text \(n) \(encoding): add and remove of \(value.debugDescription)")
        }
        if let last = document.entries.last {
          var removed = document
          if (try? removed.removeValue(forKey: last.key, plural: last.plural, variable: nil)) != nil {
            expectFresh(removed, "removed the last entry")
          }
        }
      }
    }
  }

  @Test(
    "adds undone newest first give the file back byte for byte; an edit in between falls back, still exact to a fresh read"
  )
  func addsUndoneInOrder() throws {
    let shapes = [
      "\"a\" = \"one\";\n\n\"b\" = \"two\";\n",  // blank lines between entries
      "\"a\" = \"one\";\n\n\"b\" = \"two\";\n\n",  // and a trailing blank line
      "\"a\" = \"one\";\n\"b\" = \"two\";",  // no blank lines, no final line break
      "/* x */\r\n\"a\" = \"one\";\r\n\r\n\"b\" = \"two\";\r\n",  // CRLF
      // A `//` line ending the file: the reader attaches it to the added entry, but it is the
      // file's own and must stay (the ordinary removal took it with the entry).
      "\"a\" = \"one\";\n// the end\n",
    ]
    for (n, text) in shapes.enumerated() {
      for encoding in [TextEncoding.utf8, .utf16LEBOM] {
        let data = DecodedText.encode(Array(text.utf8), as: encoding)
        let original = StringsDocument(data: data, file: "s\(n).strings")
        var document = original
        try document.setValue("first", forKey: "k1", plural: nil, variable: nil, comment: "one")
        try document.setValue("second", forKey: "k2", plural: nil, variable: nil, comment: nil)
        try document.removeValue(forKey: "k2", plural: nil, variable: nil)
        try document.removeValue(forKey: "k1", plural: nil, variable: nil)
        #expect(document.serialized() == data, "shape \(n) \(encoding)")
        #expect(document.entries == original.entries && document.spans == original.spans)
        var bare = original
        try bare.setValue("v", forKey: "k0", plural: nil, variable: nil, comment: nil)
        try bare.removeValue(forKey: "k0", plural: nil, variable: nil)
        #expect(bare.serialized() == data, "shape \(n) \(encoding), an add without a comment")

        // Another value changed in between: the add's bytes are no longer the file's end as
        // written, so the removal takes the entry the ordinary way; the document stays what a
        // fresh read of its bytes gives.
        var edited = original
        try edited.setValue("first", forKey: "k1", plural: nil, variable: nil, comment: "one")
        try edited.setValue("a much longer value", forKey: "a", plural: nil, variable: nil, comment: nil)
        try edited.removeValue(forKey: "k1", plural: nil, variable: nil)
        let fresh = StringsDocument(data: edited.serialized(), file: edited.file)
        #expect(fresh.entries == edited.entries && fresh.spans == edited.spans, "shape \(n) \(encoding)")
        #expect(!edited.entries.contains { $0.key == "k1" })
      }
    }
  }

  /// Found in review: removing the first entry of a BOM-less UTF-8 file whose next bytes are a
  /// BOM's left a text that reads as UTF-8 with a BOM (every later offset three bytes off). The
  /// tail re-read now declines it and the full path refuses the edit, changing nothing.
  @Test("a removal that would leave a BOM's bytes first in BOM-less UTF-8 changes nothing")
  func removalBeforeABOM() throws {
    let data = Data("\"a\" = \"1\";\u{FEFF}\n".utf8)
    var document = StringsDocument(data: data, file: "t.strings")
    #expect(document.encoding == .utf8 && document.entries.count == 1)
    #expect(throws: GlossaError.self) { try document.removeValue(forKey: "a", plural: nil, variable: nil) }
    #expect(document.serialized() == data)
    try document.setValue("x", forKey: "new", plural: nil, variable: nil, comment: nil)
    let fresh = StringsDocument(data: document.serialized(), file: "t.strings")
    #expect(fresh.encoding == .utf8 && fresh.spans == document.spans && fresh.entries == document.entries)
  }

  @Test("the substitution is taken where it applies, and declined where it cannot be sure")
  func takenAndDeclined() throws {
    func substitution(_ text: String, edit index: Int, to literal: String) -> LiteralSubstitution? {
      let document = StringsDocument(data: Data(text.utf8), file: "t.strings")
      return LiteralSubstitution.replacing(
        valueOf: index, with: Array(literal.utf8), in: document.text, entries: document.entries,
        spans: document.spans, diagnostics: document.diagnostics)
    }
    // Taken: a longer value moves the entries after it on its line, and nothing else.
    let moved = try #require(substitution("\"a\" = \"1\"; \"b\" = \"2\";\n\"c\" = \"3\";\n", edit: 0, to: "\"12345\""))
    #expect(moved.entries.map(\.value) == ["12345", "2", "3"])
    #expect(moved.entries.map(\.column) == [1, 16, 1])
    #expect(moved.entries.map(\.line) == [1, 1, 2])
    #expect(moved.spans[2].keyStart == 26)
    // Taken: a raw line break moves the lines after it.
    let lines = try #require(substitution("\"a\" = \"1\";\n\"b\" = \"2\";\n", edit: 0, to: "\"x\ny\""))
    #expect(lines.entries.map(\.line) == [1, 3])
    // Declined: a literal that is not one whole token, or would open a comment.
    #expect(substitution("\"a\" = \"1\";\n", edit: 0, to: "\"x\" \"y\"") == nil)
    #expect(substitution("\"a\" = \"1\";\n", edit: 0, to: "\"x\\\"") == nil)
    #expect(substitution("a = b;\n", edit: 0, to: "//x") == nil)
    // Declined: an unquoted literal where a quoted one was (the bytes after it could join it).
    #expect(substitution("\"a\" = \"1\"x;\n", edit: 0, to: "yz") == nil)
    // Declined: lines change and a diagnostic after the edit quotes a line.
    #expect(substitution("\"a\" = \"1\";\n\"a\" = \"2\";\n", edit: 0, to: "\"x\ny\"") == nil)
    #expect(substitution("\"a\" = \"1\";\n\"a\" = \"2\";\n", edit: 0, to: "\"xy\"") != nil)
    // Declined: the shorthand `"key";` has no literal to replace.
    #expect(substitution("\"a\";\n", edit: 0, to: "\"x\"") == nil)
    // Declined: a file with a syntax error (here a literal never closed, which the new quote
    // would close: the reader looked past the value for it).
    #expect(substitution("\"k = open\nu = v;\n", edit: 0, to: "\"x!\"") == nil)
    #expect(substitution("\"k = open\nu = v;\n", edit: 0, to: "w") == nil)
  }

  @Test("encodings the bytes could change are declined")
  func encodings() {
    #expect(LiteralSubstitution.keepsEncoding(.utf8, text: Array("a".utf8), literal: Array("\"b\"".utf8)))
    #expect(!LiteralSubstitution.keepsEncoding(.utf8, text: Array("a".utf8), literal: [0x22, 0, 0x22]))
    #expect(!LiteralSubstitution.keepsEncoding(.utf8, text: [0x61, 0], literal: Array("\"b\"".utf8)))
    #expect(LiteralSubstitution.keepsEncoding(.utf16LEBOM, text: [0x61, 0], literal: [0x22, 0, 0x22]))
    #expect(!LiteralSubstitution.keepsEncoding(.utf16LE, text: Array("a".utf8), literal: Array("\"b\"".utf8)))
  }

  @Test("a value starting with a comment opener is quoted, where unquoted values are kept")
  func commentOpenersAreQuoted() throws {
    var document = StringsDocument(data: Data("a = b;\n".utf8), file: "t.strings")
    try document.setValue("//x", forKey: "a", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == "a = \"//x\";\n")
    try document.setValue("plain", forKey: "a", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == "a = \"plain\";\n")
    var unquoted = StringsDocument(data: Data("a = b;\n".utf8), file: "t.strings")
    try unquoted.setValue("c.d", forKey: "a", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: unquoted.serialized(), as: UTF8.self) == "a = c.d;\n")
  }

  @Test("edits of first, middle and last entries of every corpus .strings file match a fresh read", .corpus)
  func corpus() throws {
    let files = try Corpus.files(endingWith: ".strings")
    var edits = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let name = Corpus.relative(url)
      let document = StringsDocument(data: data, file: name)
      guard !document.entries.isEmpty else { continue }
      let count = document.entries.count
      for index in Set([0, count / 2, count - 1]) {
        let entry = document.entries[index]
        for value in ["short", entry.value + " — edited ✓", "two\nlines"] {
          var edited = document
          try edited.setValue(value, forKey: entry.key, plural: entry.plural, variable: nil, comment: nil)
          let fresh = StringsDocument(data: edited.serialized(), file: name)
          #expect(
            fresh.entries == edited.entries && fresh.spans == edited.spans && fresh.diagnostics == edited.diagnostics,
            "\(name): \(entry.key)")
          edits += 1
        }
      }
      // A key added at the end, then removed (the review's undo of an added translation).
      var added = document
      if (try? added.setValue("added ✓", forKey: "glossa.added", plural: nil, variable: nil, comment: nil)) != nil {
        var removed = added
        try removed.removeValue(forKey: "glossa.added", plural: nil, variable: nil)
        for edited in [added, removed] {
          let fresh = StringsDocument(data: edited.serialized(), file: name)
          #expect(
            fresh.entries == edited.entries && fresh.spans == edited.spans && fresh.diagnostics == edited.diagnostics,
            "\(name): added and removed")
        }
      }
    }
    #expect(edits > 5_000)
  }
}

/// Found in review: an entry keeps its column in 24 bits (clamped past 16,777,215); moving
/// clamped columns by arithmetic gave other columns than a fresh read, so a substitution on
/// such a line reads the file again instead.
@Suite(.timeLimit(.minutes(10))) struct ClampedColumnSubstitutionTests {
  @Test func anEditOnALineLongerThanTheColumnsKeptReadsLikeAFreshRead() throws {
    let long = String(repeating: "x", count: 16_777_300)
    for (text, key) in [
      ("\"a\" = \"\(long)\"; \"b\" = \"c\";\n", "a"),
      ("\"p\" = \"\(long)\"; \"a\" = \"1\"; \"a\" = \"2\";\n", "a"),
    ] {
      var document = StringsDocument(data: Data(text.utf8), file: "x.strings")
      try document.setValue(
        String(repeating: "y", count: 16_777_100), forKey: key, plural: nil, variable: nil, comment: nil)
      let fresh = StringsDocument(data: document.serialized(), file: "x.strings")
      #expect(fresh.entries.map(\.column) == document.entries.map(\.column))
      #expect(fresh.entries == document.entries)
      #expect(fresh.diagnostics == document.diagnostics)
    }
  }
}

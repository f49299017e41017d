import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("Strings corpus", .timeLimit(.minutes(10)))
struct StringsCorpusTests {
  @Test("every corpus .strings file parses cleanly and writes back byte-identical", .corpus)
  func roundTrip() throws {
    let files = try Corpus.files(endingWith: ".strings")
    #expect(files.count > 2000)
    for url in files {
      let data = try Data(contentsOf: url)
      let document = StringsDocument(data: data, file: Corpus.relative(url))
      #expect(document.diagnostics.filter { $0.kind != .duplicateKey }.isEmpty, "\(document.diagnostics)")
      #expect(document.serialized() == data, "\(Corpus.relative(url)) did not round-trip")
    }
  }

  @Test("reading without comments changes nothing but the entries' comments", .corpus)
  func withoutComments() throws {
    let files = try Corpus.files(endingWith: ".strings")
    var commented = 0
    let broken = Data("/* a */ \"k\" = \"v\";\n// b\n// c\n\"k\" = \"w\"\n\"x\" /* in */ = 'y';\n/* open".utf8)
    for (name, data) in try files.map({ (Corpus.relative($0), try Data(contentsOf: $0)) }) + [("broken", broken)] {
      let full = StringsDocument(data: data, file: name)
      let lean = StringsDocument(data: data, file: name, keepsComments: false)
      commented += full.entries.filter { $0.comment != nil }.count
      var stripped = full.entries
      for index in stripped.indices { stripped[index].comment = nil }
      #expect(lean.entries == stripped, "\(name)")
      #expect(lean.spans == full.spans && lean.diagnostics == full.diagnostics, "\(name)")
      #expect(lean.serialized() == data)
    }
    #expect(commented > 1000)
  }

  @Test("key → value maps equal Foundation's PropertyListSerialization for every corpus file", .corpus)
  func oracle() throws {
    let files = try Corpus.files(endingWith: ".strings")
    var compared = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let document = StringsDocument(data: data, file: Corpus.relative(url))
      var ours: [String: String] = [:]
      for entry in document.entries { ours[PluralKeySyntax.join(entry.key, entry.plural)] = entry.value }
      let theirs: [String: String]
      if data.allSatisfy({ $0 == 0x0A || $0 == 0x20 }) {
        theirs = [:]
      } else {
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        theirs = try #require(plist as? [String: String], "\(Corpus.relative(url))")
      }
      #expect(ours == theirs, "\(Corpus.relative(url))")
      compared += ours.count
    }
    #expect(compared > 95_000)
  }

  @Test("editing one value changes only that value's literal, in UTF-8 and UTF-16 files", .corpus)
  func editFidelity() throws {
    let files = try Corpus.files(endingWith: ".strings")
    let picks = files.filter {
      $0.path.hasSuffix("de.lproj/Localizable.strings") || $0.path.hasSuffix("ja.lproj/Localizable.strings")
        || $0.path.hasSuffix("en.lproj/Root.strings")
    }
    #expect(picks.count >= 4)
    for url in picks {
      let data = try Data(contentsOf: url)
      var document = StringsDocument(data: data, file: Corpus.relative(url))
      let target = try #require(document.entries.dropFirst(document.entries.count / 2).first)
      try document.setValue(
        "Geändert \"ok\"\n✓", forKey: target.key, plural: target.plural, variable: nil, comment: nil)
      let edited = document.serialized()
      #expect(edited != data)
      let reparsed = StringsDocument(data: edited, file: "edited")
      #expect(reparsed.encoding == StringsDocument(data: data, file: "x").encoding)
      #expect(
        reparsed.entries.last { $0.key == target.key && $0.plural == target.plural }?.value == "Geändert \"ok\"\n✓")
      // The change is confined to one window: common prefix + common suffix cover everything else.
      let a = [UInt8](data)
      let b = [UInt8](edited)
      var prefix = 0
      while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
        suffix += 1
      }
      let unit = document.encoding == .utf16LEBOM ? 2 : 1
      let changedOld = a.count - prefix - suffix
      let oldLiteral = try #require(
        StringsDocument(data: data, file: "x").valueLiteral(forKey: target.key, plural: target.plural))
      #expect(changedOld <= oldLiteral.utf16.count * unit * 3, "\(Corpus.relative(url)): \(changedOld) bytes changed")
    }
  }
}

import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Storyboards and xibs read with `XMLParser`: object ids and runtime-attribute keys with their
/// positions, hostile entity declarations that neither expand nor hang, and a malformed file
/// reported where it breaks while the rest of the scan goes on.
@Suite(.timeLimit(.minutes(10))) struct InterfaceBuilderScannerTests {
  static func scan(_ text: String, file: String = "View.xib") -> InterfaceBuilderScanner.Contents {
    InterfaceBuilderScanner.scan(Data(text.utf8), text: Array(text.utf8), file: file)
  }

  static func uses(_ contents: InterfaceBuilderScanner.Contents) -> [String] {
    contents.uses.map { use in
      guard case .exact(let key) = use.key else { return "?" }
      return "\(use.table):\(key) \(use.line):\(use.column)"
    }
  }

  @Test func idsAndKeysWithReferencesDecodedAndTheValueAttributeAsThePosition() {
    let found = Self.scan(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document>
          <label id="a&amp;b" text="Größe"/>
          <label id='single-&#x41;'/>
          <!-- <label id="in-comment"/> -->
          <string><![CDATA[<label id="in-cdata"/>]]></string>
          <view id="v-1">
              <userDefinedRuntimeAttribute type="string" keyPath="xibLocKey" value="key.&lt;one&gt;"/>
              <userDefinedRuntimeAttribute
                  keyPath="l10nKey" type="string"
                  value="key.two"/>
              <userDefinedRuntimeAttribute type="number" keyPath="localizationKey" value="not.a.string"/>
              <userDefinedRuntimeAttribute type="string" keyPath="title" value="not.a.key"/>
          </view>
          <x id="ü-1"/><userDefinedRuntimeAttribute type="string" keyPath="localizedKey" value="größe"/>
      </document>

      """)
    #expect(found.problem == nil)
    #expect(found.ids == ["a&b", "single-A", "v-1", "ü-1"])
    #expect(
      Self.uses(found) == ["Localizable:key.<one> 8:72", "Localizable:key.two 11:13", "Localizable:größe 15:84"])
    #expect(found.uses.allSatisfy { $0.file == "View.xib" })
  }

  @Test func aUTF16FileWithItsByteOrderMarkIsRead() throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("Main.storyboard")
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<document><scene id=\"é-1\"/></document>\n"
    try #require(text.data(using: .utf16)).write(to: file)  // with a byte order mark
    let uses = try SourceScan.scan([file.path])
    #expect(uses.passedOver == [])
    #expect(uses.interfaceTables == ["Main"])
    #expect(uses.uses.map(\.shown) == ["é-1"])
  }

  static let laughs = """
    <?xml version="1.0"?>
    <!DOCTYPE document [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
      <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
      <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
      <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
      <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
      <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    <document>
      <label id="&lol9;"/>
      <userDefinedRuntimeAttribute type="string" keyPath="localizationKey" value="&lol9;"/>
      <label id="after"/>
    </document>

    """

  @Test func billionLaughsAreRefusedBeforeParsingAndTheParserAloneDoesNotExpandThem() {
    let refused = Self.scan(Self.laughs)
    #expect(refused.ids.isEmpty && refused.uses.isEmpty)
    #expect(
      refused.problem
        == InterfaceBuilderScanner.Problem(
          line: 2, column: 1,
          reason:
            "has a document type declaration (<!DOCTYPE>), which Interface Builder never writes; "
            + "it was not read, so no entity it declares is expanded"))
    // Behind the refusal, the parser's own settings: the references are not expanded either.
    let parsed = InterfaceBuilderScanner.read(Data(Self.laughs.utf8), text: Array(Self.laughs.utf8), file: "x.xib")
    #expect(parsed.problem != nil)
    #expect(!parsed.ids.contains { $0.contains("lol") })
    #expect(!parsed.uses.contains { $0.shown.contains("lol") })
  }

  @Test func externalEntitiesAreNeverRead() throws {
    let folder = TemporaryDirectory()
    let secret = folder.url.appendingPathComponent("secret.txt")
    try Data("top-secret-text".utf8).write(to: secret)
    let dtd = folder.url.appendingPathComponent("evil.dtd")
    try Data("<!ENTITY fromDTD SYSTEM \"\(secret.absoluteString)\">".utf8).write(to: dtd)
    for text in [
      """
      <?xml version="1.0"?>
      <!DOCTYPE document [ <!ENTITY xxe SYSTEM "\(secret.absoluteString)"> ]>
      <document><label id="&xxe;"/><userDefinedRuntimeAttribute type="string" keyPath="l10nKey" value="&xxe;"/></document>
      """,
      """
      <?xml version="1.0"?>
      <!-- a comment first -->
      <!DOCTYPE document SYSTEM "\(dtd.absoluteString)">
      <document><label id="&fromDTD;"/></document>
      """,
      """
      <?xml version="1.0"?>
      <!DOCTYPE document [ <!ENTITY % pe SYSTEM "\(dtd.absoluteString)"> %pe; ]>
      <document><label id="&fromDTD;"/></document>
      """,
    ] {
      let refused = Self.scan(text)
      #expect(refused.problem?.reason.hasPrefix("has a document type declaration") == true)
      #expect(refused.ids.isEmpty)
      let parsed = InterfaceBuilderScanner.read(Data(text.utf8), text: Array(text.utf8), file: "x.xib")
      #expect(!parsed.ids.contains { $0.contains("secret") })
      #expect(!parsed.uses.contains { $0.shown.contains("secret") })
    }
  }

  /// libxml2 reads UTF-7 and EBCDIC too, where a document type declaration is no `<!DOCTYPE` in
  /// the bytes: the parser (which expands what it declares) only ever sees UTF-8 or UTF-16.
  @Test func encodingsThatHideADeclarationAreRefused() throws {
    let utf7 =
      "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n"
      + "+ADw-!DOCTYPE d +AFs-+ADw-!ENTITY x +ACI-expanded+ACI-+AD4-+AF0-+AD4-\n<d><label id=\"+ACY-x;\"/></d>\n"
    let refused = Self.scan(utf7)
    #expect(
      refused.problem
        == InterfaceBuilderScanner.Problem(
          line: 1, column: 31,
          reason:
            "declares the encoding “UTF-7”; Interface Builder writes UTF-8, and a file in another encoding is not read"
        ))
    #expect(refused.ids.isEmpty)
    // `<?xml version="1.0" encoding="IBM037"?><!DOCTYPE d [<!ENTITY x "expanded">]><d><label id="&x;"/></d>`
    // in EBCDIC (Python's cp037), which libxml2 recognises from its first four bytes.
    let ebcdic: [UInt8] = [
      0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99, 0xA2, 0x89, 0x96, 0x95, 0x7E, 0x7F, 0xF1, 0x4B, 0xF0, 0x7F,
      0x40, 0x85, 0x95, 0x83, 0x96, 0x84, 0x89, 0x95, 0x87, 0x7E, 0x7F, 0xC9, 0xC2, 0xD4, 0xF0, 0xF3, 0xF7, 0x7F, 0x6F,
      0x6E, 0x4C, 0x5A, 0xC4, 0xD6, 0xC3, 0xE3, 0xE8, 0xD7, 0xC5, 0x40, 0x84, 0x40, 0xBA, 0x4C, 0x5A, 0xC5, 0xD5, 0xE3,
      0xC9, 0xE3, 0xE8, 0x40, 0xA7, 0x40, 0x7F, 0x85, 0xA7, 0x97, 0x81, 0x95, 0x84, 0x85, 0x84, 0x7F, 0x6E, 0xBB, 0x6E,
      0x4C, 0x84, 0x6E, 0x4C, 0x93, 0x81, 0x82, 0x85, 0x93, 0x40, 0x89, 0x84, 0x7E, 0x7F, 0x50, 0xA7, 0x5E, 0x7F, 0x61,
      0x6E, 0x4C, 0x61, 0x84, 0x6E,
    ]
    let found = InterfaceBuilderScanner.scan(Data(ebcdic), text: ebcdic, file: "e.xib")
    #expect(found.ids.isEmpty)
    #expect(
      found.problem?.reason
        == "does not start with “<” in UTF-8 or UTF-16, the encodings Interface Builder writes; it was not read")
    #expect(Self.scan("<?xml version='1.0' encoding = 'utf-8'?><d id=\"ok\"/>").ids == ["ok"])
  }

  @Test func aMalformedFileStopsAtItsFirstErrorWithLineAndColumn() {
    let mismatched = Self.scan(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document>
          <objects>
              <label id="kept-1"/>
              <label id="open-2">
          </objects>
          <label id="after-3"/>
      </document>

      """)
    #expect(mismatched.ids == ["kept-1", "open-2"])
    #expect(
      mismatched.problem
        == InterfaceBuilderScanner.Problem(
          line: 6, column: 15,
          reason:
            "is not well-formed XML: an end tag does not match the element it closes, <label> of line 5; "
            + "the rest of it was not read"))
    let truncated = Self.scan("<document>\n  <scene id=\"s-1\">\n    <view id=\"v-2\"/>\n")
    #expect(truncated.ids == ["s-1", "v-2"])
    #expect(
      truncated.problem?.reason
        == "is not well-formed XML: the file ends before <scene> of line 2 is closed; the rest of it was not read")
    #expect(truncated.problem?.line == 3)
    let entity = Self.scan("<document>\n  <label id=\"a\" text=\"&nbsp;\"/>\n</document>\n")
    #expect(entity.problem?.line == 2)
    #expect(entity.problem?.reason.contains("an entity reference names no entity") == true)
    let empty = Self.scan("")
    #expect(empty.problem?.reason == "is not well-formed XML: it has no root element; the rest of it was not read")
    #expect(empty.problem?.line == 1)
  }

  @Test func aMalformedFileIsReportedAndTheScanGoesOnWithoutCallingItsKeysUnused() throws {
    let folder = TemporaryDirectory()
    let files = [
      "App/Base.lproj/Broken.xib": "<document>\n  <label id=\"b-1\"/>\n  <label id=\"b-2\">\n</document>\n",
      "App/Base.lproj/Good.xib": "<document>\n  <label id=\"g-1\"/>\n</document>\n",
      "App/Code.swift": "let a = NSLocalizedString(\"used\", comment: \"\")\n",
      "Bundle/Base.lproj/Broken.strings": "\"b-9.text\" = \"Later\";\n",
      "Bundle/Base.lproj/Good.strings": "\"g-1.text\" = \"Kept\";\n\"g-9.text\" = \"Gone\";\n",
      "Bundle/en.lproj/Localizable.strings": "\"used\" = \"Used\";\n",
    ]
    for (path, text) in files {
      let url = folder.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let app = folder.url.appendingPathComponent("App").path
    let uses = try SourceScan.scan([app])
    #expect(uses.interfaceTables == ["Broken", "Good"])
    #expect(uses.partlyReadInterfaceTables == ["Broken"])
    #expect(uses.uses.map(\.shown).sorted() == ["b-1", "b-2", "g-1", "used"])
    let bundle = try LocalizationBundle.open(folder.url.appendingPathComponent("Bundle").path)
    let checks: [any Check] = [
      MissingInBundle(uses: uses), UnusedKey(uses: uses), UnreadableFile(outside: uses.passedOver),
    ]
    let found = try Checker(checks: checks).findings(in: bundle)
    #expect(
      found.map { "\($0.kind.rawValue) \($0.key ?? $0.file ?? "-") \($0.line ?? 0):\($0.column ?? 0)" } == [
        "unreadable-file \(app)/Base.lproj/Broken.xib 4:12",
        "unused-key g-9.text 2:0",
      ])
    #expect(
      found.first?.message
        == "The entry is not well-formed XML: an end tag does not match the element it closes, <label> of line 3; "
        + "the rest of it was not read.")
  }

  @Test(.corpus) func filesReadOnEveryCoreGiveWhatOneThreadGives() throws {
    let files = try Corpus.files(endingWith: ".xib") + Corpus.files(endingWith: ".storyboard")
    try #require(!files.isEmpty)
    @Sendable func ids(_ file: URL) throws -> Set<String> {
      let scan = try SourceFileScan(file.path, lookups: [], largestFile: SourceScan.largestFile)
      #expect(scan.passedOver == nil, "\(Corpus.relative(file))")
      return scan.ids
    }
    let serial = try files.map(ids)
    // Every file four times over, on every core at once.
    let rounds = 4
    let parallel = ParallelResults<Set<String>>(count: files.count * rounds)
    DispatchQueue.concurrentPerform(iterations: files.count * rounds) { index in
      if let found = try? ids(files[index % files.count]) { parallel.set(index, found) }
    }
    for index in 0..<(files.count * rounds) {
      #expect(parallel.take(index) == serial[index % files.count], "\(Corpus.relative(files[index % files.count]))")
    }
    #expect(serial.reduce(0) { $0 + $1.count } > 7_000)
  }
}

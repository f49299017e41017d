import Foundation
import Testing

@testable import GlossaCore

@Suite("StringsdictDocument", .timeLimit(.minutes(10)))
struct StringsdictDocumentTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)</dict>
    </plist>

    """
  }

  static let files = plist(
    """
    \t<key>%d files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@count@ in %#@folders@</string>
    \t\t<key>count</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>%ld</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%ld file</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%ld files &amp; &lt;more&gt;</string>
    \t\t</dict>
    \t\t<key>folders</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>zero</key>
    \t\t\t<string/>
    \t\t\t<key>other</key>
    \t\t\t<string><![CDATA[%d <folders>]]></string>
    \t\t</dict>
    \t</dict>

    """)

  @Test("forms, families, empty <string/>, entities and CDATA")
  func parsesForms() {
    let document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    #expect(document.diagnostics.isEmpty)
    #expect(document.serialized() == Data(Self.files.utf8))
    let summary = document.entries.map { "\($0.variable ?? "")/\($0.plural?.rawValue ?? ""):\($0.value)@\($0.line)" }
    #expect(
      summary == [
        "count/one:%ld file@16", "count/other:%ld files & <more>@18",
        "folders/zero:@27", "folders/other:%d <folders>@29",
      ])
    let families = document.pluralFamilies
    #expect(families.count == 2)
    #expect(families[0].formatKey == "%#@count@ in %#@folders@")
    #expect(families[0].valueType == "%ld")
    #expect(families[1].valueType == "d")
    #expect(families[1].forms == [.zero: "", .other: "%d <folders>"])
    #expect(families[0].line == 16)
  }

  @Test("editing a <string/> form writes a full element")
  func editsEmptyElement() throws {
    var document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    try document.setValue("no folders", forKey: "%d files", plural: .zero, variable: "folders", comment: nil)
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(text == Self.files.replacingOccurrences(of: "<string/>", with: "<string>no folders</string>"))
  }

  @Test("adding a missing category inserts it in CLDR order with matching indentation")
  func addsCategory() throws {
    var document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    try document.setValue("%ld files (few)", forKey: "%d files", plural: .few, variable: "count", comment: nil)
    let text = String(decoding: document.serialized(), as: UTF8.self)
    let expected = Self.files.replacingOccurrences(
      of: "\t\t\t<string>%ld file</string>\n",
      with: "\t\t\t<string>%ld file</string>\n\t\t\t<key>few</key>\n\t\t\t<string>%ld files (few)</string>\n")
    #expect(text == expected)
    try document.setValue("none", forKey: "%d files", plural: .zero, variable: "count", comment: nil)
    let order = document.entries.filter { $0.variable == "count" }.map { $0.plural?.rawValue ?? "" }
    #expect(order == ["zero", "one", "few", "other"])
    #expect(document.diagnostics.isEmpty)
  }

  @Test("without a variable name, a key with two plural variables is refused")
  func ambiguousVariable() {
    var document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "%d files", plural: .one, variable: nil, comment: nil)
    }
    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "%d files", plural: nil, variable: "count", comment: nil)
    }
  }

  @Test("adding a new key creates a full entry the oracle reads back")
  func addsKey() throws {
    var document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    try document.setValue("%d photo", forKey: "photos", plural: .one, variable: "n", comment: nil)
    try document.setValue("%d photos", forKey: "photos", plural: .other, variable: "n", comment: nil)
    let data = document.serialized()
    #expect(
      String(decoding: data, as: UTF8.self).contains(
        "\t<key>photos</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n"))
    let oracle = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    let rule = (oracle?["photos"] as? [String: Any])?["n"] as? [String: String]
    #expect(
      rule == [
        "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
        "one": "%d photo", "other": "%d photos",
      ])
    #expect(document.diagnostics.isEmpty)
    #expect(document.pluralFamilies.last?.formatKey == "%#@n@")
  }

  @Test("removing a form removes its two lines; removing a key removes its block")
  func removes() throws {
    var document = StringsdictDocument(data: Data(Self.files.utf8), file: "Files.stringsdict")
    try document.removeValue(forKey: "%d files", plural: .one, variable: "count")
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(
      text == Self.files.replacingOccurrences(of: "\t\t\t<key>one</key>\n\t\t\t<string>%ld file</string>\n", with: ""))
    try document.removeValue(forKey: "%d files", plural: nil, variable: nil)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == Self.plist(""))
    #expect(throws: GlossaError.self) {
      try document.removeValue(forKey: "%d files", plural: nil, variable: nil)
    }
  }

  @Test("adding to an empty root dict indents one step in")
  func addsToEmptyDict() throws {
    let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n  <dict/>\n</plist>\n"
    var document = StringsdictDocument(data: Data(text.utf8), file: "Empty.stringsdict")
    try document.setValue("v", forKey: "k", plural: .other, variable: nil, comment: nil)
    let out = String(decoding: document.serialized(), as: UTF8.self)
    #expect(out.hasPrefix("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n  <dict>\n  \t<key>k</key>\n"))
    #expect(document.entries.map(\.value) == ["v"])
    #expect(document.entries.first?.variable == "count")
  }
}

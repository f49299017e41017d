import Foundation
import Testing

@testable import GlossaCore

@Suite("InfoPlist", .timeLimit(.minutes(10)))
struct InfoPlistTests {
  static func xml(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)</dict>
    </plist>

    """
  }

  static let valid = xml(
    """
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.strings</string>
    \t<key>CFBundleVersion</key>
    \t<string>41</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>1.2</string>
    \t<key>CFBundlePackageType</key>
    \t<string>BNDL</string>
    \t<key>NMBundleRefreshRate</key>
    \t<real>0.5</real>

    """)

  static func messages(_ text: String) -> [String] {
    let (plist, diagnostics) = InfoPlist.parse(Data(text.utf8), file: "Info.plist")
    return (diagnostics + (plist?.validate(file: "Info.plist") ?? [])).map {
      "\($0.kind.rawValue) \($0.line.map(String.init) ?? "-") \($0.message)"
    }
  }

  @Test("reads an XML plist and its typed values")
  func readsXML() throws {
    let (plist, diagnostics) = InfoPlist.parse(Data(Self.valid.utf8), file: "Info.plist")
    #expect(diagnostics.isEmpty)
    let info = try #require(plist)
    #expect(info.developmentRegion == "en")
    #expect(info.bundleIdentifier == "com.example.strings")
    #expect(info.bundleVersion == "41")
    #expect(info.shortVersion == "1.2")
    #expect(info.packageType == "BNDL")
    #expect(info.refreshRateDays == 0.5)
    #expect(info.effectiveRefreshRateDays == 0.5)
    #expect(info.validate(file: "Info.plist").isEmpty)
    #expect(!info.isBinary)
  }

  @Test("reads a binary plist; refresh rate as a string; absent rate means one day")
  func readsBinary() throws {
    let dictionary: [String: Any] = [
      "CFBundleDevelopmentRegion": "de", "CFBundleIdentifier": "x", "CFBundleVersion": "7",
      "CFBundleShortVersionString": "1.0", "CFBundlePackageType": "BNDL", "NMBundleRefreshRate": "3",
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
    let (plist, diagnostics) = InfoPlist.parse(data, file: "Info.plist")
    #expect(diagnostics.isEmpty)
    let info = try #require(plist)
    #expect(info.isBinary)
    #expect(info.developmentRegion == "de")
    #expect(info.refreshRateDays == 3)
    #expect(info.validate(file: "Info.plist").isEmpty)
    let bumped = info.settingBundleVersion("8")
    let (again, _) = InfoPlist.parse(bumped, file: "Info.plist")
    #expect(again?.bundleVersion == "8")
    #expect(again?.isBinary == true)
    #expect(again?.refreshRateDays == 3)
    #expect(InfoPlist(values: [:]).refreshRateDays == nil)
    #expect(InfoPlist(values: [:]).effectiveRefreshRateDays == 1)
  }

  @Test("each validation failure gives one diagnostic, with the key's line when known")
  func validation() {
    let text = Self.xml(
      """
      \t<key>CFBundleIdentifier</key>
      \t<string>  </string>
      \t<key>CFBundlePackageType</key>
      \t<string>APPL</string>
      \t<key>NMBundleRefreshRate</key>
      \t<string>weekly</string>

      """)
    #expect(
      Self.messages(text) == [
        "invalid-info-plist - Info.plist has no CFBundleDevelopmentRegion; add it with the source language",
        "invalid-info-plist 5 Info.plist has no CFBundleIdentifier; add it with the bundle's identifier",
        "invalid-info-plist - Info.plist has no CFBundleVersion; add it with the build number",
        "invalid-info-plist - Info.plist has no CFBundleShortVersionString; add it with the version shown to people",
        "invalid-info-plist 7 CFBundlePackageType is 'APPL', expected 'BNDL'",
        "invalid-info-plist 9 NMBundleRefreshRate is 'weekly', expected a positive number of days",
      ])
    #expect(
      Self.messages(Self.xml("\t<key>NMBundleRefreshRate</key>\n\t<integer>-2</integer>\n")).last
        == "invalid-info-plist 5 NMBundleRefreshRate is '-2', expected a positive number of days")
    #expect(
      Self.messages(Self.xml("")).contains(
        "invalid-info-plist - Info.plist has no CFBundlePackageType; expected 'BNDL'"))
  }

  @Test("a broken plist gives one diagnostic with its line")
  func broken() {
    let text = Self.valid.replacingOccurrences(of: "<string>41</string>", with: "<string>41</strin>")
    #expect(
      Self.messages(text) == [
        "invalid-info-plist 10 Info.plist is not a readable property list: expected text or </string>, found </strin>"
      ])
    #expect(
      Self.messages("{ \"unterminated") == [
        "invalid-info-plist 1 Info.plist is not a readable property list: expected '<', found text outside any element"
      ])
    #expect(
      Self.messages("<plist><array/></plist>") == [
        "invalid-info-plist - Info.plist should hold a dictionary at the top level"
      ])
  }

  @Test("bumping the bundle version in XML changes only that string")
  func bumpXML() throws {
    let info = try #require(InfoPlist.parse(Data(Self.valid.utf8), file: "Info.plist").0)
    let bumped = String(decoding: info.settingBundleVersion("42 & up"), as: UTF8.self)
    #expect(bumped == Self.valid.replacingOccurrences(of: "<string>41</string>", with: "<string>42 &amp; up</string>"))
    let without = Self.xml("\t<key>CFBundleIdentifier</key>\n\t<string>x</string>\n")
    let added = try #require(InfoPlist.parse(Data(without.utf8), file: "Info.plist").0)
    #expect(
      String(decoding: added.settingBundleVersion("1"), as: UTF8.self)
        == Self.xml(
          "\t<key>CFBundleIdentifier</key>\n\t<string>x</string>\n\t<key>CFBundleVersion</key>\n\t<string>1</string>\n")
    )
  }
}

import Foundation
import Testing

@testable import GlossaCore

@Suite struct UnlocalizedPermissionTests {
  static let plist = InfoPlist(values: [
    "CFBundleDevelopmentRegion": "en", "NSCameraUsageDescription": "Trailmate takes photos of your hikes.",
    "NSLocationWhenInUseUsageDescription": "Trailmate shows where you are on the trail.",
    "CFBundleDisplayName": "Trailmate",
  ])

  static func found(
    _ files: KeyValuePairs<String, String>, options: CheckOptions = CheckOptions(), plist: InfoPlist? = plist
  )
    -> [Finding]
  {
    var bundle = CheckFixtures.bundle(files)
    bundle.infoPlist = plist
    bundle.infoPlistPath = plist == nil ? nil : "Info.plist"
    return CheckFixtures.findings(.unlocalizedPermission, in: bundle, options: options)
  }

  static let localizable = "\"hike.start\" = \"Start\";\n"

  @Test func everyLanguageWithThePromptsIsClean() {
    let found = Self.found([
      "en.lproj/Localizable.strings": Self.localizable,
      "en-GB.lproj/Localizable.strings": Self.localizable,
      "ja.lproj/Localizable.strings": "\"hike.start\" = \"開始\";\n",
      "ja.lproj/InfoPlist.strings":
        "\"NSCameraUsageDescription\" = \"ハイキングの写真を撮ります。\";\n\"NSLocationWhenInUseUsageDescription\" = \"現在地を表示します。\";\n",
      "ar.lproj/Localizable.strings": "\"hike.start\" = \"ابدأ\";\n",
      "ar.lproj/InfoPlist.strings":
        "\"NSCameraUsageDescription\" = \"يلتقط صورًا لرحلاتك 📷\";\n\"NSLocationWhenInUseUsageDescription\" = \"يعرض موقعك.\";\n",
    ])
    #expect(found.isEmpty)
  }

  @Test func aMissingPromptOrTableIsReportedPerKey() {
    let found = Self.found([
      "en.lproj/Localizable.strings": Self.localizable,
      "de.lproj/Localizable.strings": "\"hike.start\" = \"Los\";\n",
      "zh-Hans.lproj/Localizable.strings": "\"hike.start\" = \"开始\";\n",
      "zh-Hans.lproj/InfoPlist.strings":
        "\"NSCameraUsageDescription\" = \"拍摄照片 📷\";\n\"NSLocationWhenInUseUsageDescription\" = \" \";\n",
    ])
    #expect(
      found.map { "\($0.language ?? "") \($0.key ?? "") \($0.file ?? "")" } == [
        "de NSCameraUsageDescription de.lproj/InfoPlist.strings",
        "de NSLocationWhenInUseUsageDescription de.lproj/InfoPlist.strings",
        "zh-Hans NSLocationWhenInUseUsageDescription zh-Hans.lproj/InfoPlist.strings",
      ])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(
      found[0].message
        == "Info.plist asks for this permission but de has no InfoPlist table: de users see the en prompt “Trailmate takes photos of your hikes.”."
    )
    #expect(found[2].message.contains("the zh-Hans InfoPlist table has no text for it"))
  }

  @Test func aPromptTheSourceTableHasIsMissingKeys() {
    let files: KeyValuePairs<String, String> = [
      "en.lproj/Localizable.strings": Self.localizable,
      "en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Trailmate takes photos.\";\n",
      "de.lproj/Localizable.strings": "\"hike.start\" = \"Los\";\n",
      "de.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"Zeigt, wo du bist.\";\n",
    ]
    #expect(Self.found(files).isEmpty)
    // Without an Info.plist there is nothing to ask for.
    #expect(
      Self.found(
        [
          "en.lproj/Localizable.strings": Self.localizable,
          "de.lproj/Localizable.strings": "\"hike.start\" = \"Los\";\n",
        ], plist: nil
      ).isEmpty)
  }

  @Test func theConfigNamesTheAppsInfoPlist() throws {
    let directory = TemporaryDirectory()
    let path = directory.url.appendingPathComponent("App-Info.plist").path
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSMicrophoneUsageDescription</key><string>Record voice notes.</string></dict></plist>
      """
    try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
    var options = CheckOptions()
    options.infoPlistPath = path
    let found = Self.found(
      [
        "en.lproj/Localizable.strings": Self.localizable,
        "ar.lproj/Localizable.strings": "\"hike.start\" = \"ابدأ\";\n",
      ],
      options: options, plist: nil)
    #expect(found.map { "\($0.language ?? "") \($0.key ?? "")" } == ["ar NSMicrophoneUsageDescription"])
    #expect(found.first?.message.hasPrefix("App-Info.plist asks for this permission") == true)
    let missing = directory.url.appendingPathComponent("none.plist").path
    options.infoPlistPath = missing
    #expect(
      thrownError {
        var bundle = CheckFixtures.bundle(["en.lproj/Localizable.strings": Self.localizable])
        bundle.infoPlist = nil
        _ = try Checker(options: options).findings(in: bundle)
      } == .readFailed(missing, reason: "the Info.plist named by info-plist in the config"))
  }

  @Test func aStringCatalogInfoPlistCounts() throws {
    let directory = TemporaryDirectory()
    let catalog = CatalogFixtures.catalog(
      key: "NSCameraUsageDescription",
      localizations:
        #"{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Takes photos." } }, "ko" : { "stringUnit" : { "state" : "translated", "value" : "사진을 찍습니다." } } }"#
    )
    try Data(catalog.utf8).write(to: directory.url.appendingPathComponent("InfoPlist.xcstrings"))
    let lproj = directory.url.appendingPathComponent("fr.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try Data("\"a\" = \"b\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSCameraUsageDescription</key><string>Takes photos.</string>\
      <key>NSContactsUsageDescription</key><string>Finds friends.</string></dict></plist>
      """
    try Data(xml.utf8).write(to: directory.url.appendingPathComponent("Info.plist"))
    let bundle = try LocalizationBundle.load(directory.url.path)
    let found = try Checker().findings(in: bundle).filter { $0.kind == .unlocalizedPermission }
    // The catalog's source has the camera prompt: missing-key's in fr. Contacts is only in Info.plist.
    #expect(
      found.map { "\($0.language ?? "") \($0.key ?? "")" } == [
        "fr NSContactsUsageDescription", "ko NSContactsUsageDescription",
      ])
  }
}

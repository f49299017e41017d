import Foundation
import Testing

@testable import GlossaCore

/// `BundleDiff` on String Catalog device variations: added, removed and changed per device,
/// including a device that varies by plural.
@Suite(.timeLimit(.minutes(10))) struct BundleDiffDeviceTests {
  static func bundles() throws -> (LocalizationBundle, LocalizationBundle) {
    let old = LocalizationBundle(
      name: "old", storage: .file(URL(fileURLWithPath: "/old/Localizable.xcstrings")),
      tables: try Self.tables(), developmentLanguage: "en")
    var new = old
    new.name = "new"
    let key = "Tap to open"
    // de: the ipad variation is new, the mac one is gone, other changed.
    try new.setCatalogValue(
      "Tippen (iPad)", at: CatalogUnitPath(key: key, language: "de", device: "ipad"), table: "Localizable")
    try new.removeCatalogUnit(at: CatalogUnitPath(key: key, language: "de", device: "mac"), table: "Localizable")
    try new.setCatalogValue(
      "Antippen", at: CatalogUnitPath(key: key, language: "de", device: "other"), table: "Localizable")
    // en: the iPhone's `one` form changes, and an Apple Watch variation with plural forms appears.
    try new.setCatalogValue(
      "Tap one time", at: CatalogUnitPath(key: key, language: "en", device: "iphone", plural: .one),
      table: "Localizable")
    try new.setCatalogValue(
      "%lld taps", at: CatalogUnitPath(key: key, language: "en", device: "applewatch", plural: .other),
      table: "Localizable")
    return (old, new)
  }

  static func tables() throws -> [LocaleTable] {
    let catalog = CatalogFixtures.document()
    return StringCatalogView.views(of: catalog, fallbackLanguage: "en").map {
      LocaleTable(
        language: $0.language, name: "Localizable", path: "Localizable.xcstrings", format: .xcstrings, document: $0)
    }
  }

  @Test func devicesAddedRemovedAndChanged() throws {
    let (old, new) = try Self.bundles()
    let changes = BundleDiff(from: old, to: new).changes.filter { $0.key == "Tap to open" }
    let lines = changes.map {
      "\($0.language) \($0.kind.rawValue) {\($0.device ?? "-")} \($0.category?.rawValue ?? "-") \($0.old ?? "nil") → \($0.new ?? "nil")"
    }
    // The new catalog's devices in file order (Xcode sorts them), then the removed ones.
    #expect(
      lines == [
        "de device-added {ipad} - nil → Tippen (iPad)",
        "de changed {other} - Tippen zum Öffnen → Antippen",
        "de device-removed {mac} - Klicken zum Öffnen → nil",
        "en device-added {applewatch} - nil → %lld taps",
        "en changed {iphone} one Tap once → Tap one time",
      ])
    // The reverse diff turns additions into removals.
    let back = BundleDiff(from: new, to: old).changes.filter { $0.key == "Tap to open" }.map(\.kind)
    #expect(back.filter { $0 == .deviceRemoved }.count == 2 && back.filter { $0 == .deviceAdded }.count == 1)
    #expect(BundleDiff(from: new, to: old).counts[.deviceAdded] == 1)
  }

  @Test func devicePluralFormsAreNotMixedIntoThePlainPluralForms() throws {
    let (old, new) = try Self.bundles()
    let changes = BundleDiff(from: old, to: new).changes
    #expect(!changes.contains { $0.device == nil && $0.category != nil && $0.key == "Tap to open" })
  }
}

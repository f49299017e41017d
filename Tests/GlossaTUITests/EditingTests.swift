import Foundation
import GlossaCore
import Testing

/// The core's editing support: edits as data, undo stacks, the crash journal, repacking.
@Suite(.timeLimit(.minutes(10))) struct EditingTests {
  static let address = ValueAddress(language: "de", table: "Localizable", key: "button.ok")

  @Test func applyChecksTheOldValueAndInverseUndoes() throws {
    var bundle = Fixtures.local
    let edit = Edit(address: Self.address, oldValue: "OK", newValue: "Okay")
    try bundle.apply(edit)
    #expect(bundle.value(at: Self.address) == "Okay")
    #expect(bundle.table(language: "de", name: "Localizable")?.isModified == true)
    #expect(throws: GlossaError.self) { try bundle.apply(edit) }
    try bundle.apply(edit.inverse)
    #expect(bundle.value(at: Self.address) == "OK")
  }

  @Test func addingThenRemovingAValue() throws {
    var bundle = Fixtures.local
    let address = ValueAddress(language: "ja", table: "Localizable", key: "button.ok")
    let add = Edit(address: address, oldValue: nil, newValue: "了解", comment: "Confirms.")
    try bundle.apply(add)
    #expect(bundle.value(at: address) == "了解")
    #expect(bundle.comment(at: address) == "Confirms.")
    try bundle.apply(add.inverse)
    #expect(bundle.value(at: address) == nil)
  }

  @Test func historyUndoesAndRedoesInOrder() {
    var history = EditHistory<Int>()
    history.record(1)
    history.record(2)
    #expect(history.undo() == 2)
    #expect(history.canRedo)
    history.record(3)
    #expect(!history.canRedo)
    #expect(history.undo() == 3)
    #expect(history.undo() == 1)
    #expect(history.undo() == nil)
    #expect(history.redo() == 1)
  }

  @Test func journalStoreWritesReadsAndRemovesPerBundle() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JournalStore(directory: directory)
    let identity = JournalStore.identity(of: "Sample/../Bundle", currentDirectory: "/work")
    #expect(identity == "/work/Bundle")
    #expect(try store.read(forBundle: identity) == nil)
    let journal = EditJournal(
      bundle: identity, edits: [Edit(address: Self.address, oldValue: "OK", newValue: "Okay")],
      written: Date(timeIntervalSince1970: 1_700_000_000))
    try store.write(journal)
    #expect(try store.read(forBundle: identity) == journal)
    #expect(try store.read(forBundle: "/work/Other") == nil)
    #expect(store.url(forBundle: identity) != store.url(forBundle: "/work/Other"))
    try store.remove(forBundle: identity)
    #expect(try store.read(forBundle: identity) == nil)
  }

  @Test func aCorruptJournalIsAnErrorNamingTheFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JournalStore(directory: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: store.url(forBundle: "/b"))
    do {
      _ = try store.read(forBundle: "/b")
      Issue.record("expected an error")
    } catch let error as GlossaError {
      #expect(error.message.contains(store.url(forBundle: "/b").path))
      #expect(error.message.contains("delete it to discard it"))
    }
  }

  @Test func theStandardStoreFollowsXDG() {
    #expect(JournalStore.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).directory.path == "/s/glossa")
    #expect(JournalStore.standard(environment: ["HOME": "/h"]).directory.path == "/h/.local/state/glossa")
    #expect(
      JournalStore.standard(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).directory.path
        == "/h/.local/state/glossa")
  }

  @Test func repackWritesTheEditsAndTheVersionWithoutTouchingTheBundle() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-repack-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let bundleURL = root.appendingPathComponent("App")
    for (language, text) in [("en", "\"hello\" = \"Hello\";\n"), ("de", "\"hello\" = \"Hallo\";\n")] {
      let folder = bundleURL.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>CFBundleDevelopmentRegion</key>
        <string>en</string>
        <key>CFBundleVersion</key>
        <string>7</string>
      </dict>
      </plist>

      """
    try Data(plist.utf8).write(to: bundleURL.appendingPathComponent("Info.plist"))
    var bundle = try LocalizationBundle.load(bundleURL.path)
    try bundle.apply(
      Edit(
        address: ValueAddress(language: "de", table: "Localizable", key: "hello"), oldValue: "Hallo", newValue: "Servus"
      ))
    let zip = root.appendingPathComponent("App.zip")
    try bundle.writeZip(to: zip, bundleVersion: "8")
    let packed = try LocalizationBundle.load(zip.path)
    #expect(packed.infoPlist?.bundleVersion == "8")
    #expect(packed.value(at: ValueAddress(language: "de", table: "Localizable", key: "hello")) == "Servus")
    #expect(packed.tables.map(\.path).allSatisfy { $0.hasPrefix("Resources/") })
    let original = try String(
      contentsOf: bundleURL.appendingPathComponent("de.lproj/Localizable.strings"), encoding: .utf8)
    #expect(original == "\"hello\" = \"Hallo\";\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["App", "App.zip"])
  }
}

import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Every kind of bundle argument, opened, edited, saved and repacked the one way there is: the
/// edited literal is the only difference in the whole workspace, a second save writes nothing,
/// and a repack holds exactly the saved files.
@Suite("bundle matrix: every source × open, edit, save, repack", .serialized, .timeLimit(.minutes(10)))
struct BundleMatrixTests {
  static let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")

  /// A private copy of the sample bundles.
  struct Workspace {
    let root: URL
    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-matrix-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: BundleMatrixTests.samples, to: root.appendingPathComponent("s"))
    }
    func path(_ relative: String) -> String { root.appendingPathComponent("s/" + relative).path }
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Every regular file under the workspace with its bytes; zips by entry (`a.zip:entry`).
    func snapshot() throws -> [String: Data] {
      var result: [String: Data] = [:]
      let base = root.appendingPathComponent("s").path
      for path in try LocalizationBundle.listFiles(URL(fileURLWithPath: base), name: base).files {
        let url = URL(fileURLWithPath: base).appendingPathComponent(path)
        if path.hasSuffix(".zip") {
          for file in try BundleArchive.readFiles(at: url) { result[path + ":" + file.path] = file.data }
        } else {
          result[path] = try Data(contentsOf: url)
        }
      }
      return result
    }
  }

  /// What differs between two snapshots: the changed keys, each with the differing middle of its
  /// bytes once the common prefix and suffix are cut away.
  static func changes(_ before: [String: Data], _ after: [String: Data]) -> [String: (old: Data, new: Data)] {
    var result: [String: (Data, Data)] = [:]
    for key in Set(before.keys).union(after.keys) where before[key] != after[key] {
      let a = [UInt8](before[key] ?? Data())
      let b = [UInt8](after[key] ?? Data())
      var prefix = 0
      while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
        suffix += 1
      }
      result[key] = (Data(a[prefix..<(a.count - suffix)]), Data(b[prefix..<(b.count - suffix)]))
    }
    return result
  }

  /// One kind of argument: how to name it, which file holds the edited value, its encoding.
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    /// The argument, relative to the workspace's copy of SampleBundles.
    var argument: String
    var language: String
    var table: String
    var key: String
    /// The snapshot key of the file that must change.
    var file: String
    var testDescription: String { label }
  }

  static let cases: [Case] = [
    Case(
      label: "directory", argument: "local", language: "fr", table: "Localizable", key: "login.title",
      file: "local/Resources/fr.lproj/Localizable.strings"),
    Case(
      label: "zip", argument: "remote.zip", language: "fr", table: "Localizable", key: "login.title",
      file: "remote.zip:Resources/fr.lproj/Localizable.strings"),
    Case(
      label: "single table file", argument: "local/Resources/fr.lproj/Localizable.strings", language: "fr",
      table: "Localizable", key: "login.title", file: "local/Resources/fr.lproj/Localizable.strings"),
    Case(
      label: "UTF-16 table in a directory", argument: "local", language: "ja", table: "Localizable",
      key: "login.title", file: "local/Resources/ja.lproj/Localizable.strings"),
    Case(
      label: "String Catalog", argument: "catalog/Localizable.xcstrings", language: "de", table: "Localizable",
      key: "map.offline", file: "catalog/Localizable.xcstrings"),
    Case(
      label: "localized-object file", argument: "content/announcements.json", language: "fr",
      table: "announcements", key: "banner.offline-maps", file: "content/announcements.json"),
  ]

  @Test(arguments: cases)
  func openEditSaveRepack(_ testCase: Case) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let before = try workspace.snapshot()
    var bundle = try LocalizationBundle.open(workspace.path(testCase.argument))
    // Nothing of the edited language is read yet (except files of every language): the edit
    // reads what it needs, so the save writes the file as it was plus the edit.
    let address = ValueAddress(language: testCase.language, table: testCase.table, key: testCase.key)
    let newValue = "Édition « \(testCase.label) »"
    try bundle.setValue(newValue, forKey: testCase.key, language: testCase.language, table: testCase.table)
    let old = try LocalizationBundle.load(workspace.path(testCase.argument)).value(at: address)
    #expect(old != nil && old != newValue)
    #expect(bundle.hasUnsavedChanges)
    let report = try bundle.save()
    #expect(report.written.count == 1)
    #expect(!bundle.hasUnsavedChanges)

    let after = try workspace.snapshot()
    let changed = Self.changes(before, after)
    #expect(Array(changed.keys) == [testCase.file], "only the edited file changes")
    if let (oldBytes, newBytes) = changed[testCase.file] {
      // The differing bytes lie within the literal: no more than the two values' encodings.
      let utf16 = testCase.label.contains("UTF-16")
      // An edited catalog unit also becomes `translated` (as Xcode marks it): its state sits
      // just before its value, so the span may start there.
      let slack = testCase.label == "String Catalog" ? 40 : 16
      let oldLength = (old ?? "").utf8.count * (utf16 ? 2 : 1) + slack
      let newLength = newValue.utf8.count * (utf16 ? 2 : 1) + slack
      #expect(oldBytes.count <= oldLength, "\(testCase.label): \(oldBytes.count) old bytes differ")
      #expect(newBytes.count <= newLength, "\(testCase.label): \(newBytes.count) new bytes differ")
    }
    let reread = try LocalizationBundle.load(workspace.path(testCase.argument))
    #expect(reread.value(at: address) == newValue)

    // A second save with no edit in between writes nothing, and no byte moves.
    #expect(try bundle.save().written.isEmpty)
    #expect(try workspace.snapshot() == after)

    // A repack holds the saved files, byte for byte.
    if case .file = bundle.storage { return }
    let output = workspace.root.appendingPathComponent("repacked.zip")
    try bundle.writeZip(to: output)
    let packed = Dictionary(uniqueKeysWithValues: try BundleArchive.readFiles(at: output).map { ($0.path, $0.data) })
    let saved = try LocalizationBundle.load(output.path)
    #expect(saved.value(at: address) == newValue)
    let editedEntry = testCase.file.split(separator: ":").last.map(String.init) ?? testCase.file
    #expect(packed.keys.contains { editedEntry.hasSuffix($0) })
  }

  @Test func aURLIsReadLikeItsZipAndNeverSavedOverTheCache() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let body = try Data(contentsOf: URL(fileURLWithPath: workspace.path("remote.zip")))
    let server = try LoopbackHTTPServer(routes: ["/remote.zip": .init(body: body)])
    defer { server.stop() }
    let options = BundleLoadOptions(
      remote: RemoteFetchPolicy(cacheDirectory: workspace.root.appendingPathComponent("cache")))
    let url = server.url("/remote.zip").absoluteString
    var remote = try LocalizationBundle.open(url, options: options)
    let fromPath = try LocalizationBundle.load(workspace.path("remote.zip"))
    #expect(remote.isDownload)
    #expect(remote.languages == fromPath.languages)
    #expect(!remote.isFullyLoaded)
    try remote.loadAll()
    #expect(remote.tables.map(\.entries) == fromPath.tables.map(\.entries))

    let cacheBefore = try Self.files(under: workspace.root.appendingPathComponent("cache"))
    try remote.setValue("Changé", forKey: "login.title", language: "fr", table: "Localizable")
    #expect(throws: GlossaError.readOnly(url, reason: LocalizationBundle.downloadReason)) { try remote.save() }
    #expect(try Self.files(under: workspace.root.appendingPathComponent("cache")) == cacheBefore)
    let output = workspace.root.appendingPathComponent("published.zip")
    try remote.writeZip(to: output)
    let published = try LocalizationBundle.load(output.path)
    #expect(published.value(at: ValueAddress(language: "fr", table: "Localizable", key: "login.title")) == "Changé")
    let changed = Self.changes(
      Dictionary(
        uniqueKeysWithValues: try BundleArchive.readFiles(at: URL(fileURLWithPath: workspace.path("remote.zip"))).map {
          ($0.path, $0.data)
        }),
      Dictionary(uniqueKeysWithValues: try BundleArchive.readFiles(at: output).map { ($0.path, $0.data) }))
    #expect(Array(changed.keys) == ["Resources/fr.lproj/Localizable.strings"])

    // The local bundle beside a URL remote is read whole, the same as beside a zip path.
    let checker = Checker()
    let local = try LocalizationBundle.open(workspace.path("local"))
    let againstURL = try checker.findings(in: local, against: try LocalizationBundle.open(url, options: options))
    let againstZip = try checker.findings(in: local, against: try LocalizationBundle.open(workspace.path("remote.zip")))
    #expect(againstURL.count == againstZip.count)
    #expect(againstURL.map(\.kind) == againstZip.map(\.kind))
  }

  @Test func aListedFileIsReadBeforeAnEditNeverCreatedAnew() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let file = workspace.path("local/Resources/fr.lproj/Localizable.strings")
    let original = try String(contentsOfFile: file, encoding: .utf8)
    var bundle = try LocalizationBundle.open(workspace.path("local"))
    try bundle.load(languages: ["en"])
    #expect(bundle.table(language: "fr", name: "Localizable") == nil)
    try bundle.apply(
      Edit(
        address: ValueAddress(language: "fr", table: "Localizable", key: "login.title"),
        oldValue: try LocalizationBundle.load(file).value(
          at: ValueAddress(language: "fr", table: "Localizable", key: "login.title")),
        newValue: "Connexion"))
    try bundle.save()
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      saved.split(separator: "\n", omittingEmptySubsequences: false).count
        == original.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(saved.contains("\"login.title\" = \"Connexion\";"))
  }

  /// A table the store did not read cannot be written over a file: outside the module this does
  /// not compile (`tables` is `internal(set)`, `LocaleTable.origin` internal); inside it, the save
  /// refuses a table built in memory, and a table "created" where a file exists.
  @Test func aTableThatWasNeverReadIsNeverWritten() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let file = workspace.path("local/Resources/fr.lproj/Localizable.strings")
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    var bundle = try LocalizationBundle.open(workspace.path("local"))
    var forged = LocaleTable(
      language: "fr", name: "Localizable", path: "Resources/fr.lproj/Localizable.strings", format: .strings,
      document: TableFormat.strings.parse(Data(), file: "fr"))
    forged.replace(TableFormat.strings.parse(Data("\"x\" = \"y\";\n".utf8), file: "fr"))
    bundle.tables.append(forged)
    #expect(throws: GlossaError.self) { try bundle.save() }
    bundle.tables[bundle.tables.count - 1].origin = .created
    do {
      try bundle.save()
      Issue.record("a created table was written over an existing file")
    } catch let error as GlossaError {
      guard case .changedOnDisk = error else {
        Issue.record("\(error)")
        return
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
  }

  @Test func aFileChangedOnDiskStopsTheSaveUntilOverwritingIsAsked() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    for (round, argument) in ["local", "remote.zip", "local/Resources/de.lproj/Localizable.strings"].enumerated() {
      let value = "Wanderung starten \(round)"
      var bundle = try LocalizationBundle.open(workspace.path(argument))
      try bundle.setValue(value, forKey: "hike.start", language: "de", table: "Localizable")
      let target =
        argument.hasSuffix(".zip")
        ? workspace.path(argument) : workspace.path("local/Resources/de.lproj/Localizable.strings")
      var changed = try Data(contentsOf: URL(fileURLWithPath: target))
      changed.append(contentsOf: argument.hasSuffix(".zip") ? [] : Array("\n\"other\" = \"edit\";\n".utf8))
      try changed.write(to: URL(fileURLWithPath: target))  // a new inode and time, even for the same bytes
      do {
        try bundle.save()
        Issue.record("\(argument): saved over a file changed on disk")
      } catch let error {
        guard case .changedOnDisk = error as? GlossaError else {
          Issue.record("\(argument): \(error)")
          continue
        }
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == changed, "\(argument): nothing was written")
      #expect(bundle.hasUnsavedChanges)
      let report = try bundle.save(overwriting: true)
      #expect(report.written.count == 1)
      #expect(
        try LocalizationBundle.load(workspace.path(argument)).value(
          at: ValueAddress(language: "de", table: "Localizable", key: "hike.start")) == value)
    }
  }

  @Test func aSaveOnACopyLeavesLaterEditsUnsaved() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var bundle = try LocalizationBundle.load(workspace.path("local"))
    try bundle.setValue("Eins", forKey: "hike.start", language: "de", table: "Localizable")
    var copy = bundle
    try bundle.setValue("Zwei", forKey: "login.title", language: "de", table: "Localizable")
    let report = try copy.save()
    bundle.markSaved(report)
    let hike = ValueAddress(language: "de", table: "Localizable", key: "hike.start")
    let login = ValueAddress(language: "de", table: "Localizable", key: "login.title")
    #expect(!bundle.isEdited(hike))
    #expect(bundle.isEdited(login))
    #expect(bundle.hasUnsavedChanges)
    #expect(try bundle.save().written == ["Resources/de.lproj/Localizable.strings"])
    let reread = try LocalizationBundle.load(workspace.path("local"))
    #expect(reread.value(at: hike) == "Eins")
    #expect(reread.value(at: login) == "Zwei")
  }

  @Test func aNewLanguageFileIsCreatedOnceThenSavedLikeAnyOther() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var bundle = try LocalizationBundle.open(workspace.path("local"))
    try bundle.setValue("Inizia", forKey: "hike.start", language: "it", table: "Localizable")
    #expect(try bundle.save().written == ["Resources/it.lproj/Localizable.strings"])
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written.isEmpty)
    try bundle.setValue("Avvia", forKey: "hike.start", language: "it", table: "Localizable")
    #expect(try bundle.save().written == ["Resources/it.lproj/Localizable.strings"])
    let reread = try LocalizationBundle.load(workspace.path("local"))
    #expect(reread.value(at: ValueAddress(language: "it", table: "Localizable", key: "hike.start")) == "Avvia")
  }

  @Test func theSameValueIsNoEdit() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    for testCase in Self.cases {
      var bundle = try LocalizationBundle.load(workspace.path(testCase.argument))
      let address = ValueAddress(language: testCase.language, table: testCase.table, key: testCase.key)
      let value = try #require(bundle.value(at: address))
      try bundle.setValue(value, forKey: testCase.key, language: testCase.language, table: testCase.table)
      #expect(!bundle.hasUnsavedChanges, "\(testCase.label)")
    }
  }

  static func files(under root: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
    while let url = enumerator.nextObject() as? URL {
      if let data = try? Data(contentsOf: url) { result[url.path] = data }
    }
    return result
  }
}

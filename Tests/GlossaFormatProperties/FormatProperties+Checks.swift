import Foundation
import GlossaCore

extension FormatProperties {
  /// An entry as a fresh reader sees it: what must not change when another entry is edited.
  private struct Seen: Hashable {
    var key: String
    var plural: PluralCategory?
    var variable: String?
    var device: String?
    var value: String

    init(_ entry: Entry) {
      key = entry.key
      plural = entry.plural
      variable = entry.variable
      device = entry.device
      value = entry.value
    }
  }

  /// How many entries of one input are edited (the first ones and the last).
  private static let editsPerInput = 3

  /// The indices of the entries an input's edits go to.
  private static func editedIndices(_ count: Int) -> [Int] {
    guard count > 0 else { return [] }
    return Array(Set(Array(0..<min(count, editsPerInput - 1)) + [count - 1])).sorted()
  }

  // MARK: .strings, .stringsdict, JSON tables

  static func checkTable(_ data: Data, format: TableFormat, into failures: inout [Failure]) {
    let file = "en.lproj/Localizable.\(format == .json ? "json" : format.rawValue)"
    let document = format.parse(data, file: file)
    if document.serialized() != data {
      failures.append(Failure(property: "round-trip", detail: "serialising the unedited document changed its bytes"))
    }
    runChecker(
      LocalizationBundle(
        name: "fuzz", storage: .directory(URL(fileURLWithPath: "/nonexistent")),
        tables: ["en", "fr"].map {
          LocaleTable(
            language: $0, name: "Localizable", path: file.replacingOccurrences(of: "en.lproj", with: "\($0).lproj"),
            format: format, document: document)
        }, developmentLanguage: "en"))
    for (n, index) in editedIndices(document.entries.count).enumerated() {
      let entry = document.entries[index]
      // Two lengths of one value: an edit that changes the file's length by an odd number of
      // bytes is not the same test as one that changes it by an even number (UTF-16 sniffing).
      for value in [probe(data, n), probe(data, n) + "!"] {
        checkEdit(
          document, format: format, value: value, key: entry.key, plural: entry.plural,
          variable: entry.variable, into: &failures)
      }
    }
    // A new key, when the file reads cleanly (an entry appended after a broken tail may be refused).
    if document.diagnostics.isEmpty {
      checkEdit(
        document, format: format, value: probe(data, 7), key: "fuzz.added.key", plural: nil, variable: nil,
        into: &failures)
    }
  }

  /// Sets one value on a copy of `document` and checks what a fresh reader makes of the bytes.
  private static func checkEdit(
    _ document: any TableDocument, format: TableFormat, value: String, key: String, plural: PluralCategory?,
    variable: String?, into failures: inout [Failure]
  ) {
    let before = document.serialized()
    var edited = document
    do {
      try edited.setValue(value, forKey: key, plural: plural, variable: variable, comment: nil)
    } catch {
      if edited.serialized() != before {
        failures.append(
          Failure(property: "refused-edit-changed", detail: "a refused edit of \"\(key)\" changed the bytes: \(error)"))
      }
      return
    }
    let fresh = format.parse(edited.serialized(), file: "fresh")
    func matches(_ entry: Entry) -> Bool {
      entry.key == key && entry.plural == plural && (variable == nil || entry.variable == variable)
        && entry.device == nil
    }
    guard let found = fresh.entries.last(where: matches), found.value.isSameText(as: value) else {
      let diagnostic = fresh.diagnostics.first.map { " (\($0.line ?? 0):\($0.column ?? 0): \($0.message))" } ?? ""
      failures.append(
        Failure(
          property: "edit-reads-back",
          detail: "after setting \"\(key)\"\(plural.map { " [\($0)]" } ?? "") to \(value.debugDescription), "
            + "a fresh read gives \(fresh.entries.last(where: matches)?.value.debugDescription ?? "no value")\(diagnostic)"
        ))
      return
    }
    if others(document.entries, except: matches) != others(fresh.entries, except: matches) {
      failures.append(
        Failure(property: "edit-keeps-others", detail: "setting \"\(key)\" changed how other entries read"))
    }
    if let strings = document as? StringsDocument, let after = edited as? StringsDocument {
      checkSplice(strings, after, key: key, plural: plural, into: &failures)
      checkRemoval(after, key: key, plural: plural, before: strings, into: &failures)
    }
  }

  /// Every entry but the last one `matches` picks (the one an edit changes).
  private static func others(_ entries: [Entry], except matches: (Entry) -> Bool) -> [Seen] {
    var seen = entries.map(Seen.init)
    if let last = entries.lastIndex(where: matches) { seen.remove(at: last) }
    return seen
  }

  /// A `.strings` edit of an existing value changes only that value's literal: the text before
  /// and after it is the same bytes.
  private static func checkSplice(
    _ before: StringsDocument, _ after: StringsDocument, key: String, plural: PluralCategory?,
    into failures: inout [Failure]
  ) {
    let rawKey = PluralKeySyntax.join(key, plural)
    guard let index = before.lastIndex(of: key, plural: plural) else { return }
    let span = before.spans[index]
    let range = span.valueRange ?? span.keyEnd..<span.keyEnd
    let old = before.text
    let new = after.text
    let suffix = old.count - range.upperBound
    guard new.count >= range.lowerBound + suffix,
      new.prefix(range.lowerBound).elementsEqual(old.prefix(range.lowerBound)),
      new.suffix(suffix).elementsEqual(old.suffix(suffix))
    else {
      failures.append(
        Failure(property: "edit-keeps-others", detail: "setting \"\(rawKey)\" changed bytes outside its value literal"))
      return
    }
    // What the document knows after the edit (moved in place by a literal substitution, or read
    // again) is what a fresh reader of its bytes knows: entries, positions, spans, diagnostics.
    if differsFromFreshRead(after) {
      failures.append(
        Failure(
          property: "edit-state",
          detail:
            "after setting \"\(rawKey)\" the document's encoding, entries, spans or diagnostics differ from a fresh read"
        ))
    }
  }

  /// Removing the entry again (what undoing an added value does) leaves the document as a fresh
  /// reader of its bytes sees it, whether it read the file again or only its end; and when the
  /// edit added the key at the end of the file, removing it gives `before`'s bytes back exactly.
  private static func checkRemoval(
    _ document: StringsDocument, key: String, plural: PluralCategory?, before: StringsDocument,
    into failures: inout [Failure]
  ) {
    var removed = document
    guard (try? removed.removeValue(forKey: key, plural: plural, variable: nil)) != nil else { return }
    if differsFromFreshRead(removed) {
      failures.append(
        Failure(
          property: "edit-state",
          detail:
            "after removing \"\(key)\" the document's encoding, entries, spans or diagnostics differ from a fresh read"
        ))
    }
    let rawKey = PluralKeySyntax.join(key, plural)
    let wasAdded =
      before.lastIndex(of: key, plural: plural) == nil
      && document.lastIndex(of: key, plural: plural).map { $0 == document.entries.count - 1 } == true
    if wasAdded && removed.serialized() != before.serialized() {
      failures.append(
        Failure(
          property: "add-undo-exact",
          detail: "adding \"\(rawKey)\" at the end and removing it again did not give the file's bytes back"))
    }
  }

  /// True when a fresh reader of the document's bytes sees another encoding, entries, spans or
  /// diagnostics.
  private static func differsFromFreshRead(_ document: StringsDocument) -> Bool {
    let fresh = StringsDocument(data: document.serialized(), file: document.file)
    return fresh.encoding != document.encoding || fresh.entries != document.entries || fresh.spans != document.spans
      || fresh.diagnostics != document.diagnostics
  }

  // MARK: String Catalogs

  static func checkCatalog(_ data: Data, into failures: inout [Failure]) {
    let catalog = StringCatalogDocument(data: data, file: "Localizable.xcstrings")
    if catalog.serialized() != data {
      failures.append(Failure(property: "round-trip", detail: "serialising the unedited catalog changed its bytes"))
    }
    // Read with the "strings" object split at a member line past its middle, the second half
    // on another thread (as large catalogs are read): the same document as one thread reads.
    // And in as many pieces as the threads' timing gives (a piece split again while a byte of
    // it is left).
    let split = StringCatalogDocument(data: data, file: "Localizable.xcstrings", splitAbove: 0)
    let pieces = StringCatalogDocument(data: data, file: "Localizable.xcstrings", splitAbove: 0, stealAbove: 1)
    for split in [split, pieces]
    where split.diagnostics != catalog.diagnostics || split.keys != catalog.keys || split.units != catalog.units
      || split.substitutions != catalog.substitutions || split.sourceLanguage != catalog.sourceLanguage
      || split.version != catalog.version || split.languages != catalog.languages
      || catalog.languages.contains(where: { split.unitIndex.positions(of: $0) != catalog.unitIndex.positions(of: $0) })
    {
      failures.append(
        Failure(property: "split-read", detail: "reading in pieces on two threads differs from reading on one"))
    }
    // Every language gathered as the catalog is read (on one thread or in two halves) gives
    // each view what the language projected alone does.
    let views = StringCatalogView.views(of: catalog, fallbackLanguage: "en")
    let pieceViews =
      StringCatalogView.views(of: split, fallbackLanguage: "en")
      + StringCatalogView.views(of: pieces, fallbackLanguage: "en")
    for (index, view) in (views + pieceViews).enumerated() {
      let alone = StringCatalogView(
        catalog: catalog, language: view.language, carriesDiagnostics: index % views.count == 0)
      if view.entries != alone.entries || view.pluralFamilies != alone.pluralFamilies
        || view.entries.map(\.key) != alone.entries.map(\.key)
      {
        failures.append(
          Failure(
            property: "views-at-once",
            detail: "the \(view.language) view made with every language differs from the one made alone"))
      }
    }
    runChecker(
      LocalizationBundle(
        name: "fuzz", storage: .file(URL(fileURLWithPath: "/nonexistent/Localizable.xcstrings")),
        tables: views.map {
          LocaleTable(
            language: $0.language, name: "Localizable", path: "Localizable.xcstrings", format: .xcstrings, document: $0)
        }, developmentLanguage: catalog.sourceLanguage ?? "en"))
    struct Unit: Hashable {
      var path: CatalogUnitPath
      var value: String
      var state: TranslationState?
    }
    func units(_ catalog: StringCatalogDocument, except path: CatalogUnitPath) -> [Unit] {
      catalog.units.filter { $0.path != path }.map { Unit(path: $0.path, value: $0.value, state: $0.state) }
    }
    for (n, index) in editedIndices(catalog.units.count).enumerated() {
      let path = catalog.units[index].path
      let value = probe(data, n)
      var edited = catalog
      do {
        try edited.setValue(value, at: path)
      } catch {
        if edited.serialized() != catalog.serialized() {
          failures.append(
            Failure(property: "refused-edit-changed", detail: "a refused edit of \(path) changed the bytes"))
        }
        continue
      }
      let fresh = StringCatalogDocument(data: edited.serialized(), file: "fresh")
      guard let unit = fresh.unit(at: path), unit.value.isSameText(as: value) else {
        failures.append(
          Failure(
            property: "edit-reads-back",
            detail: "after setting \(path) to \(value.debugDescription), a fresh read gives "
              + "\(fresh.unit(at: path)?.value.debugDescription ?? "no unit")"))
        continue
      }
      if units(catalog, except: path) != units(fresh, except: path) {
        failures.append(Failure(property: "edit-keeps-others", detail: "setting \(path) changed other units"))
      }
    }
  }

  // MARK: Localized-object JSON

  static func checkLocalizedObject(_ data: Data, into failures: inout [Failure]) {
    let document = LocalizedObjectDocument(data: data, file: "content.json")
    if document.serialized() != data {
      failures.append(Failure(property: "round-trip", detail: "serialising the unedited document changed its bytes"))
    }
    let tables = document.tables()
    if !tables.isEmpty {
      runChecker(
        LocalizationBundle(
          name: "fuzz", storage: .file(URL(fileURLWithPath: "/nonexistent/content.json")),
          tables: tables.map {
            LocaleTable(language: $0.language, name: "content", path: "content.json", format: .json, document: $0)
          }, developmentLanguage: tables[0].language))
    }
    struct Value: Hashable {
      var key: String
      var language: String
      var value: String
    }
    // Every value but the one an edit of (key, spelling) changes: the last member so spelled.
    func values(_ document: LocalizedObjectDocument, except key: String, _ spelling: String) -> [Value] {
      var all = document.objects.flatMap { object in
        object.values.map { Value(key: object.key, language: $0.language, value: $0.value) }
      }
      if let last = all.lastIndex(where: { $0.key == key && $0.language == spelling }) { all.remove(at: last) }
      return all
    }
    let pairs = document.objects.flatMap { object in object.values.map { (object.key, $0.language) } }
    for (n, index) in editedIndices(pairs.count).enumerated() {
      let (key, language) = pairs[index]
      let value = probe(data, n)
      var edited = document
      do {
        try edited.setValue(value, forKey: key, language: language)
      } catch {
        if edited.serialized() != data {
          failures.append(
            Failure(property: "refused-edit-changed", detail: "a refused edit of \"\(key)\" changed the bytes"))
        }
        continue
      }
      let fresh = LocalizedObjectDocument(data: edited.serialized(), file: "fresh")
      // Read back the way the app looks a language up (`pt_BR` finds `pt-BR`; the later
      // spelling wins), which is also the member the edit changes.
      let spelling = document.object(forKey: key)?.value(for: language)?.language ?? language
      guard let found = fresh.object(forKey: key)?.value(for: language), found.value.isSameText(as: value) else {
        failures.append(
          Failure(property: "edit-reads-back", detail: "after setting \"\(key)\" [\(language)], a fresh read differs"))
        continue
      }
      if values(document, except: key, spelling) != values(fresh, except: key, spelling) {
        failures.append(
          Failure(property: "edit-keeps-others", detail: "setting \"\(key)\" [\(language)] changed others"))
      }
    }
  }

  // MARK: Info.plist

  static func checkInfoPlist(_ data: Data, into failures: inout [Failure]) {
    let (plist, _) = InfoPlist.parse(data, file: "Info.plist")
    guard let plist else { return }
    _ = plist.validate(file: "Info.plist")
    guard !plist.isBinary, plist.bundleVersion != nil else { return }
    let edited = plist.settingBundleVersion("987.6")
    let (fresh, _) = InfoPlist.parse(edited, file: "Info.plist")
    guard let fresh, fresh.bundleVersion == "987.6" else {
      failures.append(Failure(property: "edit-reads-back", detail: "setting CFBundleVersion did not read back"))
      return
    }
    var others = plist.values
    var freshOthers = fresh.values
    others["CFBundleVersion"] = nil
    freshOthers["CFBundleVersion"] = nil
    if others != freshOthers {
      failures.append(Failure(property: "edit-keeps-others", detail: "setting CFBundleVersion changed other values"))
    }
  }

  // MARK: Zip archives

  static func checkZip(_ data: Data, into failures: inout [Failure]) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glossa-properties-\(getpid())-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
      return
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    let zip = directory.appendingPathComponent("bundle.zip")
    let copy = directory.appendingPathComponent("copy.zip")
    guard (try? data.write(to: zip)) != nil, let files = try? BundleArchive.readFiles(at: zip) else { return }
    if var bundle = try? LocalizationBundle.open(zip.path) {
      try? bundle.loadAll()
      runChecker(bundle)
    }
    // Rewriting with nothing replaced keeps every entry's bytes.
    guard (try? BundleArchive.rewrite(zip, replacing: [:], to: copy)) != nil else { return }
    guard let again = try? BundleArchive.readFiles(at: copy) else {
      failures.append(Failure(property: "round-trip", detail: "a rewritten archive could not be read back"))
      return
    }
    if again.map(\.path) != files.map(\.path) || again.map(\.data) != files.map(\.data) {
      failures.append(Failure(property: "round-trip", detail: "rewriting the archive changed its entries"))
    }
  }
}

import Foundation
import GlossaCore
@testable import GlossaTUI

/// A small bundle with one example of each problem the TUI marks.
enum Fixtures {
  static func table(_ language: String, _ pairs: [(String, String)], comments: [String: String] = [:]) -> LocaleTable {
    LocaleTable(
      language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings",
      format: .strings, document: MemoryTable(pairs, comments: comments))
  }

  /// A `.strings` table of `language` read from `text` (a real document, with edit positions).
  static func stringsTable(_ language: String, _ text: String) -> LocaleTable {
    LocaleTable(
      language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings", format: .strings,
      document: StringsDocument(data: Data(text.utf8), file: "\(language).lproj/Localizable.strings"))
  }

  static var local: LocalizationBundle {
    LocalizationBundle(
      name: "Sample/Local", storage: .directory(URL(fileURLWithPath: "/tmp/Sample/Local")),
      infoPlist: InfoPlist(values: ["CFBundleVersion": "12"]),
      tables: [
        table(
          "en",
          [
            ("welcome.title", "Welcome"), ("button.ok", "OK"), ("greeting", "Hello, %@!"),
            ("files.count##one", "%d file"), ("files.count##other", "%d files"),
            ("settings.title", "Settings"),
          ],
          comments: ["welcome.title": "Title on the first screen. max-length: 20"]),
        table(
          "de",
          [
            ("welcome.title", "Willkommen in der wunderbaren App"), ("button.ok", "OK"),
            ("greeting", "Hallo, %@!"), ("files.count##one", "%d Datei"),
            ("files.count##other", "%d Dateien"), ("settings.title", "Einstellungen"),
          ]),
        table(
          "ja",
          [
            ("welcome.title", "ようこそアプリへ、最高のアプリです"), ("greeting", "こんにちは、%@！"),
            ("files.count##other", "%d 個のファイル"), ("settings.title", "設定"),
          ]),
        table(
          "ru",
          [
            ("welcome.title", "Добро пожаловать"), ("button.ok", "ОК"), ("greeting", "Привет, %@!"),
            ("files.count##one", "%d файл"), ("files.count##few", "%d файла"),
            ("files.count##other", "%d файла"), ("settings.title", "Настройки"),
          ]),
      ],
      developmentLanguage: "en")
  }

  /// `local` with only the tables of `first` read; the others are listed, read by `load`/`read`.
  static func partial(_ first: Set<String>) -> LocalizationBundle {
    let full = local
    return LocalizationBundle(
      name: full.name, storage: full.storage, infoPlist: full.infoPlist,
      tables: full.tables.filter { first.contains($0.language) },
      unread: full.tables.filter { !first.contains($0.language) }, developmentLanguage: full.developmentLanguage)
  }

  static var remote: LocalizationBundle {
    let base = local
    var bundle = LocalizationBundle(
      name: "https://example.com/bundle.zip", storage: .zip(URL(fileURLWithPath: "/tmp/Sample/remote.zip")),
      infoPlist: InfoPlist(values: ["CFBundleVersion": "13"]), tables: base.tables,
      developmentLanguage: base.developmentLanguage, source: .remote(URL(string: "https://example.com/bundle.zip")!))
    try? bundle.apply(
      Edit(
        address: ValueAddress(language: "de", table: "Localizable", key: "settings.title"),
        oldValue: "Einstellungen", newValue: "Optionen"))
    return bundle
  }

  /// CLDR categories for the fixture languages (the real table is wired by the executable).
  static let plurals = PluralGuide { language in
    switch language {
    case "en", "de":
      [PluralCategoryInfo(category: .one, samples: "1"), PluralCategoryInfo(category: .other, samples: "0, 2~16, 100")]
    case "ja": [PluralCategoryInfo(category: .other, samples: "0~15, 100")]
    case "ru":
      [
        PluralCategoryInfo(category: .one, samples: "1, 21, 31"),
        PluralCategoryInfo(category: .few, samples: "2~4, 22~24"),
        PluralCategoryInfo(category: .many, samples: "0, 5~19, 100"),
        PluralCategoryInfo(category: .other, samples: "0.0~1.5"),
      ]
    default: nil
    }
  }

  /// Test checks: missing keys, explicit max-length overruns and plural gaps.
  static let checks = ReviewChecks(
    all: { local, _ in
      var found: [Finding] = []
      for language in local.languages {
        for table in local.tableNames {
          let keys = Set(local.table(language: local.developmentLanguage, name: table)?.entries.map(\.key) ?? [])
          for key in keys.sorted() { found += keyFindings(local, language, table, key) }
        }
      }
      return found
    },
    key: { local, _, language, table, key in keyFindings(local, language, table, key) })

  static func keyFindings(_ bundle: LocalizationBundle, _ language: String, _ table: String, _ key: String) -> [Finding]
  {
    guard language != bundle.developmentLanguage else { return [] }
    let source = bundle.table(language: bundle.developmentLanguage, name: table)?.entries.filter { $0.key == key } ?? []
    let target = bundle.table(language: language, name: table)?.entries.filter { $0.key == key } ?? []
    guard !source.isEmpty else { return [] }
    let base = Finding(
      kind: .missingKey, severity: .error, bundle: bundle.name, language: language, table: table, key: key,
      message: "")
    if target.isEmpty {
      var finding = base
      finding.message = "\(key) is missing in \(language)."
      return [finding]
    }
    var found: [Finding] = []
    if source.contains(where: { $0.plural != nil }) {
      let have = Set(target.compactMap(\.plural))
      for info in plurals.categories(language) ?? [] where !have.contains(info.category) {
        var finding = base
        finding.kind = .pluralGap
        finding.category = info.category
        finding.message = "The \(info.category.rawValue) form (\(info.samples)) is missing."
        found.append(finding)
      }
    } else if let limit = ColumnBudget.limit(comment: source.last?.comment, key: key, options: CheckOptions()),
      let value = target.last?.value,
      DisplayWidth.columns(of: value) > limit
    {
      var finding = base
      finding.kind = .overlong
      finding.message = "The value is \(DisplayWidth.columns(of: value)) columns wide; the limit is \(limit)."
      found.append(finding)
    }
    return found
  }

  /// A state at `width`×`height` with the checks already run.
  static func state(width: Int = 80, height: Int = 24, remote: Bool = false) -> AppState {
    var state = AppState(
      local: local, remote: remote ? self.remote : nil, checks: checks, plurals: plurals, width: width,
      height: height)
    let effects = state.start()
    if case .runChecks(let generation) = effects.first {
      _ = state.update(
        .checksFinished(
          checks.all(state.local, state.remote), remote: state.remote.map { checks.remoteAll($0) } ?? [],
          generation: generation))
    }
    return state
  }
}

extension AppState {
  /// Presses keys in order, returning every effect.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { update(.key($0)) }
  }

  /// Types text one character at a time.
  mutating func type(_ text: String) {
    for character in text { _ = update(.key(.char(character))) }
  }
}

extension AppState {
  /// The `saved` event of really saving `side` (as the loop does, on a copy of its bundle).
  func savedEvent(_ side: Side, overwriting: Bool = false) -> Event {
    var copy = bundle(side)
    do {
      return .saved(side, .success(try copy.save(overwriting: overwriting)))
    } catch let error as GlossaError {
      return .saved(side, .failure(error))
    } catch {
      return .saved(side, .failure(.invalid("\(error)")))
    }
  }
}

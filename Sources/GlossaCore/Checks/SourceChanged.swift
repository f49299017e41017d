import Foundation

/// `source-changed`: a development-language value changed since an earlier revision of the
/// bundle while a translation of it did not (and, in a String Catalog, is still `translated`):
/// the translation may say what the old text said. Only with `glossa lint --since REV`, which
/// reads the bundle at `REV` and hands it to this check.
///
/// Values are compared per key and device variation; a plural family counts as one value
/// (any form of the source changed, no form of the translation changed). A key new since the
/// revision, or a translation added or changed since, is never reported. Info: the translation
/// may still be right (a typo fixed in the source). Reported once per language, with the old
/// and new source text.
public struct SourceChanged: Check {
  public var kind: FindingKind { .sourceChanged }
  public var inspectsKeys: Bool { false }

  /// The revision as the user named it (`HEAD~1`), for messages.
  public var revision: String
  /// The bundle at the revision.
  public var previous: LocalizationBundle
  /// The revision's source-language values, by table.
  private let previousSource: [String: [Unit: Value]]
  /// The source language's values now, read by the first language that needs a table.
  private let currentSource = SourceValues()

  /// The check against `previous`, the bundle as `revision` held it.
  /// - Throws: `GlossaError` when the earlier source language's tables cannot be read.
  public init(previous: LocalizationBundle, revision: String) throws {
    self.previous = previous
    self.revision = revision
    let source = Checker.sourceLanguage(of: previous)
    previousSource = Self.values(try previous.tables(language: source, keepsComments: false))
  }

  /// One value of a key: its plain value (or a device's), or its plural family (a device's).
  struct Unit: Hashable, Sendable {
    var key: String
    var device: String?
    var isPlural: Bool
  }

  /// A unit's text: the plain value, or every form by variable and category; with the lowest
  /// translation state of its entries (nil outside String Catalogs) and where it is.
  struct Value: Sendable {
    var forms: [String: String]
    var translated: Bool
    var file: String
    var line: Int
    var comment: String?
  }

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language != language.sourceLanguage, language.language != "Base" else { return }
    // The earlier translation, read for this language only and dropped after.
    guard let earlierTables = try? previous.tables(language: language.language, keepsComments: false) else { return }
    let earlier = Self.values(earlierTables)
    for name in language.tables.keys.sorted() {
      guard let table = language.tables[name], let sourceTable = language.sourceTables[name],
        let oldSource = previousSource[name], let oldTranslation = earlier[name]
      else { continue }
      let source = currentSource.values(of: sourceTable)
      let translation = Self.values(table.files)[name] ?? [:]
      for (unit, now) in translation.sorted(by: { ($0.value.file, $0.value.line) < ($1.value.file, $1.value.line) }) {
        guard now.translated, let before = oldTranslation[unit], before.forms == now.forms,
          let sourceNow = source[unit], let sourceBefore = oldSource[unit], sourceNow.forms != sourceBefore.forms
        else { continue }
        if Suppression.kinds(in: sourceNow.comment).contains(.sourceChanged) { continue }
        emit(finding(unit, now: now, sourceBefore: sourceBefore, sourceNow: sourceNow, language: language, table: name))
      }
    }
  }

  private func finding(
    _ unit: Unit, now: Value, sourceBefore: Value, sourceNow: Value, language: LanguageSubject, table: String
  ) -> Finding {
    // The form shown: a plain value's only one; a family's first changed form, `other` first.
    let names = Set(sourceBefore.forms.keys).union(sourceNow.forms.keys).sorted {
      ($0.hasSuffix("/other") ? 0 : 1, $0) < ($1.hasSuffix("/other") ? 0 : 1, $1)
    }
    let changed = names.first { sourceBefore.forms[$0] != sourceNow.forms[$0] } ?? ""
    let old = sourceBefore.forms[changed].map { quoted($0) } ?? "no text"
    let new = sourceNow.forms[changed].map { quoted($0) } ?? "no text"
    let form = unit.isPlural ? "'s \(changed.split(separator: "/").last.map(String.init) ?? "") form" : ""
    let what = unit.isPlural ? "the translation's forms did not change" : "the translation did not change"
    let category =
      unit.isPlural ? changed.split(separator: "/").last.flatMap { PluralCategory(rawValue: String($0)) } : nil
    return Finding(
      kind: .sourceChanged, severity: .info, bundle: language.bundleName, language: language.language,
      table: table, key: unit.key, category: category, file: now.file, line: now.line,
      message:
        "The source\(form) changed since \(UntrustedText.shown(revision)) from \(old) to \(new); \(what) and may be stale.",
      device: unit.device)
  }

  /// Every unit of `tables`, by table name (the last entry of a key wins, as Apple's lookup).
  static func values(_ tables: [LocaleTable]) -> [String: [Unit: Value]] {
    var result: [String: [Unit: Value]] = [:]
    for file in tables {
      var units = result[file.name] ?? [:]
      for entry in file.entries {
        let unit = Unit(key: entry.key, device: entry.device, isPlural: entry.plural != nil)
        let form = entry.plural.map { "\(entry.variable ?? "")/\($0.rawValue)" } ?? ""
        let translated = entry.state == nil || entry.state == .translated
        if var value = units[unit] {
          value.forms[form] = entry.value
          value.translated = value.translated && translated
          units[unit] = value
        } else {
          units[unit] = Value(
            forms: [form: entry.value], translated: translated, file: file.path, line: entry.line,
            comment: entry.comment)
        }
      }
      result[file.name] = units
    }
    return result
  }
}

/// The source language's units now, per table, made once for every language's check (they run
/// in parallel) and made again when a table's revisions differ (a review's edit).
private final class SourceValues: @unchecked Sendable {
  private let lock = NSLock()
  private var tables: [String: (revisions: [Revision], units: [SourceChanged.Unit: SourceChanged.Value])] = [:]

  func values(of table: TableIndex) -> [SourceChanged.Unit: SourceChanged.Value] {
    let revisions = table.files.map(\.revision)
    lock.lock()
    let known = tables[table.name]
    lock.unlock()
    if let known, known.revisions == revisions { return known.units }
    let units = SourceChanged.values(table.files)[table.name] ?? [:]
    lock.lock()
    tables[table.name] = (revisions, units)
    lock.unlock()
    return units
  }
}

import Foundation

/// `unlocalized-permission`: the app's `Info.plist` asks for a permission
/// (`NSCameraUsageDescription`, any `…UsageDescription` key) whose text a language's `InfoPlist`
/// table (`InfoPlist.strings`, or `InfoPlist.xcstrings`) lacks, or the language has no
/// `InfoPlist` table while it has others: users of that language see the development language's
/// text in the system's permission prompt. Warning.
///
/// A key the development language's own `InfoPlist` table has is `missing-key`'s, not this
/// kind's; regional variants of the development language (`en-GB`), `Base` and pseudo-locales
/// are not judged. With several `InfoPlist` tables (an app and its extensions), a language has
/// the text when any of them does.
public struct UnlocalizedPermission: Check {
  public var kind: FindingKind { .unlocalizedPermission }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard let permissions = language.permissions, !permissions.entries.isEmpty,
      language.language != language.sourceLanguage, language.language != "Base", !language.tables.isEmpty,
      !Untranslated.sameBaseLanguage(language.language, language.sourceLanguage)
    else { return }
    if LanguageCode.isPseudo(language.language) { return }
    let own = Self.infoPlistTables(language.tables)
    let source = Self.infoPlistTables(language.sourceTables)
    let file =
      own.first?.path
      ?? source.first.map { BundleLayout.path($0.path, language: language.language) }
      ?? Self.expectedPath(language)
    for (key, text) in permissions.entries {
      if source.contains(where: { $0.record(for: key) != nil }) { continue }
      let localized = own.contains { table in
        table.record(for: key)?.value.map { $0.contains(where: { !$0.isWhitespace }) } ?? false
      }
      if localized { continue }
      let lack =
        own.isEmpty
        ? "\(language.language) has no InfoPlist table" : "the \(language.language) InfoPlist table has no text for it"
      emit(
        Finding(
          kind: .unlocalizedPermission, severity: .warning, bundle: language.bundleName,
          language: language.language, table: own.first?.name ?? source.first?.name ?? "InfoPlist", key: key,
          file: file,
          message:
            "\(permissions.file) asks for this permission but \(lack): \(language.language) users see the \(language.sourceLanguage) prompt \(quoted(text))."
        ))
    }
  }

  /// The `InfoPlist` tables among `tables` (`InfoPlist`, or `Folder/InfoPlist` in a bundle of
  /// several targets), in name order.
  static func infoPlistTables(_ tables: [String: TableIndex]) -> [TableIndex] {
    tables.keys.sorted().filter { $0 == "InfoPlist" || $0.hasSuffix("/InfoPlist") }.compactMap { tables[$0] }
  }

  /// Where the language's `InfoPlist.strings` would be: beside its first `.lproj` table.
  private static func expectedPath(_ language: LanguageSubject) -> String {
    for name in language.tables.keys.sorted() {
      guard let path = language.tables[name]?.path, let slash = path.lastIndex(of: "/") else { continue }
      let folder = path[..<slash]
      if folder.hasSuffix(".lproj") { return folder + "/InfoPlist.strings" }
    }
    return "\(language.language).lproj/InfoPlist.strings"
  }
}

/// The permissions an app's `Info.plist` asks for: each `…UsageDescription` key with its
/// development-language text, and the file named in findings.
struct AppPermissions: Sendable {
  /// The plist as findings name it.
  var file: String
  /// Key and text, in key order.
  var entries: [(key: String, text: String)]

  init(file: String, plist: InfoPlist) {
    self.file = file
    entries = plist.values.filter { $0.key.hasSuffix("UsageDescription") }.sorted { $0.key < $1.key }
      .map { (key: $0.key, text: $0.value) }
  }

  /// The config's `info-plist:` file when it names one, else the bundle's own `Info.plist`;
  /// nil when there is neither.
  /// - Throws: `GlossaError.readFailed` when the config's file cannot be read or is not a property list.
  static func read(bundle: LocalizationBundle, options: CheckOptions) throws -> AppPermissions? {
    guard let path = options.infoPlistPath else {
      return bundle.infoPlist.map { AppPermissions(file: bundle.infoPlistPath ?? "Info.plist", plist: $0) }
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlossaError.readFailed(path, reason: "the Info.plist named by info-plist in the config")
    }
    let (plist, problems) = InfoPlist.parse(data, file: path)
    guard let plist else {
      throw GlossaError.readFailed(
        path, reason: "\(problems.first?.message ?? "not a property list"); info-plist in the config names it")
    }
    return AppPermissions(file: (path as NSString).lastPathComponent, plist: plist)
  }
}

/// One key of one language's table, with its development-language counterpart: what a
/// per-key check looks at.
public struct KeySubject: Sendable {
  /// The key (or plural family key).
  public var key: String
  public var language: String
  /// The table name (`Localizable`).
  public var table: String
  /// True when `language` is the language translations are compared against.
  public var isSource: Bool
  /// The key in the source language's table of the same name; nil when absent.
  public var source: KeyRecord?
  /// The key in this language's table; for the source language, the same as `source`.
  public var translation: KeyRecord?
  /// The key in the `--against` bundle's table, when comparing with one.
  public var remote: KeyRecord?
  /// The source language's table, if it has one of this name.
  public var sourceTable: TableIndex?
  /// This language's table, if it has one.
  public var translationTable: TableIndex?
  /// The `--against` bundle's table of this language and name, if it has one.
  public var remoteTable: TableIndex?
  /// True when a second bundle is being compared.
  public var hasRemote: Bool
  /// Every table of this language, for resolving `{key.path}` references across tables.
  public var languageTables: [TableIndex]
  public var options: CheckOptions
  /// The bundle as the user named it.
  public var bundleName: String

  /// The file findings about this key point at: this language's file, or where it would be.
  public var file: String {
    translation?.file ?? expectedPath
  }

  /// The source's file for this key with this language's `.lproj` folder.
  private var expectedPath: String {
    guard let sourcePath = source?.file ?? sourceTable?.path else {
      return translationTable?.path ?? "\(language).lproj/\(table)"
    }
    return BundleLayout.path(sourcePath, language: language)
  }

  /// A finding about this key.
  public func finding(
    _ kind: FindingKind, _ severity: Severity, category: PluralCategory? = nil, line: Int? = nil,
    file: String? = nil, _ message: String
  ) -> Finding {
    Finding(
      kind: kind, severity: severity, bundle: bundleName, language: language, table: table,
      key: key, category: category, file: file ?? self.file, line: line, message: message)
  }
}

/// Quotes a value for a message, shortened when long.
func quoted(_ value: String, limit: Int = 60) -> String {
  let escaped = value.replacingOccurrences(of: "\n", with: "\\n")
    .replacingOccurrences(of: "\t", with: "\\t")
  let clipped = DisplayWidth.truncated(escaped, toColumns: limit, ellipsis: "…")
  return "“\(clipped)”"
}

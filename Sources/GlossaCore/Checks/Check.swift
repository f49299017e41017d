/// One review check: it reports findings of one kind.
///
/// A check looks at one key at a time (`check(_:emit:)` with a `KeySubject`), at one language's
/// tables as a whole (with a `LanguageSubject`), at the bundle as a whole (with a
/// `CheckContext`), or any of these; an unused hook has a default that reports nothing. Checks
/// are values and never print.
public protocol Check: Sendable {
  /// The kind of finding this check reports.
  var kind: FindingKind { get }
  /// Findings about one key of one language's table.
  func check(_ subject: KeySubject, emit: (Finding) -> Void)
  /// Findings about one language's tables as a whole (a table it lacks, a file's problems).
  func check(_ language: LanguageSubject, emit: (Finding) -> Void)
  /// Findings about the bundle as a whole (`Info.plist`, unreadable files).
  func check(_ context: CheckContext, emit: (Finding) -> Void)
  /// False when `check(_: KeySubject, …)` never reports anything: the per-key loop (millions of
  /// calls on a large bundle) then leaves the check out.
  var inspectsKeys: Bool { get }
  /// The shapes of keys `check(_: KeySubject, …)` can report anything about: the checker calls
  /// it only for a key whose `KeyShape` has one of these. Every way the check can report must
  /// need one of them.
  var keyTriggers: KeyShape { get }
}

extension Check {
  /// Reports nothing.
  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {}
  /// Reports nothing.
  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {}
  /// Reports nothing.
  public func check(_ context: CheckContext, emit: (Finding) -> Void) {}
  /// True: a check is assumed to look at keys unless it says otherwise.
  public var inspectsKeys: Bool { true }
  /// Every key (`.any`).
  public var keyTriggers: KeyShape { .any }
}

/// The bundle (and optional second bundle) being checked, for bundle-wide checks.
///
/// When `glossa lint` streams a bundle language by language, `bundle.tables` is empty here:
/// findings about tables belong in the per-language hook, which sees them.
public struct CheckContext: Sendable {
  public var bundle: LocalizationBundle
  /// The `--against` bundle, if any.
  public var remote: LocalizationBundle?
  public var options: CheckOptions
}

/// One language's tables, indexed, with the source language's and (with `--against`) the other
/// bundle's tables of the same language: what a per-language check looks at.
public struct LanguageSubject: Sendable {
  public var language: String
  /// The language translations are compared against.
  public var sourceLanguage: String
  /// This language's tables by name (empty when only the other bundle has the language).
  public var tables: [String: TableIndex]
  /// The source language's tables by name.
  public var sourceTables: [String: TableIndex]
  /// The `--against` bundle's tables of this language by name; nil without `--against`.
  public var remoteTables: [String: TableIndex]?
  public var options: CheckOptions
  /// The bundle as the user named it.
  public var bundleName: String
  /// The source texts two keys or more share, when `inconsistent-translation` runs.
  var sourceTextGroups: SourceTextGroups?
  /// The permissions the app's `Info.plist` asks for, when `unlocalized-permission` runs and
  /// there is one.
  var permissions: AppPermissions?
}

/// One review check: it reports findings of one kind.
///
/// A check looks at one key at a time (`check(_:emit:)` with a `KeySubject`), at the bundle as a
/// whole (`check(_:emit:)` with a `CheckContext`), or both; the unused hook has a default that
/// reports nothing. Checks are values and never print.
public protocol Check: Sendable {
  /// The kind of finding this check reports.
  var kind: FindingKind { get }
  /// Findings about one key of one language's table.
  func check(_ subject: KeySubject, emit: (Finding) -> Void)
  /// Findings about the bundle as a whole (files, `Info.plist`).
  func check(_ context: CheckContext, emit: (Finding) -> Void)
}

extension Check {
  /// Reports nothing.
  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {}
  /// Reports nothing.
  public func check(_ context: CheckContext, emit: (Finding) -> Void) {}
}

/// The bundle (and optional second bundle) being checked, for bundle-wide checks.
public struct CheckContext: Sendable {
  public var bundle: LocalizationBundle
  /// The `--against` bundle, if any.
  public var remote: LocalizationBundle?
  public var options: CheckOptions
}

/// `parse-error`: a file's syntax (or a `.stringsdict`'s structure) is broken. Error; the rest of
/// the file and of the bundle is still checked.
public struct ParseError: Check {
  public var kind: FindingKind { .parseError }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    DiagnosticFindings.findings(
      [.parseError, .pluralStructure], as: .parseError, severity: .error, in: language
    ).forEach(emit)
  }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    DiagnosticFindings.findings(
      [.parseError, .pluralStructure], as: .parseError, severity: .error, in: context
    ).forEach(emit)
  }
}

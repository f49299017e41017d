/// `encoding-error`: a file's bytes are not valid text (no BOM and not valid UTF-8). Error: the
/// app cannot read the table at all.
public struct EncodingError: Check {
  public var kind: FindingKind { .encodingError }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    DiagnosticFindings.findings([.encodingError], as: .encodingError, severity: .error, in: language)
      .forEach(emit)
  }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    DiagnosticFindings.findings([.encodingError], as: .encodingError, severity: .error, in: context)
      .forEach(emit)
  }
}

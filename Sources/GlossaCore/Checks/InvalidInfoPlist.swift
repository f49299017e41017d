/// `invalid-info-plist`: the bundle's `Info.plist` is missing, unreadable or fails validation
/// (one finding per problem). Error: the app rejects a remote bundle without a valid one.
public struct InvalidInfoPlist: Check {
  public var kind: FindingKind { .invalidInfoPlist }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    let found = DiagnosticFindings.findings(
      [.invalidInfoPlist], as: .invalidInfoPlist, severity: .error, in: context)
    found.forEach(emit)
    if found.isEmpty, context.bundle.infoPlistPath == nil, case .zip = context.bundle.storage {
      emit(
        Finding(
          kind: .invalidInfoPlist, severity: .error, bundle: context.bundle.name,
          file: "Resources/Info.plist",
          message: "The archive has no Resources/Info.plist; a remote bundle needs one."))
    }
  }
}

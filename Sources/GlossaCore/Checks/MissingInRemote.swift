/// `missing-in-remote`: with `--against`, a key the local bundle's language has but the other
/// bundle's does not. Warning: the deployed bundle is behind.
public struct MissingInRemote: Check {
  public var kind: FindingKind { .missingInRemote }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.hasRemote, let local = subject.translation, subject.remote == nil else { return }
    emit(
      subject.finding(
        .missingInRemote, .warning, line: local.line,
        "Key “\(subject.key)” is in the local \(subject.language) table but not in the remote bundle."))
  }
}

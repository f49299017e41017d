/// `only-in-remote`: with `--against`, a key the other bundle's language has but the local one
/// does not. Info: usually a key removed locally and not yet from the deployed bundle.
public struct OnlyInRemote: Check {
  public var kind: FindingKind { .onlyInRemote }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.hasRemote, let remote = subject.remote, subject.translation == nil else { return }
    emit(
      subject.finding(
        .onlyInRemote, .info, line: nil,
        "Key “\(subject.key)” is in the remote \(subject.language) table (\(remote.file):\(remote.line)) "
          + "but not in the local bundle."))
  }
}

/// `only-in-remote`: with `--against`, a key the other bundle's language has but the local one
/// does not (one finding per key, or one per table only the remote has). Info: usually a key
/// removed locally and not yet from the deployed bundle.
public struct OnlyInRemote: Check {
  public var kind: FindingKind { .onlyInRemote }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.hasRemote, subject.translationTable != nil, let remote = subject.remote,
      subject.translation == nil
    else { return }
    emit(
      subject.finding(
        .onlyInRemote, .info, line: nil,
        "Key “\(subject.key)” is in the remote \(subject.language) table (\(remote.file):\(remote.line)) "
          + "but not in the local bundle."))
  }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    guard let remote = context.remote else { return }
    for (language, name, path, count) in RemoteTables.absent(from: context.bundle, in: remote) {
      emit(
        Finding(
          kind: .onlyInRemote, severity: .info, bundle: context.bundle.name, language: language,
          table: name, file: path,
          message: "Only the remote bundle has a \(language) \(name) table (\(count) keys)."))
    }
  }
}

/// `missing-in-remote`: with `--against`, a key the local bundle's language has but the other
/// bundle's does not (one finding per key, or one per table the remote lacks entirely).
/// Warning: the deployed bundle is behind.
public struct MissingInRemote: Check {
  public var kind: FindingKind { .missingInRemote }
  public var keyTriggers: KeyShape { .notInRemote }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.hasRemote, subject.remoteTable != nil, case .some = subject.translation,
      subject.remote == nil
    else { return }
    let location = subject.location
    emit(
      subject.finding(
        .missingInRemote, .warning, line: location.line, file: location.file,
        "Key “\(subject.key)” is in the local \(subject.language) table but not in the remote bundle."))
  }

  public func check(_ subject: LanguageSubject, emit: (Finding) -> Void) {
    guard let remote = subject.remoteTables else { return }
    for (name, path, count) in RemoteTables.absent(from: remote, in: subject.tables) {
      let language = subject.language
      emit(
        Finding(
          kind: .missingInRemote, severity: .warning, bundle: subject.bundleName,
          language: language, table: name, file: path,
          message: "The remote bundle has no \(language) \(name) table: its \(count) local keys are not deployed."))
    }
  }
}

/// `only-in-remote`: with `--against`, a key the other bundle's language has but the local one
/// does not (one finding per key, or one per table only the remote has). Info: usually a key
/// removed locally and not yet from the deployed bundle.
public struct OnlyInRemote: Check {
  public var kind: FindingKind { .onlyInRemote }
  public var keyTriggers: KeyShape { .noTranslation }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.hasRemote, subject.translationTable != nil, let remote = subject.remote,
      subject.translation == nil
    else { return }
    let place = remote.location
    emit(
      subject.finding(
        .onlyInRemote, .info, line: nil,
        "Key “\(subject.key)” is in the remote \(subject.language) table (\(place.file):\(place.line)) "
          + "but not in the local bundle."))
  }

  public func check(_ subject: LanguageSubject, emit: (Finding) -> Void) {
    guard let remote = subject.remoteTables else { return }
    for (name, path, count) in RemoteTables.absent(from: subject.tables, in: remote) {
      let language = subject.language
      emit(
        Finding(
          kind: .onlyInRemote, severity: .info, bundle: subject.bundleName, language: language,
          table: name, file: path,
          message: "Only the remote bundle has a \(language) \(name) table (\(count) keys)."))
    }
  }
}

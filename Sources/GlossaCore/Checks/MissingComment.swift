/// `missing-comment`: a development-language entry of a `.strings` file or String Catalog with no
/// comment for translators, who then guess what “Open” or “Share” means. Info.
///
/// Opt-in (`FindingKind.isOptIn`): `glossa lint` reports it only with `enable: [missing-comment]`
/// in the config or `--enable missing-comment`; the review always shows it. `Base` tables
/// (storyboard strings, whose comments `ibtool` writes) and formats without comments (JSON
/// tables, `.stringsdict`) are not looked at.
public struct MissingComment: Check {
  public var kind: FindingKind { .missingComment }
  public var keyTriggers: KeyShape { .sourceSide }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.isSource, subject.language != "Base", let record = subject.translation,
      let entry = record.entry ?? record.devices.first
    else { return }
    let file = record.file
    guard file.hasSuffix(".strings") || file.hasSuffix(".xcstrings") else { return }
    if let comment = entry.comment, comment.contains(where: { !$0.isWhitespace }) { return }
    if record.devices.contains(where: { $0.comment?.contains(where: { !$0.isWhitespace }) == true }) { return }
    emit(
      subject.finding(
        .missingComment, .info, line: entry.line,
        "The entry has no comment for translators; say where the text appears and what it means."))
  }
}

/// `inconsistent-translation`: one development-language text (ignoring case and end
/// punctuation) is translated in different ways within one language, across keys and tables.
/// Reported once per text and language, at its first translated key, with every rendering and
/// the keys that use it. Info: two screens name one thing differently — or the source text means
/// two things (“Open” the verb and the adjective), which a comment for translators settles.
///
/// Renderings that differ only in case or end punctuation are one rendering; untranslated
/// values (equal to the source), empty ones, plural families and pseudo-locales are left out.
/// `glossa-ignore: inconsistent-translation` in a key's source comment leaves that key out.
public struct InconsistentTranslation: Check {
  public var kind: FindingKind { .inconsistentTranslation }
  public var inspectsKeys: Bool { false }
  public init() {}

  /// At most this many keys are named per rendering; the rest are counted.
  static let keysShown = 4

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language != language.sourceLanguage, language.language != "Base",
      let groups = language.sourceTextGroups, !language.tables.isEmpty
    else { return }
    let subtags = language.language.uppercased().split(separator: "-")
    if subtags.contains("XA") || subtags.contains("XB") { return }
    for group in groups.groups {
      // Each rendering (by its normalized text) with the keys that use it, in key order.
      var renderings: [(normalized: String, text: String, members: [SourceTextGroups.Member])] = []
      var first: (member: SourceTextGroups.Member, record: KeyRecord)?
      for member in group.members {
        guard let table = language.tables[member.table], let record = table.record(for: member.key),
          !record.hasFamilies, let value = record.value,
          let sourceValue = language.sourceTables[member.table]?.record(for: member.key)?.value,
          value != sourceValue, let normalized = SourceTextGroups.normalized(value)
        else { continue }
        if first == nil { first = (member, record) }
        if let index = renderings.firstIndex(where: { $0.normalized == normalized }) {
          renderings[index].members.append(member)
        } else {
          renderings.append((normalized, value, [member]))
        }
      }
      guard renderings.count > 1, let first else { continue }
      let listed = renderings.map { rendering in
        let names = rendering.members.prefix(Self.keysShown).map { member in
          member.table == first.member.table ? member.key : "\(member.table): \(member.key)"
        }
        let more = rendering.members.count - names.count
        return quoted(rendering.text, limit: 40) + " (" + names.joined(separator: ", ")
          + (more > 0 ? " and \(more) more" : "") + ")"
      }
      let location = first.record.location
      emit(
        Finding(
          kind: .inconsistentTranslation, severity: .info, bundle: language.bundleName, language: language.language,
          table: first.member.table, key: first.member.key, file: location.file, line: location.line,
          message:
            "The source text \(quoted(group.text, limit: 40)) is translated \(renderings.count) ways in \(language.language): "
            + listed.joined(separator: "; ") + "."))
    }
  }
}

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

  /// `quoted(text, limit: 40)`, without measuring a text that surely fits: no control
  /// character, and at most 40 columns by `Overlong.columnBound`, which bounds its width.
  static func quotedShort(_ text: String) -> String {
    var copy = text
    let fits = copy.withUTF8 { !hasControl($0) && Overlong.columnBound($0) <= 40 }
    return fits ? "“" + text + "”" : quoted(text, limit: 40)
  }

  /// True when `bytes` (well-formed UTF-8) hold a control character, U+0000–001F or
  /// U+007F–009F (`C2 80`–`C2 9F`): read as bytes, not scalars.
  static func hasControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && i + 1 < bytes.count && bytes[i + 1] < 0xA0) { return true }
      i += 1
    }
    return false
  }

  /// At most this many keys are named per rendering; the rest are counted.
  static let keysShown = 4

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language != language.sourceLanguage, language.language != "Base",
      let groups = language.sourceTextGroups, !language.tables.isEmpty
    else { return }
    let subtags = language.language.uppercased().split(separator: "-")
    if subtags.contains("XA") || subtags.contains("XB") { return }
    GroupMemberValues.reading(groups, tables: language.tables, sourceTables: language.sourceTables) { values in
      groups.places.withUnsafeBufferPointer { places in
        groups.sourceValues.withUnsafeBufferPointer { sourceValues in
          var renderings = Renderings()
          for group in groups.groups {
            renderings.reset()
            check(group, places: places, values: values, sourceValues: sourceValues, into: &renderings)
            guard renderings.count > 1, let first = renderings.firstMember else { continue }
            let firstMember = group.members[first]
            guard let record = values.record(of: groups.places[group.firstPlace + first], key: firstMember.keyText)
            else { continue }
            let listed = renderings.listed().map { rendering in
              let names = rendering.members.prefix(Self.keysShown).map { position in
                let member = group.members[position]
                return member.tableNumber == firstMember.tableNumber
                  ? member.key : "\(groups.tableNames[member.tableNumber]): \(member.key)"
              }
              let more = rendering.members.count - names.count
              return Self.quotedShort(rendering.text) + " (" + names.joined(separator: ", ")
                + (more > 0 ? " and \(more) more" : "") + ")"
            }
            let location = record.location
            emit(
              Finding(
                kind: .inconsistentTranslation, severity: .info, bundle: language.bundleName,
                language: language.language, table: groups.tableNames[firstMember.tableNumber], key: firstMember.key,
                file: location.file, line: location.line,
                message:
                  "The source text \(Self.quotedShort(group.text)) is translated \(renderings.count) ways in \(language.language): "
                  + listed.joined(separator: "; ") + "."))
          }
        }
      }
    }
  }

  /// Places each member of `group` that this language translates among `renderings`.
  private func check(
    _ group: SourceTextGroups.Group, places: UnsafeBufferPointer<SourceTextGroups.MemberPlace>,
    values: GroupMemberValues,
    sourceValues: UnsafeBufferPointer<UInt8>, into renderings: inout Renderings
  ) {
    for position in group.members.indices {
      let place = places[group.firstPlace + position]
      let source = UnsafeBufferPointer(rebasing: sourceValues[place.valueStart..<(place.valueStart + place.valueCount)])
      switch values.value(of: place) {
      case .none: continue
      case .entry(let entry):
        _ = Entry.withValue(at: entry) { renderings.place(member: position, value: $0, source: source) }
      case .byKey(let table):
        guard let record = table.record(for: group.members[position].keyText), !record.hasFamilies,
          let text = record.valueText
        else { continue }
        _ = text.withUTF8 { renderings.place(member: position, value: $0, source: source) }
      }
    }
  }
}

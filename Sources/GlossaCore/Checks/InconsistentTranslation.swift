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
    if LanguageCode.isPseudo(language.language) { return }
    GroupMemberValues.reading(groups, tables: language.tables, sourceTables: language.sourceTables) { values in
      groups.places.withUnsafeBufferPointer { places in
        groups.sourceValues.withUnsafeBufferPointer { sourceValues in
          let texts = MemberTexts(values: values, places: places, sourceValues: sourceValues)
          texts.withBytes { bytes in
            var renderings = Renderings()
            for (number, span) in groups.spans.enumerated() {
              renderings.reset()
              for position in 0..<Int(span.count) {
                let member = Int(span.first) + position
                switch texts.text(of: member) {
                case .none: continue
                case .value(let range):
                  renderings.place(member: position, value: UnsafeBufferPointer(rebasing: bytes[range]))
                case .byKey:
                  let place = places[Int(groups.placeOfMember[member])]
                  guard case .byKey(let table) = values.value(of: place),
                    let record = table.record(for: groups.groups[number].members[position].keyText),
                    !record.hasFamilies, let text = record.valueText
                  else { continue }
                  let source = SourceTextGroups.sourceValue(of: place, in: sourceValues)
                  text.withUTF8 {
                    if Renderings.mayBeRendering($0, source: source) { renderings.place(member: position, value: $0) }
                  }
                }
              }
              guard renderings.count > 1 else { continue }
              report(groups.groups[number], renderings, groups: groups, values: values, language: language, emit: emit)
            }
          }
        }
      }
    }
  }

  /// Reports `group`, which `renderings` found translated more than one way in `language`.
  private func report(
    _ group: SourceTextGroups.Group, _ renderings: Renderings, groups: SourceTextGroups, values: GroupMemberValues,
    language: LanguageSubject, emit: (Finding) -> Void
  ) {
    guard let first = renderings.firstMember else { return }
    let firstMember = group.members[first]
    let place = groups.places[Int(groups.placeOfMember[group.firstMember + first])]
    guard let record = values.record(of: place, key: firstMember.keyText) else { return }
    // One string, appended to in place: a finding per group and language.
    var message = "The source text "
    message.reserveCapacity(320)
    message += group.quotedText
    message += " is translated \(renderings.count) ways in \(language.language): "
    for (index, rendering) in renderings.listed().enumerated() {
      if index > 0 { message += "; " }
      message += Self.quotedShort(rendering.text)
      message += " ("
      for (count, position) in rendering.members.prefix(Self.keysShown).enumerated() {
        let member = group.members[position]
        if count > 0 { message += ", " }
        if member.tableNumber != firstMember.tableNumber {
          message += groups.tableNames[member.tableNumber]
          message += ": "
        }
        message += member.key
      }
      let more = rendering.members.count - Self.keysShown
      if more > 0 { message += " and \(more) more" }
      message += ")"
    }
    message += "."
    let location = record.location
    emit(
      Finding(
        kind: .inconsistentTranslation, severity: .info, bundle: language.bundleName,
        language: language.language, table: groups.tableNames[firstMember.tableNumber], key: firstMember.key,
        file: location.file, line: location.line, message: message))
  }
}

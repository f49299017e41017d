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

  /// `quoted(text, limit: 40)`, without measuring a text short enough to fit (at most 20
  /// scalars, none a control character: at most 40 columns).
  private static func quotedShort(_ text: String) -> String {
    var count = 0
    for scalar in text.unicodeScalars {
      count += 1
      if count > 20 || scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
        return quoted(text, limit: 40)
      }
    }
    return "“" + text + "”"
  }

  /// Each slot of `source` as a slot of `table` (-1 where `table` lacks the key), when `table`
  /// was indexed like `source` and found its keys there; nil otherwise.
  private static func slots(of table: TableIndex, _ source: TableIndex?) -> [Int32]? {
    guard let source, let translationToSource = table.sourceSlots(in: source) else { return nil }
    var result = [Int32](repeating: -1, count: source.keyCount)
    for (slot, sourceSlot) in translationToSource.enumerated() where sourceSlot >= 0 && Int(sourceSlot) < result.count {
      result[Int(sourceSlot)] = Int32(slot)
    }
    return result
  }

  /// True when `a` holds `b`'s bytes.
  private static func equal(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { EntryText.compare($0, b) == true }
  }

  /// False for ASCII text without a letter (`%@`, `-`, `42`): never a rendering. Other text is
  /// taken to have one (its letters are checked when a second rendering is compared with it).
  private static func mayHaveLetter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.contains { $0 >= 0x80 || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
  }

  /// One way a group's text is translated.
  private struct Rendering {
    /// The first value's bytes.
    var raw: [UInt8]
    /// `raw` normalized (`SourceTextGroups.normalized`), once a second rendering needs it.
    var normalized: [UInt8]? = nil
    /// The members that use it, by position in the group.
    var members: [Int] = []
  }

  /// FNV-1a of `bytes`: the key a rendering's bytes are found by (and then compared).
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// At most this many keys are named per rendering; the rest are counted.
  static let keysShown = 4

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language != language.sourceLanguage, language.language != "Base",
      let groups = language.sourceTextGroups, !language.tables.isEmpty
    else { return }
    let subtags = language.language.uppercased().split(separator: "-")
    if subtags.contains("XA") || subtags.contains("XB") { return }
    // Each table by its number, with each source slot's slot in it when it was indexed like the
    // source (then no key is hashed): made when a member first needs it.
    var tables = [(index: TableIndex?, slots: [Int32]?)?](repeating: nil, count: groups.tableNames.count)
    for group in groups.groups {
      // Each rendering (its first value's bytes, and its normalized bytes once a second
      // rendering needs them) with the members that use it (their positions in the group), in
      // key order. Values are compared as bytes, found by their hash: most are equal to one
      // seen before, and a group with one rendering folds nothing.
      var renderings: [Rendering] = []
      var byHash: [UInt64: Int] = [:]
      var byNormalized: [UInt64: Int] = [:]
      var first: (member: Int, record: KeyRecord)?
      for position in group.members.indices {
        let slot = group.members[position].slot
        let number = group.members[position].tableNumber
        if tables[number] == nil {
          let name = groups.tableNames[number]
          let table = language.tables[name]
          tables[number] = (table, table.flatMap { Self.slots(of: $0, language.sourceTables[name]) })
        }
        guard let (index, slots) = tables[number], let table = index else { continue }
        let found: KeyRecord?
        if let slots {
          found = slot < slots.count && slots[slot] >= 0 ? table.record(at: Int(slots[slot])) : nil
        } else {
          found = table.record(for: group.members[position].keyText)
        }
        guard let record = found, !record.hasFamilies, let text = record.valueText else { continue }
        let placed: Int? = text.withUTF8 { bytes in
          // Untranslated (the source's bytes) or empty: left out.
          if bytes.isEmpty { return nil }
          let source = group.members[position].value
          let same = source.withUTF8 { EntryText.compare(bytes, $0) }
          if same ?? (String(decoding: bytes, as: UTF8.self) == source.string) { return nil }
          let hash = Self.hash(bytes)
          if let index = byHash[hash], Self.equal(renderings[index].raw, bytes) { return index }
          if renderings.isEmpty {
            guard Self.mayHaveLetter(bytes) else { return nil }
            renderings.append(Rendering(raw: Array(bytes)))
            byHash[hash] = 0
            return 0
          }
          // A second rendering: it and every earlier one are compared normalized from now on.
          guard let normalized = SourceTextGroups.normalized(bytes) else { return nil }
          for index in renderings.indices where renderings[index].normalized == nil {
            let earlier = renderings[index].raw.withUnsafeBufferPointer(SourceTextGroups.normalized) ?? []
            renderings[index].normalized = earlier
            let key = earlier.withUnsafeBufferPointer(Self.hash)
            if byNormalized[key] == nil { byNormalized[key] = index }
          }
          let key = normalized.withUnsafeBufferPointer(Self.hash)
          // Every normalized rendering's hash is in `byNormalized`; another text with the same
          // hash (a collision) is looked for among them all.
          let known = byNormalized[key].flatMap { candidate in
            renderings[candidate].normalized == normalized
              ? candidate : renderings.firstIndex { $0.normalized == normalized }
          }
          if let index = known {
            if byHash[hash] == nil { byHash[hash] = index }
            return index
          }
          renderings.append(Rendering(raw: Array(bytes), normalized: normalized))
          if byNormalized[key] == nil { byNormalized[key] = renderings.count - 1 }
          if byHash[hash] == nil { byHash[hash] = renderings.count - 1 }
          return renderings.count - 1
        }
        guard let index = placed else { continue }
        if first == nil { first = (position, record) }
        renderings[index].members.append(position)
      }
      guard renderings.count > 1, let first else { continue }
      let firstMember = group.members[first.member]
      let listed = renderings.map { rendering in
        let names = rendering.members.prefix(Self.keysShown).map { position in
          let member = group.members[position]
          return member.tableNumber == firstMember.tableNumber
            ? member.key : "\(groups.tableNames[member.tableNumber]): \(member.key)"
        }
        let more = rendering.members.count - names.count
        return Self.quotedShort(String(decoding: rendering.raw, as: UTF8.self)) + " (" + names.joined(separator: ", ")
          + (more > 0 ? " and \(more) more" : "") + ")"
      }
      let location = first.record.location
      emit(
        Finding(
          kind: .inconsistentTranslation, severity: .info, bundle: language.bundleName, language: language.language,
          table: groups.tableNames[firstMember.tableNumber], key: firstMember.key, file: location.file,
          line: location.line,
          message:
            "The source text \(Self.quotedShort(group.text)) is translated \(renderings.count) ways in \(language.language): "
            + listed.joined(separator: "; ") + "."))
    }
  }
}

extension InconsistentTranslation {
  /// The ways one group's text is translated in one language, with the members that use each:
  /// filled member by member (`place`), emptied for the next group (`reset`), its storage kept.
  ///
  /// Values are compared as bytes: most equal the one placed before, which is tried first; any
  /// other is found by its hash. A group with one rendering normalizes nothing.
  struct Renderings {
    /// One way the text is translated.
    private struct Rendering {
      /// Where its first value's bytes lie in `bytes`.
      var raw: Range<Int>
      /// The raw bytes normalized (`SourceTextGroups.normalized`), once a second rendering
      /// needs them.
      var normalized: [UInt8]?
    }

    private var renderings: [Rendering] = []
    /// Each rendering's first value, one after another.
    private var bytes: [UInt8] = []
    private var byHash: [UInt64: Int] = [:]
    private var byNormalized: [UInt64: Int] = [:]
    /// Each placed member's position in the group and its rendering, in key order.
    private var placed: [(member: Int, rendering: Int)] = []

    /// The number of renderings.
    var count: Int { renderings.count }

    /// Forgets the group's renderings.
    mutating func reset() {
      renderings.removeAll(keepingCapacity: true)
      bytes.removeAll(keepingCapacity: true)
      if !byHash.isEmpty { byHash.removeAll(keepingCapacity: true) }
      if !byNormalized.isEmpty { byNormalized.removeAll(keepingCapacity: true) }
      placed.removeAll(keepingCapacity: true)
    }

    /// False when `value`, a translation whose source value is `source`, is surely no
    /// rendering: empty, or untranslated (the source's text). What `place` takes is the rest.
    static func mayBeRendering(_ value: UnsafeBufferPointer<UInt8>, source: UnsafeBufferPointer<UInt8>) -> Bool {
      if value.isEmpty { return false }
      let same = EntryText.compare(value, source)
      return !(same ?? (String(decoding: value, as: UTF8.self) == String(decoding: source, as: UTF8.self)))
    }

    /// Places `member`'s value `value` (one `mayBeRendering` let through), unless it is no
    /// rendering (without a letter).
    mutating func place(member: Int, value: UnsafeBufferPointer<UInt8>) {
      guard let index = rendering(of: value) else { return }
      placed.append((member, index))
    }

    /// The rendering `value` belongs to, made when it is a new one; nil when it is none.
    private mutating func rendering(of value: UnsafeBufferPointer<UInt8>) -> Int? {
      // A value equal to a rendering's first value belongs to it (renderings' first values
      // differ): the one placed last is the likeliest.
      if let last = placed.last?.rendering, equalsRaw(last, value) { return last }
      if renderings.isEmpty {
        guard Self.mayHaveLetter(value) else { return nil }
        // Its hash is taken when a value that is not its bytes comes (most groups have none).
        append(value, normalized: nil)
        return 0
      }
      if byHash.isEmpty {
        byHash[
          bytes.withUnsafeBufferPointer { SourceTextGroups.hash(UnsafeBufferPointer(rebasing: $0[renderings[0].raw])) }] =
          0
      }
      let hash = SourceTextGroups.hash(value)
      if let index = byHash[hash], equalsRaw(index, value) { return index }
      // A second rendering: it and every earlier one are compared normalized from now on.
      guard let normalized = SourceTextGroups.normalized(value) else { return nil }
      for index in renderings.indices where renderings[index].normalized == nil {
        let earlier = bytes.withUnsafeBufferPointer {
          SourceTextGroups.normalized(UnsafeBufferPointer(rebasing: $0[renderings[index].raw])) ?? []
        }
        renderings[index].normalized = earlier
        let key = earlier.withUnsafeBufferPointer(SourceTextGroups.hash)
        if byNormalized[key] == nil { byNormalized[key] = index }
      }
      let key = normalized.withUnsafeBufferPointer(SourceTextGroups.hash)
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
      append(value, normalized: normalized)
      if byNormalized[key] == nil { byNormalized[key] = renderings.count - 1 }
      if byHash[hash] == nil { byHash[hash] = renderings.count - 1 }
      return renderings.count - 1
    }

    /// Adds a rendering whose first value is `value`.
    private mutating func append(_ value: UnsafeBufferPointer<UInt8>, normalized: [UInt8]?) {
      let start = bytes.count
      bytes.append(contentsOf: value)
      renderings.append(Rendering(raw: start..<bytes.count, normalized: normalized))
    }

    /// True when rendering `index`'s first value is `value`'s bytes.
    private func equalsRaw(_ index: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
      let raw = renderings[index].raw
      guard raw.count == value.count else { return false }
      return bytes.withUnsafeBufferPointer { EntryText.compare(UnsafeBufferPointer(rebasing: $0[raw]), value) == true }
    }

    /// Each rendering's first value and the members that use it (their positions in the
    /// group, in key order).
    func listed() -> [(text: String, members: [Int])] {
      var members = [[Int]](repeating: [], count: renderings.count)
      for (member, rendering) in placed { members[rendering].append(member) }
      return renderings.indices.map { index in
        (bytes.withUnsafeBufferPointer { String(decoding: $0[renderings[index].raw], as: UTF8.self) }, members[index])
      }
    }

    /// The first placed member's position in the group.
    var firstMember: Int? { placed.first?.member }

    /// False for ASCII text without a letter (`%@`, `-`, `42`): never a rendering. Other text
    /// is taken to have one (its letters are checked when a second rendering is compared
    /// with it).
    private static func mayHaveLetter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      bytes.contains { $0 >= 0x80 || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
    }
  }
}

extension InconsistentTranslation {
  /// One language's value of every group member that may be a rendering, copied out of the
  /// language's tables into one buffer in the order the values lie there
  /// (`SourceTextGroups.places`), then read group by group from that buffer.
  ///
  /// Read group by group straight from the tables, nearly every member's entry and value was a
  /// miss of the processor's caches: the members of a group are keys far apart in a table of
  /// megabytes. In table order the reads go forward through memory, and the copies (a few
  /// hundred kilobytes for a language of 20,000 keys) stay in the caches for the group loop.
  struct MemberTexts {
    /// What a member has in this language.
    enum Text {
      /// No rendering: the language lacks the key or has no plain value for it, or the value is
      /// empty or the source's text (untranslated).
      case none
      /// A value that may be a rendering: a range of `bytes`.
      case value(Range<Int>)
      /// The language's table was not indexed like the source's: the member's key is looked up
      /// (`GroupMemberValues.Value.byKey`).
      case byKey
    }

    /// Per member (`SourceTextGroups.Group.firstMember`): where its value lies in `bytes`
    /// (`count` ≥ 0), or `Self.none` or `Self.byKey` as `count`.
    private var starts: [Int32]
    private var counts: [Int32]
    private var bytes: [UInt8] = []
    private static let none: Int32 = -1
    private static let byKey: Int32 = -2

    /// Reads every member's value of `values`, in the order of `places` (the groups' places,
    /// whose source values are `sourceValues`).
    init(
      values: GroupMemberValues, places: UnsafeBufferPointer<SourceTextGroups.MemberPlace>,
      sourceValues: UnsafeBufferPointer<UInt8>
    ) {
      starts = [Int32](repeating: 0, count: places.count)
      counts = [Int32](repeating: Self.none, count: places.count)
      bytes.reserveCapacity(sourceValues.count + sourceValues.count / 2)
      for place in places {
        let member = Int(place.member)
        switch values.value(of: place) {
        case .none: continue
        case .byKey: counts[member] = Self.byKey
        case .entry(let entry):
          let source = SourceTextGroups.sourceValue(of: place, in: sourceValues)
          Entry.withValue(at: entry) { value in
            guard Renderings.mayBeRendering(value, source: source) else { return }
            starts[member] = Int32(bytes.count)
            counts[member] = Int32(value.count)
            bytes.append(contentsOf: value)
          }
        }
      }
    }

    /// What `member` (see `SourceTextGroups.Group.firstMember`) has.
    func text(of member: Int) -> Text {
      let count = counts[member]
      if count == Self.none { return .none }
      if count == Self.byKey { return .byKey }
      let start = Int(starts[member])
      return .value(start..<(start + Int(count)))
    }

    /// Calls `body` with the buffer the ranges of `text(of:)` are ranges of, valid during the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      bytes.withUnsafeBufferPointer(body)
    }
  }
}

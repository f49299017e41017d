/// How two versions of one file's entries differ, strings compared byte for byte (`==` also
/// equates canonically equivalent spellings, such as `é` and `e` + U+0301): what the caches of
/// the review check before keeping what they know about the other keys of an edited table.
public enum EntryChange: Sendable, Equatable {
  /// Every entry is the same, at the same place (line and column too).
  case none
  /// Only entries of this key differ, each where an entry of the same key was; with `tail`,
  /// one version may also have more entries at its end, all of this key.
  case oneKey(String)
  /// Anything else.
  case more

  /// The change from `old` to `new`. Comparing an unchanged entry is cheap: copies share their
  /// bytes.
  public init(from old: [Entry], to new: [Entry], tail: Bool) {
    var changed: String?
    let common = min(old.count, new.count)
    if old.count != new.count {
      let extra = old.count > new.count ? old[common...] : new[common...]
      guard tail, let key = extra.first?.key, extra.allSatisfy({ $0.hasKey(key) }) else {
        self = .more
        return
      }
      changed = key
    }
    // In place: binding or passing an entry out of the arrays would copy it.
    let differing: Bool = old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        guard let a = old.baseAddress, let b = new.baseAddress else { return false }
        for i in 0..<common where !Entry.identical(a + i, b + i) {
          guard old[i].keyText.isEqual(to: new[i].keyText), changed.map({ old[i].hasKey($0) }) ?? true else {
            return true
          }
          changed = old[i].key
        }
        return false
      }
    }
    self = differing ? .more : changed.map(EntryChange.oneKey) ?? .none
  }

  /// True when nothing but entries of `key` changed.
  public func isOnly(_ key: String) -> Bool {
    switch self {
    case .none: true
    case .oneKey(let changed): changed == key
    case .more: false
    }
  }
}

extension Entry {
  /// True when every field is the same, strings byte for byte (`==` also equates canonically
  /// equivalent spellings): what tells whether an entry changed.
  public func isIdentical(to other: Entry) -> Bool {
    func same(_ a: String?, _ b: String?) -> Bool {
      guard let a, let b else { return a == nil && b == nil }
      return a.isSameText(as: b)
    }
    return line == other.line && column == other.column && plural == other.plural && state == other.state
      && isTranslatable == other.isTranslatable && hasSameTexts(as: other) && same(variable, other.variable)
      && same(device, other.device)
  }
}

extension PluralFamily {
  /// True when every field is the same, strings byte for byte (see `Entry.isIdentical`).
  public func isIdentical(to other: PluralFamily) -> Bool {
    func same(_ a: String?, _ b: String?) -> Bool {
      guard let a, let b else { return a == nil && b == nil }
      return a.isSameText(as: b)
    }
    return self == other && key.isSameText(as: other.key) && same(variable, other.variable)
      && same(formatKey, other.formatKey) && same(valueType, other.valueType) && same(device, other.device)
      && forms.allSatisfy { category, value in same(value, other.forms[category]) }
  }
}

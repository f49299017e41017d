import Foundation

/// Which value an edit concerns: a key (and plural form) of one language's table.
public struct ValueAddress: Sendable, Hashable, Codable {
  public var language: String
  public var table: String
  public var key: String
  public var plural: PluralCategory?
  /// The `.stringsdict` variable of a plural form (a String Catalog substitution's name).
  public var variable: String?
  /// The String Catalog device variation (`iphone`, `mac`, `other`…), alone or around `plural`.
  public var device: String?

  public init(
    language: String, table: String, key: String, plural: PluralCategory? = nil,
    variable: String? = nil, device: String? = nil
  ) {
    self.language = language
    self.table = table
    self.key = key
    self.plural = plural
    self.variable = variable
    self.device = device
  }
}

/// One String Catalog unit's review state before and after a change (`needs_review`, reviewed).
public struct CatalogStateChange: Sendable, Hashable, Codable {
  public var table: String
  public var path: CatalogUnitPath
  /// The state before; nil when the unit had none.
  public var old: TranslationState?
  public var new: TranslationState?

  public init(table: String, path: CatalogUnitPath, old: TranslationState?, new: TranslationState?) {
    self.table = table
    self.path = path
    self.old = old
    self.new = new
  }
}

/// A change of one value, as data: where, what it was and what it becomes.
///
/// `oldValue == nil` means the value did not exist (the edit adds it); `newValue == nil` means
/// the edit removes it. Applying `inverse` undoes the edit. An edit can also carry String
/// Catalog state changes (marking a key reviewed: `oldValue == newValue`), applied after the
/// value, so a journal of edits restores those too.
public struct Edit: Sendable, Hashable, Codable {
  public var address: ValueAddress
  public var oldValue: String?
  public var newValue: String?
  /// The comment to write with a value the edit adds.
  public var comment: String?
  /// Review-state changes of catalog units, in order (nil: none; absent in older journals).
  public var states: [CatalogStateChange]?

  public init(
    address: ValueAddress, oldValue: String?, newValue: String?, comment: String? = nil,
    states: [CatalogStateChange]? = nil
  ) {
    self.address = address
    self.oldValue = oldValue
    self.newValue = newValue
    self.comment = comment
    self.states = states?.isEmpty == true ? nil : states
  }

  /// The edit that takes the value (and the states, in reverse order) back.
  public var inverse: Edit {
    Edit(
      address: address, oldValue: newValue, newValue: oldValue, comment: comment,
      states: states.map {
        $0.reversed().map { CatalogStateChange(table: $0.table, path: $0.path, old: $0.new, new: $0.old) }
      })
  }

  /// True when the edit changes nothing: both values absent, or the same text scalar for
  /// scalar, and no state changes.
  public var isNoOp: Bool {
    guard states == nil else { return false }
    return isValueNoOp
  }

  /// True when the edit leaves the value as it is (it may still change states).
  public var isValueNoOp: Bool {
    guard let oldValue, let newValue else { return oldValue == nil && newValue == nil }
    return oldValue.isSameText(as: newValue)
  }
}

extension String {
  /// True when both strings hold the same Unicode scalars: what an unchanged value is for
  /// editing. (`==` also equates canonically equivalent spellings, such as `é` and `e` +
  /// U+0301, whose bytes differ.)
  package func isSameText(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    // Contiguous storage (every native string): one pointer comparison for copies sharing
    // storage, else one memcmp.
    let fast = utf8.withContiguousStorageIfAvailable { a in
      other.utf8.withContiguousStorageIfAvailable { b in
        a.baseAddress == b.baseAddress || a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
    return (fast ?? nil) ?? utf8.elementsEqual(other.utf8)
  }
}

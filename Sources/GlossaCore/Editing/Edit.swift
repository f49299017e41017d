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

/// A change of one value, as data: where, what it was and what it becomes.
///
/// `oldValue == nil` means the value did not exist (the edit adds it); `newValue == nil` means
/// the edit removes it. Applying `inverse` undoes the edit.
public struct Edit: Sendable, Hashable, Codable {
  public var address: ValueAddress
  public var oldValue: String?
  public var newValue: String?
  /// The comment to write with a value the edit adds.
  public var comment: String?

  public init(address: ValueAddress, oldValue: String?, newValue: String?, comment: String? = nil) {
    self.address = address
    self.oldValue = oldValue
    self.newValue = newValue
    self.comment = comment
  }

  /// The edit that takes the value back to `oldValue`.
  public var inverse: Edit {
    Edit(address: address, oldValue: newValue, newValue: oldValue, comment: comment)
  }

  /// True when the edit changes nothing: both values absent, or the same text scalar for scalar.
  public var isNoOp: Bool {
    guard let oldValue, let newValue else { return oldValue == nil && newValue == nil }
    return oldValue.isSameText(as: newValue)
  }
}

extension String {
  /// True when both strings hold the same Unicode scalars: what an unchanged value is for
  /// editing. (`==` also equates canonically equivalent spellings, such as `é` and `e` +
  /// U+0301, whose bytes differ.)
  func isSameText(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}

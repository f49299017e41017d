/// The settings of the app's code scan: `lookups:`, `runtime-tables:`, `exclude:`.
extension CheckConfig.Reader {
  /// One `lookups:` entry: `{call: UserText.localized, key: 1, table: tableName}`.
  func lookup(_ value: YAMLValue) throws -> LookupRule {
    guard case .map(let fields, _, _) = value else {
      throw error(
        value,
        .wrongKind(
          setting: "a lookup", expected: "a mapping such as {call: UserText.localized, key: 1}", found: value.kindName))
    }
    var call: [String]?
    var key = LookupRule.Argument.position(1)
    var table: LookupRule.Argument?
    var formats = ["{key}"]
    for pair in fields {
      let (name, field) = (pair.key, pair.value)
      switch name {
      case "call":
        let text = try self.text(field, "call")
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty, names.allSatisfy(Self.isIdentifier) else {
          throw error(
            field,
            .wrongValue(
              setting: "call", expected: "a function, method or type name such as loc or UserText.localized",
              found: text
            ))
        }
        call = names
      case "key": key = try argument(field, "key")
      case "table": table = try argument(field, "table")
      case "key-format":
        formats = try names(field, "key-format")
        for (index, format) in formats.enumerated() where format.components(separatedBy: "{key}").count != 2 {
          let item: YAMLValue
          if case .list(let items, _, _) = field { item = items[index] } else { item = field }
          throw error(
            item,
            .wrongValue(
              setting: "key-format", expected: "a pattern holding {key} once, such as alert.{key}.title", found: format)
          )
        }
      default:
        throw error(
          at: pair, .unknownName(name, kind: "lookup field", expected: ["call", "key", "table", "key-format"]))
      }
    }
    guard let call else {
      throw error(value, .missingField("call", entry: "a lookup", example: "call: UserText.localized"))
    }
    if key == .receiver, call.count != 1, let field = fields.first(where: { $0.key == "call" })?.value {
      throw error(field, .receiverCallWithType(call: call.joined(separator: ".")))
    }
    return LookupRule(call: call, key: key, table: table, keyFormats: formats)
  }

  /// What `key:` and `table:` of a lookup take.
  static let argumentForm = "an argument position (1 for the first) or label"

  /// An argument by 1-based position (`1`) or by label (`tableName`); for the key, `receiver`
  /// is the literal the call is made on (`"k".localized`).
  func argument(_ value: YAMLValue, _ what: String) throws -> LookupRule.Argument {
    let raw = try text(value, what)
    if what == "key", raw == "receiver" { return .receiver }
    if let position = Int(raw) {
      guard position >= 1 else {
        throw error(value, .wrongValue(setting: what, expected: Self.argumentForm, found: raw))
      }
      return .position(position)
    }
    guard Self.isIdentifier(raw) else {
      throw error(value, .wrongValue(setting: what, expected: Self.argumentForm, found: raw))
    }
    return .label(raw)
  }

  /// A list of names (`runtime-tables: [Dynamic, KeyBinding]`); one name alone is a list of one.
  func names(_ value: YAMLValue, _ what: String) throws -> [String] {
    if case .scalar(let text, _, _) = value, !text.isEmpty { return [text] }
    return try list(value, what).map { try text($0, "a name in \(what)") }
  }

  /// `exclude:` globs: one or a list, each a path relative to the scanned folders.
  func globs(_ value: YAMLValue, _ what: String) throws -> [String] {
    let items: [YAMLValue]
    if case .scalar(let text, _, _) = value, !text.isEmpty { items = [value] } else { items = try list(value, what) }
    return try items.map { item in
      let pattern = try text(item, "a pattern in \(what)")
      guard !pattern.isEmpty, !pattern.hasPrefix("/") else {
        throw error(
          item,
          .wrongValue(
            setting: "a pattern in \(what)", expected: "a path relative to the scanned folders, such as **/Debug/**",
            found: pattern))
      }
      return pattern
    }
  }

  /// True for a Swift or C identifier: a letter or `_`, then letters, digits and `_`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }
}

/// A JSON value to insert into a String Catalog, rendered exactly as Xcode writes it.
///
/// Xcode's layout: two-space indentation, `" : "` between key and value, members sorted by
/// `CatalogKeyOrder`, an empty object as `{`, a blank line and `}` at the object's indentation,
/// `/` and non-ASCII written as they are.
indirect enum CatalogJSONValue: Sendable, Hashable {
  case object([(String, CatalogJSONValue)])
  case string(String)
  case integer(Int)
  case bool(Bool)

  static func == (lhs: CatalogJSONValue, rhs: CatalogJSONValue) -> Bool {
    lhs.rendered(indent: "", unit: "  ", separator: " : ") == rhs.rendered(indent: "", unit: "  ", separator: " : ")
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(rendered(indent: "", unit: "  ", separator: " : "))
  }

  /// A `stringUnit` object.
  static func unit(state: TranslationState, value: String) -> CatalogJSONValue {
    .object([("state", .string(state.rawValue)), ("value", .string(value))])
  }

  /// `names` nested as single-member objects around `leaf` (`["a", "b"]` → `{"a": {"b": leaf}}`).
  static func nested(_ names: ArraySlice<String>, around leaf: CatalogJSONValue) -> CatalogJSONValue {
    var value = leaf
    for name in names.reversed() { value = .object([(name, value)]) }
    return value
  }

  /// The value's text when it starts at a line indented by `indent`.
  func rendered(indent: String, unit: String, separator: String) -> String {
    switch self {
    case .string(let text): return Self.literal(text)
    case .integer(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .object(let members):
      if members.isEmpty { return "{\n\n" + indent + "}" }
      let inner = indent + unit
      let sorted = members.sorted { CatalogKeyOrder.precedes($0.0, $1.0) }
      let lines = sorted.map { name, value in
        inner + Self.literal(name) + separator + value.rendered(indent: inner, unit: unit, separator: separator)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    }
  }

  /// A JSON string literal as Xcode writes it: `"` `\` and control characters escaped
  /// (`\n \r \t \b \f`, else `\u00XX`), everything else as is.
  static func literal(_ text: String) -> String {
    JSONStringStyle().literal(text)
  }
}

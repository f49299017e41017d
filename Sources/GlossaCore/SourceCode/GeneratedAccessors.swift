/// A generated string accessor: a static member of an enum tree whose value looks its key up
/// through the file's helper, as SwiftGen's strings templates write them:
///
/// ```swift
/// internal enum L10n {
///   internal enum Trail {
///     internal static let title = L10n.tr("Localizable", "trail.title", fallback: "Trails")
///     internal static func count(_ p1: Int) -> String {
///       return L10n.tr("Localizable", "trail.count", p1, fallback: "%d trails")
///     }
///   }
/// }
/// ```
struct GeneratedAccessor: Sendable, Hashable {
  /// The names from the root enum to the member: `["L10n", "Trail", "title"]`.
  var path: [String]
  var table: String
  var key: String
  /// Where the key literal is in the generated file.
  var file: String
  var line: Int
  var column: Int
}

/// Recognises a generated accessor file by its shape and reads its accessors.
///
/// A file is one when static `let`/`var`/`func` members of enums (or of extensions of them)
/// take their value from one helper called with two string literals first — the table, then
/// the key (`L10n.tr("Localizable", "k", p1, fallback: "…")`, or the older form without
/// `fallback:`), and that helper is declared in the file (`static func tr(_ table: String,
/// _ key: String, …)`) or used by at least two members. The helper may have any name. Code in
/// such a file is not a use of any key: an accessor is used when other code references it.
enum GeneratedAccessors {
  /// The accessors `tokens` of `file` declare, or nil when the file is not generated accessors.
  static func read(_ tokens: [SourceToken], file: String) -> [GeneratedAccessor]? {
    var found: [(helper: String, accessor: GeneratedAccessor)] = []
    var declared: Set<String> = []
    var walk = ScopeWalk()
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.name == "func", index + 1 < tokens.count, let name = tokens[index + 1].name {
        declared.insert(name)
      }
      if token.name == "static", walk.isInTypeBody, let member = memberName(tokens, after: index),
        let call = helperCall(tokens, from: member.next)
      {
        let accessor = GeneratedAccessor(
          path: walk.typePath + [member.name], table: call.table, key: call.key, file: file,
          line: call.token.line, column: call.token.column)
        found.append((call.helper, accessor))
      }
      walk.step(tokens, at: index)
      index += 1
    }
    var uses: [String: Int] = [:]
    for item in found { uses[item.helper, default: 0] += 1 }
    let helpers = Set(uses.filter { declared.contains($0.key) || $0.value >= 2 }.keys)
    guard !helpers.isEmpty else { return nil }
    return found.filter { helpers.contains($0.helper) }.map(\.accessor)
  }

  /// The member a `static` at `index` declares (`static let name`, `static func name(`, after
  /// other modifiers), and the index after its name.
  private static func memberName(_ tokens: [SourceToken], after index: Int) -> (name: String, next: Int)? {
    var position = index + 1
    while position + 1 < tokens.count, position - index <= 4 {
      guard let word = tokens[position].name else { return nil }
      if word == "let" || word == "var" || word == "func" {
        guard let name = tokens[position + 1].name else { return nil }
        return (name, position + 2)
      }
      position += 1
    }
    return nil
  }

  /// The first helper call of the member starting at `start` whose first two arguments are
  /// unlabeled plain literals: the helper's name, the table, the key and the key's token. The
  /// member ends at the next `static` or at the `}` of its type.
  private static func helperCall(_ tokens: [SourceToken], from start: Int)
    -> (helper: String, table: String, key: String, token: SourceToken)?
  {
    var depth = 0
    var position = start
    while position + 1 < tokens.count, position - start < 400 {
      let token = tokens[position]
      if token.isPunctuation("{") || token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
      if token.isPunctuation("}") || token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
      if depth < 0 || (depth == 0 && token.name == "static") { return nil }
      if let helper = token.name, tokens[position + 1].isPunctuation("(") {
        let arguments = SourceKeyFinder.arguments(tokens, open: position + 1)
        if arguments.count >= 2, arguments[0].label == nil, arguments[1].label == nil,
          let table = arguments[0].literal?.plainText, let key = arguments[1].literal?.plainText,
          let keyToken = arguments[1].tokens.first
        {
          return (helper, table, key, keyToken)
        }
      }
      position += 1
    }
    return nil
  }
}

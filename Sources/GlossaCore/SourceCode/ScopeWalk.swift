/// The type bodies a walk through Swift tokens is in: `enum`, `struct`, `class`, `actor` and
/// `extension` bodies, each with its path (`enum Trail` inside `enum L10n` is `L10n.Trail`;
/// `extension L10n.Trail` is `L10n.Trail`), and the other braces between them (function and
/// closure bodies). Call `step` for every token in order.
struct ScopeWalk {
  /// A type body: its path, and whether an `extension` declares it.
  private struct TypeBody {
    var path: [String]
    var isExtension: Bool
  }

  /// One entry per open brace: the type body, or nil for any other brace.
  private var scopes: [TypeBody?] = []
  /// The type declaration whose `{` is still to come.
  private var pending: TypeBody?

  /// Words that declare a type with a body.
  private static let typeWords: Set<String> = ["enum", "struct", "class", "actor"]

  /// Words that follow `class` without declaring a type (`class func`, `class var`).
  private static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "override", "final"]

  /// True when the innermost open brace is a type's body.
  var isInTypeBody: Bool {
    if case .some(.some) = scopes.last { return true }
    return false
  }

  /// The path of the innermost type body the walk is in (empty outside every type).
  var typePath: [String] { typePaths.first ?? [] }

  /// The paths of every type body the walk is in, innermost first: kept as braces open and
  /// close, since every name of an extension's body asks for them.
  private(set) var typePaths: [[String]] = []

  /// How many of the open type bodies are `extension`s.
  private var extensionDepth = 0

  /// True when the walk is inside an `extension`'s body (at any depth).
  var isInExtension: Bool { extensionDepth > 0 }

  /// Takes the token at `index` into account.
  mutating func step(_ tokens: [SourceToken], at index: Int) {
    let token = tokens[index]
    if let word = token.name, index + 1 < tokens.count {
      let isMember = index > 0 && tokens[index - 1].isPunctuation(".")
      if !isMember, Self.typeWords.contains(word), let name = tokens[index + 1].name,
        !Self.memberWords.contains(name)
      {
        pending = TypeBody(path: typePath + [name], isExtension: false)
      } else if !isMember, word == "extension" {
        pending = TypeBody(path: Self.chain(tokens, from: index + 1), isExtension: true)
      }
    } else if token.isPunctuation("{") {
      scopes.append(pending)
      if let pending {
        typePaths.insert(pending.path, at: 0)
        if pending.isExtension { extensionDepth += 1 }
      }
      pending = nil
    } else if token.isPunctuation("}"), let scope = scopes.popLast(), let scope {
      typePaths.removeFirst()
      if scope.isExtension { extensionDepth -= 1 }
    }
  }

  /// The dotted names starting at `start` (`L10n.Trail`).
  static func chain(_ tokens: [SourceToken], from start: Int) -> [String] {
    var names: [String] = []
    var position = start
    while position < tokens.count, let name = tokens[position].name {
      names.append(name)
      guard position + 2 < tokens.count, tokens[position + 1].isPunctuation(".") else { break }
      position += 2
    }
    return names
  }
}

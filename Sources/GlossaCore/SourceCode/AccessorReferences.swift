/// What the app's Swift code names that could reach a generated accessor: dotted name chains
/// (`L10n.Trail.title`, `TrailText.title`, `Trail.title` inside `extension L10n`), each with the
/// type bodies it is written in, and the typealiases the code declares
/// (`typealias TrailText = L10n.Trail`).
///
/// Only chains that can name a type are kept: two names or more starting with a capital
/// (`L10n.…`, `Module.L10n.…`) or `Self`, and any chain inside an extension (where `Trail.title`
/// or `title` may be the extended enum's own). Each distinct chain is kept once.
struct AccessorReferences: Sendable {
  /// A chain of names joined by `.` and the paths of the type bodies around it, innermost first.
  struct Chain: Sendable, Hashable {
    var names: [String]
    var typePaths: [[String]]
  }

  /// Each chain, and whether every place it is written is preview or `#if DEBUG` code.
  private(set) var chains: [Chain: Bool] = [:]
  /// Alias name → the names it stands for.
  private(set) var aliases: [String: [String]] = [:]

  /// Adds the chains and typealiases of Swift `tokens`.
  mutating func read(_ tokens: [SourceToken], debugCode: DebugCode) {
    var walk = ScopeWalk()
    var index = 0
    while index < tokens.count {
      let afterDot = index > 0 && tokens[index - 1].isPunctuation(".")
      guard let name = tokens[index].name, !afterDot else {
        walk.step(tokens, at: index)
        index += 1
        continue
      }
      if name == "typealias", index + 3 < tokens.count, let alias = tokens[index + 1].name,
        tokens[index + 2].isPunctuation("=")
      {
        aliases[alias] = ScopeWalk.chain(tokens, from: index + 3)
      }
      let dotted = index + 2 < tokens.count && tokens[index + 1].isPunctuation(".") && tokens[index + 2].name != nil
      let capitalized = dotted && (name == "Self" || Self.startsUppercase(name))
      guard capitalized || walk.isInExtension else {
        walk.step(tokens, at: index)
        index += 1
        continue
      }
      let names = ScopeWalk.chain(tokens, from: index)
      let chain = Chain(names: names, typePaths: walk.typePaths)
      chains[chain] = (chains[chain] ?? true) && debugCode.contains(index)
      // The names after the first are not chains of their own; the walk still sees them.
      let end = min(index + 2 * names.count - 1, tokens.count)
      for position in index..<end { walk.step(tokens, at: position) }
      index = max(end, index + 1)
    }
  }

  /// Whether a name starts with a capital letter (ASCII at once, else as Unicode says).
  private static func startsUppercase(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    if first < 0x80 { return first >= 0x41 && first <= 0x5A }
    return name.first?.isUppercase == true
  }
}

/// The app's own lookup wrappers named in `.glossa.yml` (`lookups:`): a call matching a rule whose
/// key argument is a literal (or a ternary of literals) uses the key (or the keys the rule's
/// `key-format` builds from it), in the table the rule's table argument names (a literal; `nil` or
/// no such argument: `Localizable`).
extension SourceKeyFinder {
  /// The uses of `rules` by the call whose name is the token at `index`, or nil when no rule
  /// matches it. Swift: `UserText.localized("k", tableName: "T")`, `loc("k")`,
  /// `LocalizedText(key: "k")`, `LocalizedText.init(key: "k")`, and with `key: receiver`
  /// `"k".localized` or `"k".localized(table: "T")`. Objective-C (`objectiveC`): only
  /// rules of a plain function with arguments by position (`AppLocalized(@"k", @"T")`).
  static func configuredUses(
    _ tokens: [SourceToken], at index: Int, rules: [LookupRule], objectiveC: Bool, file: String,
    inDebugCode: Bool
  ) -> [SourceKeyUse]? {
    guard !rules.isEmpty, let name = tokens[index].name else { return nil }
    let isCall = index + 1 < tokens.count && tokens[index + 1].isPunctuation("(")
    if !objectiveC, index >= 2, tokens[index - 1].isPunctuation("."), let literal = tokens[index - 2].literal,
      let rule = rules.first(where: { $0.key == .receiver && $0.call == [name] })
    {
      // `"k".localized`, `"k".localized(tableName: "T")`: the key is the literal before the dot.
      let receiver = (literal: literal, token: tokens[index - 2])
      return uses(
        [receiver], rule: rule, arguments: isCall ? arguments(tokens, open: index + 1) : [], file: file,
        inDebugCode: inDebugCode)
    }
    guard isCall else { return nil }
    if index > 0, tokens[index - 1].name == "func" { return nil }
    let names = calledNames(tokens, endingAt: index)
    guard let last = names.last, last == name || name == "init",
      let rule = rules.first(where: { rule in
        rule.key != .receiver && (!objectiveC || rule.appliesToObjC) && names.count >= rule.call.count
          && Array(names.suffix(rule.call.count)) == rule.call
      })
    else { return nil }
    let arguments = self.arguments(tokens, open: index + 1)
    guard let keyArgument = argument(rule.key, in: arguments) else { return [] }
    return uses(keyArgument.keyLiterals, rule: rule, arguments: arguments, file: file, inDebugCode: inDebugCode)
  }

  /// The uses of the literal `keys` of a call matching `rule`, in the table its `arguments` name.
  private static func uses(
    _ keys: [(literal: StringLiteral, token: SourceToken)], rule: LookupRule, arguments: [Argument], file: String,
    inDebugCode: Bool
  ) -> [SourceKeyUse] {
    if keys.isEmpty { return [] }
    var table = defaultTable
    if let tableRule = rule.table, let argument = argument(tableRule, in: arguments), !argument.isNil {
      guard let name = argument.literal?.plainText else { return [] }
      table = name
    }
    return keys.flatMap { literal, token in
      rule.keyFormats.map { format in
        var use = use(formatted(literal, format), formatted: false, table: table, file: file, at: token)
        use.inDebugCode = inDebugCode
        return use
      }
    }
  }

  /// The names written before a call's `(` at `index`, outermost first: `App.UserText.localized`
  /// is `[App, UserText, localized]`; a trailing `.init` is left out (`LocalizedText.init(` is
  /// `[LocalizedText]`).
  private static func calledNames(_ tokens: [SourceToken], endingAt index: Int) -> [String] {
    var names: [String] = []
    var position = index
    while position >= 0, let name = tokens[position].name {
      names.append(name)
      guard position >= 2, tokens[position - 1].isPunctuation(".") else { break }
      position -= 2
    }
    names.reverse()
    if names.count > 1, names.last == "init" { names.removeLast() }
    return names
  }

  /// `literal` put in place of `{key}` in `format` (`alert.{key}.title`).
  private static func formatted(_ literal: StringLiteral, _ format: String) -> StringLiteral {
    guard format != "{key}", let range = format.range(of: "{key}") else { return literal }
    let prefix = String(format[..<range.lowerBound])
    let suffix = String(format[range.upperBound...])
    return StringLiteral(segments: [.text(prefix)] + literal.segments + [.text(suffix)])
  }

  /// The argument a rule names among a call's `arguments`.
  private static func argument(_ which: LookupRule.Argument, in arguments: [Argument]) -> Argument? {
    switch which {
    case .position(let position): position <= arguments.count ? arguments[position - 1] : nil
    case .label(let label): arguments.first { $0.label == label }
    case .receiver: nil
    }
  }
}

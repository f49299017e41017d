/// String literals that are lookups because the code around them types them as
/// `LocalizedStringKey` or `LocalizedStringResource`: what a reader without the type checker can
/// still tell from declarations in the scanned code.
///
/// - A literal, a ternary of literals, or `.init("k", defaultValue: …, table: "T")` passed to a
///   parameter declared with one of those types: a function's (`func row(_ title:
///   LocalizedStringKey)`, called `row("k")` or `.row("k")`), an initializer's (`init(title:
///   LocalizedStringKey)` in `struct Row`, called `Row(title: "k")`), an enum case's associated
///   value (`case invalid(reason: LocalizedStringKey)`, `.invalid(reason: "k")`), or a stored
///   property's, through the memberwise initializer (`let title: LocalizedStringKey` in `Row`).
///   Calls are matched by name and label (or position, for `_`), not by type: a parameter of the
///   same name and label declared `String` elsewhere makes the match ambiguous, and it is dropped.
/// - The value of a property declared with one of those types (`let title: LocalizedStringKey =
///   "k"`), and the literals a computed property or function of that type returns: `return "k"`,
///   each `case .a: "k"` of a `switch`, both branches of `c ? "a" : "b"`.
///
/// Not read: parameters of types declared outside the scanned code (system frameworks'
/// `LocalizedStringResource` parameters such as App Intents' `@Parameter(title:)`), generic
/// parameters, and literals that reach such a type through a variable.
struct LocalizedContext: Sendable {
  /// A parameter: the name a call is written with, and the label or 1-based position.
  enum Slot: Sendable, Hashable {
    case label(callee: String, String)
    case position(callee: String, Int)
  }

  /// The localized types.
  static let types: Set<String> = ["LocalizedStringKey", "LocalizedStringResource"]

  /// Each declared parameter: true while every declaration with that name and label is localized.
  private var slots: [Slot: Bool] = [:]
  /// Literal arguments of calls whose callee is not a built-in lookup, waiting for the
  /// declarations of every file.
  private var candidates: [(slot: Slot, uses: [SourceKeyUse])] = []

  /// Adds another file's declarations and candidates, as if read after these: a slot is
  /// localized while no file declares it `String`.
  mutating func merge(_ other: LocalizedContext) {
    slots.merge(other.slots) { $0 && $1 }
    candidates += other.candidates
  }

  /// The uses of literal arguments passed to localized parameters declared anywhere in the
  /// files read.
  func argumentUses() -> [SourceKeyUse] {
    candidates.flatMap { slots[$0.slot] == true ? $0.uses : [] }
  }

  /// Reads one Swift file: its declarations and candidate arguments are kept; the literals its
  /// localized properties and functions hold or return are returned at once.
  mutating func read(
    _ tokens: [SourceToken], file: String, debugCode: DebugCode, skipping builtIn: (String) -> Bool
  ) -> [SourceKeyUse] {
    var uses: [SourceKeyUse] = []
    var walk = ScopeWalk()
    let matching = tokens.matchingBraces()
    func mark(_ found: [SourceKeyUse], at index: Int) -> [SourceKeyUse] {
      found.map {
        var use = $0
        use.inDebugCode = debugCode.contains(index)
        use.shownAsWritten = true
        return use
      }
    }
    for index in tokens.indices {
      defer { walk.step(tokens, at: index) }
      guard let name = tokens[index].name else { continue }
      let afterDot = index > 0 && tokens[index - 1].isPunctuation(".")
      let next = index + 1 < tokens.count ? tokens[index + 1] : nil
      switch name {
      case "func" where !afterDot:
        guard let callee = tokens[safe: index + 1]?.name, let open = Self.parameterList(tokens, after: index + 1)
        else { continue }
        declare(tokens, open: open, callee: callee)
        if let body = Self.body(tokens, afterParameters: open, matching: matching) {
          uses += mark(Self.returnedLiterals(tokens, body: body, file: file), at: index)
        }
      case "init" where !afterDot && walk.isInTypeBody:
        guard let callee = walk.typePath.last, let open = Self.parameterList(tokens, after: index) else { continue }
        declare(tokens, open: open, callee: callee)
      case "case" where walk.isInTypeBody:
        guard let callee = tokens[safe: index + 1]?.name, tokens[safe: index + 2]?.isPunctuation("(") == true
        else { continue }
        declare(tokens, open: index + 2, callee: callee)
      case "let", "var":
        guard !afterDot, let property = tokens[safe: index + 1]?.name,
          tokens[safe: index + 2]?.isPunctuation(":") == true
        else { continue }
        let (isLocalized, end) = Self.type(tokens, from: index + 3)
        if walk.isInTypeBody, let callee = walk.typePath.last, tokens[safe: end]?.isPunctuation("{") != true {
          note(.label(callee: callee, property), localized: isLocalized, typeIsString: Self.isString(tokens, index + 3))
        }
        guard isLocalized, let after = tokens[safe: end] else { continue }
        if after.isPunctuation("=") {
          uses += mark(Self.value(tokens, at: end + 1, file: file), at: index)
        } else if after.isPunctuation("{"), matching[end] > end {
          uses += mark(Self.returnedLiterals(tokens, body: end...matching[end], file: file), at: index)
        }
      default:
        guard next?.isPunctuation("(") == true, tokens[safe: index - 1]?.name != "func" else { continue }
        var callee = name
        if name == "init" {
          guard afterDot, let type = tokens[safe: index - 2]?.name else { continue }
          callee = type
        }
        if builtIn(callee) { continue }
        let arguments = SourceKeyFinder.arguments(tokens, open: index + 1)
        for (position, argument) in arguments.enumerated() {
          let found = Self.keyUses(argument.tokens, file: file)
          if found.isEmpty { continue }
          let slot: Slot =
            argument.label.map { .label(callee: callee, $0) } ?? .position(callee: callee, position + 1)
          candidates.append((slot, mark(found, at: index)))
        }
      }
    }
    return uses
  }

  /// Records the parameters of the list whose `(` is at `open`.
  private mutating func declare(_ tokens: [SourceToken], open: Int, callee: String) {
    for (position, parameter) in Self.parameters(tokens, open: open).enumerated() {
      guard let colon = parameter.firstIndex(where: { $0.isPunctuation(":") }) else {
        // An enum case's unlabeled associated value: `case failed(LocalizedStringKey)`.
        let (isLocalized, _) = Self.type(tokens, from: parameter.startIndex)
        note(
          .position(callee: callee, position + 1), localized: isLocalized,
          typeIsString: Self.isString(tokens, parameter.startIndex))
        continue
      }
      let names = parameter[..<colon].compactMap(\.name).filter { $0 != "inout" }
      guard let external = names.first else { continue }
      let slot: Slot = external == "_" ? .position(callee: callee, position + 1) : .label(callee: callee, external)
      let (isLocalized, _) = Self.type(tokens, from: colon + 1)
      note(slot, localized: isLocalized, typeIsString: Self.isString(tokens, colon + 1))
    }
  }

  /// A declaration of `slot`: localized, or `String` (which a literal argument would take instead).
  private mutating func note(_ slot: Slot, localized: Bool, typeIsString: Bool) {
    if localized {
      slots[slot] = slots[slot] ?? true
    } else if typeIsString {
      slots[slot] = false
    }
  }

  /// Whether the type written at `start` is a localized one (`LocalizedStringKey`,
  /// `SwiftUI.LocalizedStringKey?`), and the index after it.
  private static func type(_ tokens: [SourceToken], from start: Int) -> (Bool, Int) {
    var position = start
    while let token = tokens[safe: position], token.isPunctuation("@") || ["escaping", "inout"].contains(token.name) {
      position += 1
    }
    let chain = ScopeWalk.chain(tokens, from: position)
    guard let last = chain.last else { return (false, position) }
    position += 2 * chain.count - 1
    while tokens[safe: position]?.isPunctuation("?") == true || tokens[safe: position]?.isPunctuation("!") == true {
      position += 1
    }
    return (
      types.contains(last) && (chain.count == 1 || chain == ["SwiftUI", last] || chain == ["Foundation", last]),
      position
    )
  }

  /// True when the type written at `start` is `String` (or `String?`).
  private static func isString(_ tokens: [SourceToken], _ start: Int) -> Bool {
    tokens[safe: start]?.name == "String" && tokens[safe: start + 1]?.isPunctuation(".") != true
  }

  /// The `(` of the parameter list after a declared name at `index` (generic parameters skipped).
  private static func parameterList(_ tokens: [SourceToken], after index: Int) -> Int? {
    var position = index + 1
    if tokens[safe: position]?.isPunctuation("?") == true || tokens[safe: position]?.isPunctuation("!") == true {
      position += 1
    }
    if tokens[safe: position]?.isPunctuation("<") == true {
      var depth = 0
      while let token = tokens[safe: position] {
        if token.isPunctuation("<") { depth += 1 }
        if token.isPunctuation(">") { depth -= 1 }
        position += 1
        if depth == 0 { break }
      }
    }
    return tokens[safe: position]?.isPunctuation("(") == true ? position : nil
  }

  /// The parameters of the list whose `(` is at `open`, each as its tokens up to a default value.
  private static func parameters(_ tokens: [SourceToken], open: Int) -> [ArraySlice<SourceToken>] {
    var result: [ArraySlice<SourceToken>] = []
    var depth = 0
    var start = open + 1
    var position = open + 1
    while let token = tokens[safe: position] {
      if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("<") {
        depth += 1
      } else if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation(">") {
        if depth == 0 {
          if position > start { result.append(tokens[start..<position]) }
          return result
        }
        depth -= 1
      } else if depth == 0, token.isPunctuation(",") {
        result.append(tokens[start..<position])
        start = position + 1
      }
      position += 1
    }
    return result
  }

  /// The body of a function whose parameter list opens at `open`, when it returns a localized
  /// type (`-> LocalizedStringKey {`).
  private static func body(_ tokens: [SourceToken], afterParameters open: Int, matching: [Int]) -> ClosedRange<Int>? {
    var depth = 0
    var position = open
    while let token = tokens[safe: position] {
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") {
        depth -= 1
        if depth == 0 { break }
      }
      position += 1
    }
    guard tokens[safe: position + 1]?.isPunctuation("-") == true, tokens[safe: position + 2]?.isPunctuation(">") == true
    else { return nil }
    let (isLocalized, end) = type(tokens, from: position + 3)
    guard isLocalized, tokens[safe: end]?.isPunctuation("{") == true, matching[end] > end else { return nil }
    return end...matching[end]
  }

  /// The literals a localized body returns: at statement level (not inside parentheses or
  /// brackets), after `return`, `{`, a `case …:` or the `?`/`:` of a ternary, and ending the
  /// expression (followed by `}`, `case`, `default`, `:`, or a new line).
  private static func returnedLiterals(_ tokens: [SourceToken], body: ClosedRange<Int>, file: String)
    -> [SourceKeyUse]
  {
    var uses: [SourceKeyUse] = []
    var depth = 0
    for position in body.dropFirst() {
      let token = tokens[position]
      if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
      if token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
      guard depth == 0, let previous = tokens[safe: position - 1] else { continue }
      let startsValue =
        previous.name == "return" || previous.isPunctuation("{") || previous.isPunctuation(":")
        || previous.isPunctuation("?")
      guard startsValue else { continue }
      if token.literal != nil {
        guard let after = tokens[safe: position + 1] else { continue }
        let ends =
          after.line > token.line || after.isPunctuation("}") || after.isPunctuation(":") || after.name == "case"
          || after.name == "default"
        if ends { uses += value(tokens, at: position, file: file) }
      } else if token.isPunctuation("."), tokens[safe: position + 1]?.name == "init" {
        uses += value(tokens, at: position, file: file)
      }
    }
    return uses
  }

  /// The uses of the value starting at `start`: a literal, or `.init("k", …)`.
  private static func value(_ tokens: [SourceToken], at start: Int, file: String) -> [SourceKeyUse] {
    guard let token = tokens[safe: start] else { return [] }
    if let literal = token.literal {
      return [SourceKeyFinder.use(literal, formatted: true, table: SourceKeyFinder.defaultTable, file: file, at: token)]
    }
    return keyUses(tokens[start..<min(start + 3, tokens.count)] + initArguments(tokens, at: start), file: file)
  }

  /// The tokens of the arguments of `.init(…)` at `start`, up to the closing parenthesis.
  private static func initArguments(_ tokens: [SourceToken], at start: Int) -> ArraySlice<SourceToken> {
    guard tokens[safe: start]?.isPunctuation(".") == true, tokens[safe: start + 1]?.name == "init",
      tokens[safe: start + 2]?.isPunctuation("(") == true
    else { return [] }
    var depth = 0
    var position = start + 2
    while let token = tokens[safe: position] {
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") {
        depth -= 1
        if depth == 0 { return tokens[(start + 3)...position] }
      }
      position += 1
    }
    return []
  }

  /// The keys an argument's tokens name: a literal, a ternary of literals, or
  /// `.init("k", defaultValue: …, table: "T")` (the table literal when given).
  private static func keyUses<Tokens: Collection<SourceToken>>(_ tokens: Tokens, file: String) -> [SourceKeyUse] {
    let slice = ArraySlice(tokens)
    let argument = SourceKeyFinder.Argument(label: nil, tokens: slice)
    let literals = argument.keyLiterals
    if !literals.isEmpty {
      return literals.map {
        SourceKeyFinder.use($0.literal, formatted: true, table: SourceKeyFinder.defaultTable, file: file, at: $0.token)
      }
    }
    // `.init("k", defaultValue: "…")`: the first argument unlabeled.
    let array = Array(slice)
    guard array.count >= 4, array[0].isPunctuation("."), array[1].name == "init", array[2].isPunctuation("(")
    else { return [] }
    let inner = SourceKeyFinder.arguments(array, open: 2)
    guard let first = inner.first, first.label == nil else { return [] }
    var table = SourceKeyFinder.defaultTable
    if let named = inner.first(where: { $0.label == "table" }), !named.isNil {
      guard let name = named.literal?.plainText else { return [] }
      table = name
    }
    return first.keyLiterals.map {
      SourceKeyFinder.use($0.literal, formatted: true, table: table, file: file, at: $0.token)
    }
  }
}

extension Array where Element == SourceToken {
  /// The token at `index`, or nil outside the array.
  subscript(safe index: Int) -> SourceToken? { index >= 0 && index < count ? self[index] : nil }
}

/// Finds the localized keys a file's tokens name: the calls and initializers that look a key
/// up, with a literal key argument, and the table argument when there is one.
///
/// Swift: `NSLocalizedString("k", tableName: "T", …)`, `String(localized: "k", table: "T")`,
/// `.init(localized: "k", table: "T")`, `LocalizedStringResource("k", table: "T")`, `Text("k", tableName: "T")`,
/// `LocalizedStringKey("k")`, `….localizedString(forKey: "k", value: …, table: "T")`, and the
/// SwiftUI views and modifiers that take a `LocalizedStringKey` title (`swiftUITitles`).
/// Objective-C: `NSLocalizedString(@"k", …)`, `NSLocalizedStringFromTable(@"k", @"T", …)`,
/// `…FromTableInBundle`, `…WithDefaultValue`, `[… localizedStringForKey:@"k" value:… table:@"T"]`.
/// A key that is a ternary of literals (`c ? "a" : "b"`, `c ? @"a" : @"b"`) names both. A key or
/// table that is not a literal (a variable) is skipped: it cannot be checked. A use inside a
/// preview or `#if DEBUG` code (`DebugCode`) is marked so.
enum SourceKeyFinder {
  /// One argument of a call: its label (Swift) and its tokens.
  struct Argument {
    var label: String?
    var tokens: ArraySlice<SourceToken>

    /// The literal when the argument is exactly one string literal.
    var literal: StringLiteral? { tokens.count == 1 ? tokens.first?.literal : nil }
    /// True when the whole argument is in one pair of parentheses: `(isOn ? "on" : "off")`.
    var isParenthesized: Bool {
      guard tokens.count >= 3, tokens.first?.isPunctuation("(") == true, tokens.last?.isPunctuation(")") == true
      else { return false }
      var depth = 0
      for (offset, token) in tokens.enumerated() {
        if token.isPunctuation("(") { depth += 1 }
        if token.isPunctuation(")") { depth -= 1 }
        if depth == 0 { return offset == tokens.count - 1 }
      }
      return false
    }
    /// True when the argument is `nil`.
    var isNil: Bool { tokens.count == 1 && tokens.first?.name == "nil" }

    /// The literal keys the argument names, each with its token: one literal, or both branches
    /// of a ternary whose branches are literals (`isOn ? "on" : "off"`).
    var keyLiterals: [(literal: StringLiteral, token: SourceToken)] {
      if tokens.count == 1, let token = tokens.first, let literal = token.literal { return [(literal, token)] }
      if isParenthesized { return Argument(label: nil, tokens: tokens.dropFirst().dropLast()).keyLiterals }
      guard tokens.count >= 5 else { return [] }
      let end = tokens.endIndex
      let (question, yes, colon, no) = (tokens[end - 4], tokens[end - 3], tokens[end - 2], tokens[end - 1])
      guard question.isPunctuation("?"), colon.isPunctuation(":"), let first = yes.literal, let second = no.literal
      else { return [] }
      return [(first, yes), (second, no)]
    }
  }

  /// How a Swift call names its key and table.
  private struct SwiftCall {
    /// The key argument's label (nil: the first argument, unlabeled).
    var keyLabels: [String?]
    var tableLabel: String?
    /// True when an interpolation in the key becomes a format specifier.
    var formatted: Bool
    /// True when the call must be a member call (`.localizedString(`).
    var member = false
    /// True when a missing key's literal is shown as written: SwiftUI's `LocalizedStringKey`
    /// titles (`Text("Hello")`), unlike `NSLocalizedString` keys.
    var shownAsWritten = false
  }

  private static let swiftCalls: [String: SwiftCall] = [
    "NSLocalizedString": SwiftCall(keyLabels: [nil], tableLabel: "tableName", formatted: false),
    "String": SwiftCall(keyLabels: ["localized"], tableLabel: "table", formatted: true),
    "LocalizedStringResource": SwiftCall(keyLabels: [nil, "stringLiteral"], tableLabel: "table", formatted: true),
    "Text": SwiftCall(keyLabels: [nil], tableLabel: "tableName", formatted: true, shownAsWritten: true),
    "LocalizedStringKey": SwiftCall(
      keyLabels: [nil, "stringLiteral"], tableLabel: nil, formatted: true, shownAsWritten: true),
    "localizedString": SwiftCall(keyLabels: ["forKey"], tableLabel: "table", formatted: false, member: true),
    // `let title: String = .init(localized: "k")`, `String.init(localized: "k")`.
    "init": SwiftCall(keyLabels: ["localized"], tableLabel: "table", formatted: true, member: true),
  ].merging(swiftUITitles, uniquingKeysWith: { first, _ in first })

  /// SwiftUI views and modifiers whose first, unlabeled argument is a `LocalizedStringKey`
  /// title looked up in `Localizable` (`Button("Save") { … }`, `.navigationTitle("Trails")`).
  private static let swiftUITitles: [String: SwiftCall] = {
    var calls: [String: SwiftCall] = [:]
    for view in [
      "Button", "Label", "Toggle", "TextField", "SecureField", "Link", "Picker", "Section", "Menu",
      "NavigationLink", "Stepper", "DatePicker", "DisclosureGroup", "ProgressView", "LabeledContent", "GroupBox",
      "ColorPicker",
      "ContentUnavailableView", "ControlGroup",
    ] {
      calls[view] = SwiftCall(keyLabels: [nil], tableLabel: nil, formatted: true, shownAsWritten: true)
    }
    for modifier in [
      "navigationTitle", "navigationSubtitle", "help", "alert", "confirmationDialog", "accessibilityLabel",
      "accessibilityHint", "accessibilityValue", "badge",
    ] {
      calls[modifier] = SwiftCall(
        keyLabels: [nil], tableLabel: nil, formatted: true, member: true, shownAsWritten: true)
    }
    return calls
  }()

  /// True when `name(…)` is a lookup this finder reads itself (`Text`, `NSLocalizedString`, …).
  static func isBuiltIn(_ name: String) -> Bool { swiftCalls[name] != nil }

  /// The table a use names when it names none.
  static let defaultTable = "Localizable"

  /// The key uses in Swift `tokens` of `file`, marked in `debugCode` (worked out when not given),
  /// with the app's own wrappers `lookups` read too (they win over a built-in call of that name).
  static func swiftUses(
    _ tokens: [SourceToken], file: String, debugCode: DebugCode? = nil, lookups: [LookupRule] = []
  ) -> [SourceKeyUse] {
    let debugCode = debugCode ?? DebugCode.swift(tokens)
    var uses: [SourceKeyUse] = []
    for index in tokens.indices {
      if let configured = configuredUses(
        tokens, at: index, rules: lookups, objectiveC: false, file: file, inDebugCode: debugCode.contains(index))
      {
        uses += configured
        continue
      }
      guard let name = tokens[index].name, let call = swiftCalls[name],
        index + 1 < tokens.count, tokens[index + 1].isPunctuation("(")
      else { continue }
      let previous = index > 0 ? tokens[index - 1] : nil
      if previous?.name == "func" { continue }
      if call.member && previous?.isPunctuation(".") != true { continue }
      let arguments = self.arguments(tokens, open: index + 1)
      guard let first = arguments.first, call.keyLabels.contains(first.label) else { continue }
      let keys = first.keyLiterals
      if keys.isEmpty { continue }
      var table = defaultTable
      if let label = call.tableLabel, let argument = arguments.first(where: { $0.label == label }) {
        if argument.isNil {
          table = defaultTable
        } else if let name = argument.literal?.plainText {
          table = name
        } else {
          continue
        }
      }
      for (literal, token) in keys {
        var use = use(literal, formatted: call.formatted, table: table, file: file, at: token)
        use.inDebugCode = debugCode.contains(index)
        use.shownAsWritten = call.shownAsWritten
        uses.append(use)
      }
    }
    return uses
  }

  /// Objective-C functions: the key's argument position and the table's (nil: `Localizable`).
  private static let objcFunctions: [String: Int?] = [
    "NSLocalizedString": nil,
    "NSLocalizedStringFromTable": 1,
    "NSLocalizedStringFromTableInBundle": 1,
    "NSLocalizedStringWithDefaultValue": 1,
  ]

  /// The key uses in Objective-C `tokens` of `file`, with the app's own wrappers `lookups` that
  /// are plain functions taking the key by position.
  static func objcUses(_ tokens: [SourceToken], file: String, lookups: [LookupRule] = []) -> [SourceKeyUse] {
    let debugCode = DebugCode.objc(tokens)
    var uses: [SourceKeyUse] = []
    for index in tokens.indices {
      guard let name = tokens[index].name else { continue }
      if let configured = configuredUses(
        tokens, at: index, rules: lookups, objectiveC: true, file: file, inDebugCode: debugCode.contains(index))
      {
        uses += configured
        continue
      }
      if let tablePosition = objcFunctions[name] {
        guard index + 1 < tokens.count, tokens[index + 1].isPunctuation("(") else { continue }
        let arguments = self.arguments(tokens, open: index + 1)
        guard let keys = arguments.first?.keyLiterals, !keys.isEmpty else { continue }
        var table = defaultTable
        if let tablePosition {
          guard tablePosition < arguments.count else { continue }
          let argument = arguments[tablePosition]
          if let name = argument.literal?.plainText {
            table = name
          } else if !argument.isNil {
            continue
          }
        }
        for (literal, token) in keys {
          var use = use(literal, formatted: false, table: table, file: file, at: token)
          use.inDebugCode = debugCode.contains(index)
          uses.append(use)
        }
      } else if name == "localizedStringForKey", index + 2 < tokens.count, tokens[index + 1].isPunctuation(":"),
        let key = tokens[index + 2].literal
      {
        // `[bundle localizedStringForKey:@"k" value:… table:@"T"]`: the table up to the `]`.
        var table = defaultTable
        var position = index + 3
        var depth = 0
        while position + 2 < tokens.count {
          let token = tokens[position]
          if token.isPunctuation("[") || token.isPunctuation("(") { depth += 1 }
          if token.isPunctuation("]") || token.isPunctuation(")") {
            if depth == 0 { break }
            depth -= 1
          }
          if depth == 0, token.name == "table", tokens[position + 1].isPunctuation(":") {
            if let name = tokens[position + 2].literal?.plainText {
              table = name
            } else if tokens[position + 2].name != "nil" {
              table = ""
            }
            break
          }
          position += 1
        }
        guard !table.isEmpty else { continue }
        var use = use(key, formatted: false, table: table, file: file, at: tokens[index + 2])
        use.inDebugCode = debugCode.contains(index)
        uses.append(use)
      }
    }
    return uses
  }

  /// A use of `literal` at `token`.
  static func use(
    _ literal: StringLiteral, formatted: Bool, table: String, file: String, at token: SourceToken
  ) -> SourceKeyUse {
    let key: SourceKeyUse.Key
    if let text = literal.plainText {
      key = .exact(text)
    } else {
      var parts: [String] = [""]
      for segment in literal.segments {
        switch segment {
        case .text(let text): parts[parts.count - 1] += text
        case .interpolation: parts.append("")
        }
      }
      key = .pattern(parts, formatted: formatted)
    }
    return SourceKeyUse(
      key: key, table: table, file: file, line: token.line, column: token.column, shown: literal.shown)
  }

  /// The arguments of the call whose `(` is at `open`, split at top-level commas, each with its
  /// Swift label (`name :` at its start) when it has one.
  static func arguments(_ tokens: [SourceToken], open: Int) -> [Argument] {
    var arguments: [Argument] = []
    var depth = 0
    var start = open + 1
    var position = open + 1
    func close(_ end: Int) {
      var slice = tokens[start..<end]
      var label: String?
      if slice.count >= 2, let name = slice.first?.name, slice[slice.startIndex + 1].isPunctuation(":") {
        label = name
        slice = slice.dropFirst(2)
      }
      if !(slice.isEmpty && label == nil && arguments.isEmpty && end == start) || label != nil {
        arguments.append(Argument(label: label, tokens: slice))
      }
    }
    while position < tokens.count {
      let token = tokens[position]
      if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") {
        depth += 1
      } else if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
        if depth == 0 {
          close(position)
          return arguments
        }
        depth -= 1
      } else if depth == 0, token.isPunctuation(",") {
        close(position)
        start = position + 1
      }
      position += 1
    }
    close(position)
    return arguments
  }
}

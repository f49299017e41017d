/// Reads CLDR plural conditions (UTS #35 plural rule syntax) into `PluralCondition` groups.
///
/// Iterative, no recursion: `condition = and_condition ('or' and_condition)*`,
/// `and_condition = relation ('and' relation)*`, `relation = operand ('%' value)? op range_list`.
struct PluralConditionParser {
  private struct Token: Equatable {
    enum Kind: Equatable {
      case word(String)
      case number(UInt64)
      case symbol(String)
      case end
    }
    var kind: Kind
    var column: Int
  }

  /// The largest literal accepted; CLDR values are far smaller.
  static let maximumLiteral: UInt64 = 1_000_000_000_000_000

  private let expression: String
  private var tokens: [Token] = []
  private var position = 0
  private var lexError: PluralRuleSyntaxError?

  init(_ expression: String) {
    self.expression = expression
    do { tokens = try Self.tokenize(expression) } catch let error as PluralRuleSyntaxError {
      lexError = error
    } catch {
      lexError = PluralRuleSyntaxError(expression: expression, column: 1, message: "\(error)")
    }
  }

  mutating func parseCondition() throws -> [[PluralRelation]] {
    if let lexError { throw lexError }
    if current.kind == .end { return [] }
    var alternatives: [[PluralRelation]] = []
    var group: [PluralRelation] = [try parseRelation()]
    while true {
      switch current.kind {
      case .word("and"):
        advance()
        group.append(try parseRelation())
      case .word("or"):
        advance()
        alternatives.append(group)
        group = [try parseRelation()]
      case .end:
        alternatives.append(group)
        return alternatives
      default:
        throw failure("expected 'and', 'or' or the end of the rule")
      }
    }
  }

  private mutating func parseRelation() throws -> PluralRelation {
    guard case .word(let name) = current.kind else { throw failure("expected an operand (n i v w f t e c)") }
    let operand: PluralOperand
    if name == "c" {
      operand = .e
    } else if let known = PluralOperand(rawValue: name) {
      operand = known
    } else {
      throw failure("expected an operand (n i v w f t e c)")
    }
    advance()
    var modulus: UInt64?
    if current.kind == .symbol("%") || current.kind == .word("mod") {
      advance()
      let value = try parseNumber()
      guard value > 0 else { throw failure("expected a modulus greater than 0", back: 1) }
      modulus = value
    }
    var comparison = PluralRelation.Comparison.integerIn
    var negated = false
    var singleValue = false
    switch current.kind {
    case .symbol("="): advance()
    case .symbol("!="):
      advance()
      negated = true
    case .word("is"):
      advance()
      if current.kind == .word("not") {
        advance()
        negated = true
      }
      singleValue = true
    case .word("not"):
      advance()
      negated = true
      comparison = try parseInOrWithin()
    case .word("in"), .word("within"):
      comparison = try parseInOrWithin()
    default:
      throw failure("expected '=', '!=', 'is', 'in', 'not in' or 'within'")
    }
    let ranges = singleValue ? [try parseNumber()].map { $0...$0 } : try parseRangeList()
    return PluralRelation(operand: operand, modulus: modulus, comparison: comparison, negated: negated, ranges: ranges)
  }

  private mutating func parseInOrWithin() throws -> PluralRelation.Comparison {
    switch current.kind {
    case .word("in"):
      advance()
      return .integerIn
    case .word("within"):
      advance()
      return .within
    default: throw failure("expected 'in' or 'within'")
    }
  }

  private mutating func parseRangeList() throws -> [ClosedRange<UInt64>] {
    var ranges: [ClosedRange<UInt64>] = []
    repeat {
      if !ranges.isEmpty { advance() }
      let low = try parseNumber()
      var high = low
      if current.kind == .symbol("..") {
        advance()
        high = try parseNumber()
        guard low <= high else { throw failure("expected a range whose end is not below its start", back: 1) }
      }
      ranges.append(low...high)
    } while current.kind == .symbol(",")
    return ranges
  }

  private mutating func parseNumber() throws -> UInt64 {
    guard case .number(let value) = current.kind else { throw failure("expected a number") }
    advance()
    return value
  }

  private var current: Token { tokens[min(position, tokens.count - 1)] }

  private mutating func advance() { position += 1 }

  private func failure(_ expected: String, back: Int = 0) -> PluralRuleSyntaxError {
    let token = tokens[max(0, min(position - back, tokens.count - 1))]
    let found: String
    switch token.kind {
    case .word(let word): found = "'\(word)'"
    case .number(let number): found = "'\(number)'"
    case .symbol(let symbol): found = "'\(symbol)'"
    case .end: found = "the end of the rule"
    }
    return PluralRuleSyntaxError(expression: expression, column: token.column, message: "\(expected), found \(found)")
  }

  private static func tokenize(_ expression: String) throws -> [Token] {
    var tokens: [Token] = []
    let characters = Array(expression)
    var index = 0
    func error(_ message: String) -> PluralRuleSyntaxError {
      PluralRuleSyntaxError(expression: expression, column: index + 1, message: message)
    }
    while index < characters.count {
      let character = characters[index]
      let column = index + 1
      if character.isWhitespace {
        index += 1
      } else if character.isASCII, character.isLetter {
        var word = ""
        while index < characters.count, characters[index].isASCII, characters[index].isLetter {
          word.append(characters[index])
          index += 1
        }
        tokens.append(Token(kind: .word(word), column: column))
      } else if character.isASCII, character.isNumber {
        var value: UInt64 = 0
        while index < characters.count, characters[index].isASCII, let digit = characters[index].wholeNumberValue {
          value = value * 10 + UInt64(digit)
          guard value <= maximumLiteral else {
            throw PluralRuleSyntaxError(
              expression: expression, column: column, message: "number is too large (the limit is \(maximumLiteral))")
          }
          index += 1
        }
        tokens.append(Token(kind: .number(value), column: column))
      } else if character == "." && index + 1 < characters.count && characters[index + 1] == "." {
        tokens.append(Token(kind: .symbol(".."), column: column))
        index += 2
      } else if character == "!" && index + 1 < characters.count && characters[index + 1] == "=" {
        tokens.append(Token(kind: .symbol("!="), column: column))
        index += 2
      } else if character == "=" || character == "%" || character == "," {
        tokens.append(Token(kind: .symbol(String(character)), column: column))
        index += 1
      } else {
        throw error("unexpected character '\(character)'")
      }
    }
    tokens.append(Token(kind: .end, column: characters.count + 1))
    return tokens
  }
}

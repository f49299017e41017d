/// Reads the escape sequences a terminal sends for keys its terminfo entry does not name (tmux
/// sends `ESC [ 1 ~` for Home where `TERM=xterm-256color` promises `ESC O H`), for mouse reports
/// and for bracketed paste, so that none of their bytes is ever typed into a value.
///
/// Fed the characters that followed an Escape, one at a time, it says when the sequence is
/// complete and what it was. A sequence it does not know is swallowed whole.
public struct EscapeSequence: Sendable {
  /// What a complete sequence stands for.
  public enum Meaning: Sendable, Hashable {
    case key(Key)
    case mouse(MouseEvent)
    /// The start of a bracketed paste (`ESC [ 200 ~`): the text up to `ESC [ 201 ~` is pasted.
    case pasteStart
    /// The end of a bracketed paste.
    case pasteEnd
    /// A report or key nothing is bound to (focus in and out, Insert, F13…): nothing to do.
    case ignored
  }

  /// The result of one more character.
  public enum Step: Sendable, Hashable {
    /// More characters belong to the sequence.
    case more
    case done(Meaning)
  }

  private var characters: [Unicode.Scalar] = []

  public init() {}

  /// Adds the next character after the Escape.
  public mutating func feed(_ scalar: Unicode.Scalar) -> Step {
    characters.append(scalar)
    guard let introducer = characters.first else { return .more }
    switch introducer {
    case "[":
      // CSI: parameters and intermediates, then one final character in @…~.
      guard characters.count > 1 else { return .more }
      // An X10 mouse report: `ESC [ M` and three bytes (button, column, line, each plus 32).
      if characters[1] == "M" {
        guard characters.count == 5 else { return .more }
        return .done(Self.x10Mouse(characters[2].value, characters[3].value, characters[4].value))
      }
      let last = scalar.value
      if (0x20...0x3F).contains(last) {
        // Guard against a stream that never ends the sequence.
        return characters.count > 32 ? .done(.ignored) : .more
      }
      return .done(Self.csi(String(String.UnicodeScalarView(characters.dropFirst()))))
    case "O":
      // SS3: one character.
      guard characters.count > 1 else { return .more }
      return .done(Self.ss3(scalar))
    default:
      return .done(.ignored)
    }
  }

  /// The meaning of `ESC [` followed by `body` (parameters and the final character).
  static func csi(_ body: String) -> Meaning {
    guard let final = body.last else { return .ignored }
    let parameters = body.dropLast()
    if parameters.hasPrefix("<") { return mouse(parameters.dropFirst(), release: final == "m") }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let first = numbers.first.flatMap { $0 }
    switch final {
    case "A": return .key(.up)
    case "B": return .key(.down)
    case "C": return .key(.right)
    case "D": return .key(.left)
    case "H": return .key(.home)
    case "F": return .key(.end)
    case "Z": return .key(.backTab)
    case "P", "Q", "R", "S":
      // xterm's F1–F4 with modifiers (`ESC [ 1 ; 2 P`).
      return .key(.function(Int(final.unicodeScalars.first!.value) - 0x50 + 1))
    case "~":
      switch first {
      case 1, 7: return .key(.home)
      case 4, 8: return .key(.end)
      case 3: return .key(.delete)
      case 5: return .key(.pageUp)
      case 6: return .key(.pageDown)
      case 200: return .pasteStart
      case 201: return .pasteEnd
      case let code?:
        let functionKeys = [11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12]
        return functionKeys[code].map { .key(.function($0)) } ?? .ignored
      case nil: return .ignored
      }
    default: return .ignored
    }
  }

  /// An SGR mouse report (`ESC [ < button ; x ; y M`, coordinates from 1).
  static func mouse(_ parameters: Substring, release: Bool) -> Meaning {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, !release else { return .ignored }
    return mouse(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1)
  }

  /// A mouse report's button code at a cell (from 0): a press of the left button or a wheel step.
  static func mouse(button: Int, x: Int, y: Int) -> Meaning {
    // Motion (32) and modifier bits (4, 8, 16) aside: 0 is the left button, 64 and 65 the wheel.
    guard button & 32 == 0 else { return .ignored }
    switch button & ~0b11100 {
    case 0: return .mouse(MouseEvent(.press, x: x, y: y))
    case 64: return .mouse(MouseEvent(.wheelUp, x: x, y: y))
    case 65: return .mouse(MouseEvent(.wheelDown, x: x, y: y))
    default: return .ignored
    }
  }

  /// An X10 mouse report's meaning (each value is the button or the 1-based place, plus 32).
  static func x10Mouse(_ button: UInt32, _ column: UInt32, _ line: UInt32) -> Meaning {
    guard button >= 32, column >= 33, line >= 33 else { return .ignored }
    return mouse(button: Int(button - 32), x: Int(column - 33), y: Int(line - 33))
  }

  /// The meaning of `ESC O` followed by `scalar`.
  static func ss3(_ scalar: Unicode.Scalar) -> Meaning {
    switch scalar {
    case "A": .key(.up)
    case "B": .key(.down)
    case "C": .key(.right)
    case "D": .key(.left)
    case "H": .key(.home)
    case "F": .key(.end)
    case "M": .key(.enter)
    case "P": .key(.function(1))
    case "Q": .key(.function(2))
    case "R": .key(.function(3))
    case "S": .key(.function(4))
    default: .ignored
    }
  }
}

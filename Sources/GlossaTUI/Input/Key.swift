/// A key press, decoded by the terminal into something the keymap can match.
public enum Key: Sendable, Hashable {
  /// A printable character (or any text the terminal delivered as one cluster).
  case char(Character)
  /// Control plus a letter (`ctrl("r")` is Ctrl-R).
  case ctrl(Character)
  /// Alt (Meta) plus a key, delivered as Esc followed by the key.
  case alt(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace, delete
  /// A function key F1…F12.
  case function(Int)

  /// How the key is written in the footer and help overlay.
  public var label: String {
    switch self {
    case .char(" "): return "Space"
    case .char(let c): return String(c)
    case .ctrl(let c): return "Ctrl-\(c.uppercased())"
    case .alt("\r"), .alt("\n"): return "Alt-Enter"
    case .alt("\u{7F}"), .alt("\u{8}"): return "Alt-Bksp"
    case .alt(let c): return "Alt-\(c)"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .backspace: return "Bksp"
    case .delete: return "Del"
    case .function(let n): return "F\(n)"
    }
  }
}

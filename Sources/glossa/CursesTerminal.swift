import CNcursesw
import Foundation
import GlossaCore
import GlossaTUI

/// The curses screen: owns the terminal while the review runs. The only file that imports curses.
///
/// It draws a `Screen` by writing only the cells that changed since the last frame, then one
/// `doupdate`. `restore()` gives the terminal back; it is safe to call more than once.
final class CursesTerminal: ReviewTerminal {
  private var screen: OpaquePointer?
  private var previous: Screen?
  private let colors: Bool
  private var active = false
  /// The second of two Escapes read at once, handed out by the next `read`.
  private var pendingEscape = false
  /// True when no UTF-8 locale could be set: cells are drawn in ASCII.
  let asciiOnly: Bool
  /// What the review says once about the locale (switched to UTF-8, or drawing ASCII).
  let localeNote: String?
  /// True when curses reads mouse reports (off with `--no-mouse`).
  private let mouse: Bool

  /// Takes over the terminal.
  ///
  /// - Throws: `CommandError` when standard input or output is not a terminal or curses cannot start.
  init(environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true) throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw CommandError.notATerminal
    }
    let term = environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else {
      throw CommandError.cannotMoveCursor(term: term)
    }
    (asciiOnly, localeNote) = CursesTerminal.chooseLocale()
    if environment["ESCDELAY"] == nil { setenv("ESCDELAY", "25", 1) }
    guard let screen = glossa_newterm() else {
      throw CommandError.cannotOpenTerminal(term: term)
    }
    self.screen = screen
    active = true
    let canMoveCursor = tigetstr("cup").map { Int(bitPattern: $0) != -1 } ?? false
    _ = glossa_install_signal_handlers()
    cbreak()
    noecho()
    nonl()
    intrflush(glossa_stdscr(), false)
    keypad(glossa_stdscr(), true)
    glossa_mouse(mouse ? 1 : 0)
    self.mouse = mouse
    // Bracketed paste: pasted text arrives marked, so it is typed, never read as keys.
    CursesTerminal.writeControl("\u{1B}[?2004h")
    curs_set(0)
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    colors = !noColor && has_colors()
    if colors {
      start_color()
      use_default_colors()
      for role in ColorRole.allCases {
        init_pair(Int16(role.rawValue + 1), CursesTerminal.foreground(role), -1)
      }
    }
    guard canMoveCursor else {
      restore()
      throw CommandError.cannotMoveCursor(term: term)
    }
  }

  deinit { restore() }

  /// Writes a control sequence straight to the terminal.
  private static func writeControl(_ sequence: String) {
    let bytes = Array(sequence.utf8)
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }

  /// Sets the user's locale; when it does not encode UTF-8, switches to a UTF-8 locale the system
  /// has. Returns whether cells must be drawn in ASCII, and a sentence to show once.
  static func chooseLocale() -> (asciiOnly: Bool, note: String?) {
    setlocale(LC_ALL, "")
    if isUTF8() { return (false, nil) }
    let before = String(cString: nl_langinfo(nl_item(CODESET)))
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"] where setlocale(LC_ALL, name) != nil {
      if isUTF8() {
        return (false, "The locale's character set is \(before), not UTF-8: drawing with \(name)")
      }
    }
    setlocale(LC_ALL, "")
    return (true, "The locale is \(before) and the system has no UTF-8 locale: non-ASCII text shows as ?")
  }

  private static func isUTF8() -> Bool {
    let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
    return codeset == "UTF-8" || codeset == "UTF8"
  }

  /// The ASCII stand-in for a cell's text when the terminal cannot show UTF-8.
  static func ascii(_ text: String) -> String {
    if text.allSatisfy(\.isASCII) { return text }
    switch text {
    case "▸": return ">"
    case "✖": return "E"
    case "▲": return "W"
    case "●": return "i"
    case "✓": return "+"
    case "—", "─", "━": return "-"
    case "│", "┃": return "|"
    case "┌", "┐", "└", "┘", "├", "┤": return "+"
    case "█": return "#"
    case "░": return "."
    case "▓": return "!"
    case "…": return "~"
    case "≠": return "~"
    case "·": return "."
    case "↵": return "/"
    case "ⁿ": return "n"
    case "␣": return "_"
    case "⇥": return ">"
    default: return "?"
    }
  }

  /// The terminal's size in columns and rows.
  var size: (width: Int, height: Int) { (Int(glossa_cols()), Int(glossa_lines())) }

  /// Gives the terminal back in the state it was found.
  func restore() {
    guard active else { return }
    active = false
    glossa_mouse(0)
    CursesTerminal.writeControl("\u{1B}[?2004l")
    endwin()
    if let screen { delscreen(screen) }
    screen = nil
  }

  /// Draws `frame`, writing only cells that differ from the last frame, then refreshes once.
  func draw(_ frame: Screen) {
    guard active else { return }
    if previous.map({ $0.width != frame.width || $0.height != frame.height }) ?? true {
      erase()
      previous = nil
    }
    var buffer = [wchar_t](repeating: 0, count: 6)
    for position in frame.changedPositions(since: previous) {
      let cell = frame[position.x, position.y]
      if cell.isContinuation { continue }
      let (attributes, pair) = attributes(of: cell.style)
      // One string per column the cell takes (`Cell.terminalGlyphs`): an emoji sequence a
      // terminal would draw at another width is drawn so that every column is written.
      let glyphs = asciiOnly ? [CursesTerminal.ascii(cell.text)] : cell.terminalGlyphs
      for (offset, glyph) in glyphs.enumerated() {
        var count = 0
        for scalar in glyph.unicodeScalars where count < 5 {
          buffer[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
        if count == 0 {
          buffer[0] = 32
          count = 1
        }
        buffer[count] = 0
        _ = glossa_put_wide(Int32(position.y), Int32(position.x + offset), buffer, attributes, pair)
      }
    }
    previous = frame
    wnoutrefresh(glossa_stdscr())
    doupdate()
  }

  /// Forgets the last frame so the next draw repaints every cell (after a resize or Ctrl-L).
  func invalidate() {
    previous = nil
    clearok(glossa_stdscr(), true)
  }

  /// Waits up to `milliseconds` for input; nil when nothing arrived.
  func read(timeout milliseconds: Int32) -> TerminalInput? {
    guard active else { return nil }
    if pendingEscape {
      pendingEscape = false
      return .key(.escape)
    }
    let pending = glossa_take_signal()
    if pending != 0 { return .signal(pending) }
    timeout(milliseconds)
    var value: UInt32 = 0
    let result = glossa_get_wch(&value)
    let signal = glossa_take_signal()
    if signal != 0 { return .signal(signal) }
    if result == glossa_key_code_yes() { return decodeKeyCode(Int32(bitPattern: value)) }
    guard result == glossa_ok() else { return nil }
    if value == 27 {
      // Esc alone, a sequence the terminfo entry does not name, or Alt plus the key that
      // follows at once.
      timeout(0)
      var next: UInt32 = 0
      guard glossa_get_wch(&next) == glossa_ok(), let scalar = Unicode.Scalar(next) else { return .key(.escape) }
      if scalar == "[" || scalar == "O" { return readSequence(after: scalar) }
      if next == 27 {
        // Two Escapes at once (a quick double press, or keys sent together): two Escapes.
        pendingEscape = true
        return .key(.escape)
      }
      if next == 13 { return .key(.alt("\r")) }
      return .key(.alt(Character(scalar)))
    }
    return CursesTerminal.decodeCharacter(value).map { .key($0) }
  }

  /// Reads the rest of an escape sequence that began `ESC introducer`: a key, a mouse report, a
  /// bracketed paste, or nothing (an unknown sequence is swallowed whole, never typed). `ESC [`
  /// or `ESC O` with nothing after it is Alt plus that key.
  private func readSequence(after introducer: Unicode.Scalar) -> TerminalInput? {
    var sequence = EscapeSequence()
    var step = sequence.feed(introducer)
    var read = 0
    while case .more = step {
      // The rest of a sequence arrives with its start.
      timeout(read == 0 ? 0 : 10)
      var value: UInt32 = 0
      guard glossa_get_wch(&value) == glossa_ok(), let scalar = Unicode.Scalar(value) else {
        return read == 0 ? .key(.alt(Character(introducer))) : nil
      }
      read += 1
      step = sequence.feed(scalar)
    }
    guard case .done(let meaning) = step else { return nil }
    switch meaning {
    case .key(let key): return .key(key)
    case .mouse(let mouse): return .mouse(mouse)
    case .pasteStart: return readPaste()
    case .pasteEnd, .ignored: return nil
    }
  }

  /// The text of a bracketed paste, up to `ESC [ 201 ~` (or a pause of half a second). Text past
  /// a million characters is read and dropped, never taken as keys.
  private func readPaste() -> TerminalInput {
    var text = ""
    var scalars = 0
    while true {
      timeout(500)
      var value: UInt32 = 0
      let result = glossa_get_wch(&value)
      guard result == glossa_ok(), let scalar = Unicode.Scalar(value) else {
        if result == glossa_key_code_yes() { continue }
        break
      }
      scalars += 1
      if value == 27 {
        var sequence = EscapeSequence()
        var step = EscapeSequence.Step.more
        while case .more = step {
          timeout(10)
          var next: UInt32 = 0
          guard glossa_get_wch(&next) == glossa_ok(), let nextScalar = Unicode.Scalar(next) else { break }
          step = sequence.feed(nextScalar)
        }
        if case .done(.pasteEnd) = step { break }
        continue
      }
      if scalars <= 1 << 20 { text.unicodeScalars.append(scalar) }
    }
    return .paste(text)
  }

  /// Reads and drops the rest of a mouse report whose start curses read as `KEY_MOUSE` while
  /// the mouse is off: curses knows where a report starts (terminfo's `kmous`) but reads the rest
  /// only while it handles the mouse, and a terminal may still send reports. An SGR report goes
  /// on with `digits;digits;digits` up to `M` or `m`, an X10 one with three bytes. Without this
  /// `--no-mouse` typed `0;10;8M` into the value being edited.
  private func dropRestOfMouseReport() {
    timeout(0)
    var value: UInt32 = 0
    guard glossa_get_wch(&value) == glossa_ok() else { return }
    if (48...57).contains(value) || value == 59 {
      for _ in 0..<32 {
        if value == 77 || value == 109 { return }
        timeout(10)
        guard glossa_get_wch(&value) == glossa_ok() else { return }
      }
    } else {
      for _ in 0..<2 {
        timeout(10)
        guard glossa_get_wch(&value) == glossa_ok() else { return }
      }
    }
  }

  /// A character code as a key: controls become Ctrl-letters, Enter, Tab, Backspace.
  static func decodeCharacter(_ value: UInt32) -> Key? {
    switch value {
    case 13: return .enter
    case 9: return .tab
    case 10: return .ctrl("j")
    case 127: return .backspace
    case 1...26:
      guard let scalar = Unicode.Scalar(value + 96) else { return nil }
      return .ctrl(Character(scalar))
    case 0, 28...31: return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .char(Character(scalar))
    }
  }

  private func decodeKeyCode(_ code: Int32) -> TerminalInput? {
    switch code {
    case glossa_key_resize():
      invalidate()
      return .resize(width: size.width, height: size.height)
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_DC: return .key(.delete)
    case KEY_BTAB: return .key(.backTab)
    case glossa_key_mouse():
      guard mouse else {
        dropRestOfMouseReport()
        return nil
      }
      var x: Int32 = 0
      var y: Int32 = 0
      let kinds: [Int32: MouseEvent.Kind] = [1: .press, 2: .wheelUp, 3: .wheelDown]
      guard let kind = kinds[glossa_read_mouse(&x, &y)] else { return nil }
      return .mouse(MouseEvent(kind, x: Int(x), y: Int(y)))
    default:
      for n in 1...12 where code == glossa_key_f(Int32(n)) { return .key(.function(n)) }
      return nil
    }
  }

  private func attributes(of style: Style) -> (attr_t, Int16) {
    var attributes = glossa_a_normal()
    if style.bold { attributes |= glossa_a_bold() }
    if style.reverse { attributes |= glossa_a_reverse() }
    if style.underline { attributes |= glossa_a_underline() }
    if style.dim { attributes |= glossa_a_dim() }
    guard colors, style.role != .normal else { return (attributes, 0) }
    return (attributes, Int16(style.role.rawValue + 1))
  }

  private static func foreground(_ role: ColorRole) -> Int16 {
    switch role {
    case .normal, .muted: -1
    case .error: Int16(COLOR_RED)
    case .warning: Int16(COLOR_YELLOW)
    case .info: Int16(COLOR_CYAN)
    case .edited: Int16(COLOR_MAGENTA)
    case .changed: Int16(COLOR_BLUE)
    case .accent: Int16(COLOR_GREEN)
    case .title: Int16(COLOR_BLUE)
    }
  }
}

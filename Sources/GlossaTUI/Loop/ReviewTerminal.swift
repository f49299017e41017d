import GlossaCore

/// What the terminal delivered: a key, a new size, or a signal asking the program to stop.
public enum TerminalInput {
  case key(Key)
  case mouse(MouseEvent)
  /// Text the terminal pasted (bracketed paste): typed into the editor as it is, never read as keys.
  case paste(String)
  case resize(width: Int, height: Int)
  case signal(Int32)
}

/// What the review loop needs from a terminal; `CursesTerminal` is the real one, the benchmark
/// drives the loop with a scripted one.
public protocol ReviewTerminal: AnyObject {
  /// Columns and lines.
  var size: (width: Int, height: Int) { get }
  /// Shows a frame.
  func draw(_ frame: Screen)
  /// Forgets the last frame so the next draw repaints every cell.
  func invalidate()
  /// Waits up to `milliseconds` for input; nil when nothing arrived.
  func read(timeout milliseconds: Int32) -> TerminalInput?
}

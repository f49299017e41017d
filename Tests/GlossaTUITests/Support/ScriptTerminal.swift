import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// A terminal for the review loop run in-process: it plays a script of keys, each step waiting
/// (on the loop's own frames, with a deadline) until the screen shows what it should, and keeps
/// every frame drawn as a cell grid. A step that times out records an issue and quits the loop.
final class ScriptTerminal: ReviewTerminal {
  enum Step {
    case key(Key)
    case mouse(MouseEvent)
    /// Waits until the last frame contains the text.
    case waitFor(String)
    /// Waits until the last frame does not contain the text.
    case waitGone(String)
    /// Types the text, one key per character.
    case type(String)
  }

  let size: (width: Int, height: Int)
  private var steps: [Step]
  private(set) var frames: [Screen] = []
  private var pendingText: [Character] = []
  private var deadline: Date?
  let timeout: TimeInterval
  private(set) var timedOut: String?
  private var quitKeys = 0

  init(width: Int = 100, height: Int = 30, timeout: TimeInterval = 30, _ steps: [Step]) {
    size = (width, height)
    self.steps = steps
    self.timeout = timeout
  }

  var screen: String { frames.last?.text ?? "" }

  func draw(_ frame: Screen) { frames.append(frame) }
  func invalidate() {}

  func read(timeout milliseconds: Int32) -> TerminalInput? {
    if timedOut != nil {
      // Out of the loop however it is: Ctrl-C's status.
      quitKeys += 1
      return .signal(2)
    }
    if !pendingText.isEmpty { return .key(.char(pendingText.removeFirst())) }
    guard let step = steps.first else {
      Thread.sleep(forTimeInterval: 0.005)
      return nil
    }
    switch step {
    case .key(let key):
      steps.removeFirst()
      return .key(key)
    case .mouse(let mouse):
      steps.removeFirst()
      return .mouse(mouse)
    case .type(let text):
      steps.removeFirst()
      pendingText = Array(text)
      return pendingText.isEmpty ? nil : .key(.char(pendingText.removeFirst()))
    case .waitFor(let text), .waitGone(let text):
      let wanted: Bool = if case .waitFor = step { true } else { false }
      if screen.contains(text) == wanted {
        steps.removeFirst()
        deadline = nil
        return nil
      }
      let limit = deadline ?? Date().addingTimeInterval(timeout)
      deadline = limit
      if Date() > limit {
        timedOut = "timed out waiting for \(wanted ? "" : "the end of ")“\(text)”; the screen shows:\n\(screen)"
        return .signal(2)
      }
      Thread.sleep(forTimeInterval: 0.005)
      return nil
    }
  }
}

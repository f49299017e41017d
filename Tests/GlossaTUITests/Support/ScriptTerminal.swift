import Foundation
import GlossaTestSupport
import GlossaCore
import Testing

@testable import GlossaTUI

/// A terminal for the review loop run in-process: it plays a script of keys, each step waiting
/// (on the loop's own frames, with a deadline) until the screen shows what it should, and keeps
/// the frames drawn as cell grids. A step that times out records an issue and stops the loop, as
/// does a script that ends while the loop still runs.
///
/// The loop calls `read` on the test's own thread, so `perform` and `then` steps can use
/// `#expect` and read files while the loop waits for them.
final class ScriptTerminal: ReviewTerminal {
  enum Step {
    case key(Key)
    case mouse(MouseEvent)
    /// Text the terminal pastes (bracketed paste).
    case paste(String)
    /// The window changes size.
    case resize(width: Int, height: Int)
    /// A signal arrives (the loop ends with 128 + it).
    case signal(Int32)
    /// Waits until the last frame contains the text.
    case waitFor(String)
    /// Waits until the last frame does not contain the text.
    case waitGone(String)
    /// Waits until `test` holds for the terminal (its last frame); `what` names it in a timeout's message.
    case waitUntil(_ what: String, _ test: (ScriptTerminal) -> Bool)
    /// Types the text as a terminal delivers it: one key per Unicode scalar (`👍🏽` is two keys).
    case type(String)
    /// Runs `body` between two reads: look at the screen, check or change files. A thrown error
    /// records an issue and stops the loop.
    case perform((ScriptTerminal) throws -> Void)
    /// Steps worked out from the screen as it is at this point (how many `j` reach an item).
    case then((ScriptTerminal) throws -> [Step])
  }

  private(set) var size: (width: Int, height: Int)
  private var steps: [Step]
  /// The frames drawn, the last `keptFrames` of them.
  private(set) var frames: [Screen] = []
  private let keptFrames = 64
  /// How many frames were drawn in all.
  private(set) var frameCount = 0
  private var pendingText: [Character] = []
  private var deadline: Date?
  let timeout: TimeInterval
  /// Why the script stopped the loop early, if it did.
  private(set) var failure: String?

  init(width: Int = 100, height: Int = 30, timeout: TimeInterval = 30, _ steps: [Step]) {
    size = (width, height)
    self.steps = steps
    self.timeout = timeout
  }

  /// The last frame's text.
  var screen: String { frames.last?.text ?? "" }

  /// The last frame's lines.
  var lines: [String] { screen.components(separatedBy: "\n") }

  /// The last frame as a terminal draws it (`Cell.terminalGlyphs`: an emoji sequence as what every
  /// terminal agrees on), one string per row; nil for a row where a cell's glyphs do not cover
  /// exactly the columns the grid gives it (cells of an earlier frame would stay behind).
  var drawnLines: [String?] {
    guard let frame = frames.last else { return [] }
    return (0..<frame.height).map { y in
      var line = ""
      var x = 0
      while x < frame.width {
        let cell = frame[x, y]
        let glyphs = cell.terminalGlyphs
        let columns = glyphs.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
        guard cell.width > 0, columns == cell.width else { return nil }
        line += glyphs.joined()
        x += cell.width
      }
      return line
    }
  }

  /// The second line: language, table, filter, finding counts, progress, unsaved.
  var header: String { lines.count > 1 ? lines[1] : "" }

  /// The last non-blank line: the footer, a prompt or a question.
  var footer: String { lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "" }

  /// A timeout or failed step, for tests that wrote their own checks (see `ReviewRun`).
  var timedOut: String? { failure }

  func draw(_ frame: Screen) {
    frames.append(frame)
    frameCount += 1
    if frames.count > keptFrames { frames.removeFirst(frames.count - keptFrames) }
  }

  func invalidate() {}

  /// Stops the loop at the next read, recording why.
  private func stop(_ reason: String) -> TerminalInput {
    if failure == nil { failure = reason }
    return .signal(2)
  }

  func read(timeout milliseconds: Int32) -> TerminalInput? {
    // Out of the loop however it is: Ctrl-C's status.
    if failure != nil { return .signal(2) }
    if !pendingText.isEmpty { return .key(.char(pendingText.removeFirst())) }
    guard let step = steps.first else {
      // The script is played: the loop should have ended by now (a quit that asked a question).
      return waiting(for: "the loop to end after the script's last step", milliseconds: milliseconds)
    }
    switch step {
    case .key(let key):
      steps.removeFirst()
      return .key(key)
    case .mouse(let mouse):
      steps.removeFirst()
      return .mouse(mouse)
    case .paste(let text):
      steps.removeFirst()
      return .paste(text)
    case .resize(let width, let height):
      steps.removeFirst()
      size = (width, height)
      return .resize(width: width, height: height)
    case .signal(let signal):
      steps.removeFirst()
      return .signal(signal)
    case .type(let text):
      steps.removeFirst()
      pendingText = text.unicodeScalars.map(Character.init)
      return pendingText.isEmpty ? nil : .key(.char(pendingText.removeFirst()))
    case .perform(let body):
      steps.removeFirst()
      do { try body(self) } catch { return stop("a step failed: \(error)") }
      return nil
    case .then(let make):
      steps.removeFirst()
      do { steps.insert(contentsOf: try make(self), at: 0) } catch { return stop("a step failed: \(error)") }
      return nil
    case .waitFor(let text):
      return wait(until: screen.contains(text), "“\(text)”", milliseconds: milliseconds)
    case .waitGone(let text):
      return wait(until: !screen.contains(text), "the end of “\(text)”", milliseconds: milliseconds)
    case .waitUntil(let what, let test):
      return wait(until: test(self), what, milliseconds: milliseconds)
    }
  }

  /// Ends a wait step when `done`, else waits on until the deadline.
  private func wait(until done: Bool, _ what: String, milliseconds: Int32) -> TerminalInput? {
    guard done else { return waiting(for: what, milliseconds: milliseconds) }
    steps.removeFirst()
    deadline = nil
    return nil
  }

  /// Nothing to send yet: gives the loop back a turn (as a terminal with no input would, after a
  /// few milliseconds of the time it may wait) so that it drains its mailbox and draws, unless the
  /// deadline has passed.
  private func waiting(for what: String, milliseconds: Int32) -> TerminalInput? {
    let limit = deadline ?? Date().addingTimeInterval(timeout)
    deadline = limit
    if Date() > limit {
      return stop("timed out waiting for \(what); the screen shows:\n\(screen)")
    }
    Thread.sleep(forTimeInterval: Double(min(milliseconds, 5)) / 1000)
    return nil
  }
}

extension ScriptTerminal.Step {
  /// Waits until every language is read and the checks ran: finding counts in the header, no
  /// `loading` or `checking…`.
  static var fullyLoaded: Self {
    .waitUntil("every language loaded and checked") { terminal in
      let header = terminal.header
      return header.contains(/✖\d+ ▲\d+ ●\d+/) && !header.contains("loading") && !header.contains("checking")
    }
  }

  /// Selects `key` with `/` search and waits for the detail pane to show it.
  static func select(_ key: String) -> [Self] {
    [.key(.char("/")), .type(key), .key(.enter), .waitFor("─ \(key) ─")]
  }

  /// Replaces the selected key's value (`e`, or `E` for the remote one), Ctrl-U, the text,
  /// Enter, and waits for the message naming it.
  static func replaceValue(_ key: String, with text: String, remote: Bool = false, message: String = "Edited") -> [Self]
  {
    [
      .key(.char(remote ? "E" : "e")), .waitFor("─ Editing \(key) (\(remote ? "remote" : "local"))"),
      .key(.ctrl("u")), .type(text), .key(.enter), .waitFor("\(message) \(key)"),
    ]
  }

  /// Opens the language picker with `L`, moves to `language` and chooses it.
  static func pickLanguage(_ language: String) -> [Self] {
    [
      .key(.char("L")), .waitFor("┌─ Language "),
      .then { terminal in
        let (items, selected) = terminal.pickerItems()
        guard let target = items.firstIndex(of: language), let selected else {
          throw ScriptFailure("\(language) is not in the language picker: \(items)")
        }
        let step: Key = .char(target > selected ? "j" : "k")
        return Array(repeating: .key(step), count: abs(target - selected)) + [
          .waitFor("│▸ \(language) "), .key(.enter),
          .waitUntil("Lang \(language) shown") {
            $0.header.contains(" Lang \(language) ") && !$0.screen.contains("┌─ Language ")
          },
        ]
      },
    ]
  }

  /// Presses `key` until the screen contains `text` (a findings-view filter cycling to a value),
  /// at most `limit` times, each press waiting for the frame it makes.
  static func press(_ key: Key, until text: String, limit: Int = 40) -> Self {
    .then { terminal in
      if terminal.screen.contains(text) { return [] }
      guard limit > 0 else { throw ScriptFailure("pressing \(key) never showed “\(text)”") }
      let drawn = terminal.frameCount
      return [
        .key(key), .waitUntil("a frame after \(key)") { _ in terminal.frameCount > drawn },
        .press(key, until: text, limit: limit - 1),
      ]
    }
  }
}

extension ScriptTerminal {
  /// The items of the open language picker and which one is selected.
  func pickerItems() -> (items: [String], selected: Int?) { PickerLines.items(lines) }

  /// The text after `│ ` on the detail pane's line labelled `label` (`Local`, `Remote`, `State`).
  func detailValue(_ label: String) -> String? {
    for line in lines {
      guard line.hasPrefix(" \(label) "), let bar = line.range(of: "│ ") else { continue }
      guard line[..<bar.lowerBound].trimmingCharacters(in: .whitespaces) == label else { continue }
      var value = String(line[bar.upperBound...])
      while value.hasSuffix(" ") { value.removeLast() }
      return value
    }
    return nil
  }

  /// The header's finding counts (`✖14 ▲17 ●5`), once the checks have run.
  var headerCounts: FindingCounts? {
    guard let match = header.firstMatch(of: /✖(\d+) ▲(\d+) ●(\d+)/),
      let errors = Int(match.1), let warnings = Int(match.2), let info = Int(match.3)
    else { return nil }
    return FindingCounts(errors: errors, warnings: warnings, info: info)
  }
}

/// Errors, warnings and info, as the header and lint's summary count them.
struct FindingCounts: Equatable, CustomStringConvertible {
  var errors: Int
  var warnings: Int
  var info: Int

  var description: String { "✖\(errors) ▲\(warnings) ●\(info)" }
}

/// A scripted step that could not be worked out.
struct ScriptFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

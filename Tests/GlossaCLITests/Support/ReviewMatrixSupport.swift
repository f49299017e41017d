import Foundation
import GlossaTestSupport
import Testing

/// Screen helpers for driving `glossa review` under tmux.
extension TmuxSession {
  /// Waits until every language is loaded and the checks have run (counts in the header, no
  /// `loading`/`checking…`).
  func waitForFullLoad(timeout: Double = 120) throws {
    try wait(for: "✖", timeout: timeout) { screen in
      let lines = screen.components(separatedBy: "\n")
      guard lines.count > 1 else { return false }
      let header = lines[1]
      return header.contains(/✖\d+ ▲\d+ ●\d+/) && !header.contains("loading") && !header.contains("checking")
    }
  }

  /// Waits until the screen shows one of `texts`; returns it.
  func waitForAny(_ texts: [String], timeout: Double = 30) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = screen()
      if let found = texts.first(where: { last.contains($0) }) { return found }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw MatrixFiles.Failure(description: "timed out waiting for any of \(texts); the screen shows:\n\(last)")
  }

  /// The items of the open language picker and which one is selected.
  func pickerItems() -> (items: [String], selected: Int?) {
    PickerLines.items(screen().components(separatedBy: "\n"))
  }

  /// Opens the language picker with `L`, moves to `language` with `j`/`k`, and chooses it.
  func pickLanguage(_ language: String, timeout: Double = 30) throws {
    keys("L")
    try wait(for: "┌─ Language ", timeout: timeout)
    // The capture can catch a frame half drawn (the box's top and its first items): read the
    // items until the language shows, or the box is whole and lacks it.
    var (items, selected) = pickerItems()
    let deadline = Date().addingTimeInterval(timeout)
    while !items.contains(language) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      (items, selected) = pickerItems()
    }
    guard let target = items.firstIndex(of: language), let selected else {
      throw MatrixFiles.Failure(description: "\(language) is not in the language picker: \(items)\n\(screen())")
    }
    let step = target > selected ? "j" : "k"
    for _ in 0..<abs(target - selected) { keys(step) }
    try wait(for: "│▸ \(language) ", timeout: timeout)
    keys("Enter")
    try wait(for: " Lang \(language) ", timeout: timeout) { !$0.contains("┌─ Language ") }
  }

  /// Selects `key` with `/` search; waits for the detail pane to show it.
  func select(key: String, timeout: Double = 30) throws {
    keys("/")
    type(key)
    keys("Enter")
    try wait(for: "─ \(key) ─", timeout: timeout)
  }

  /// The text after `│ ` on the detail pane line labelled `label` (`Local`, `Remote`, `State`).
  func detailValue(_ label: String) -> String? {
    for line in screen().components(separatedBy: "\n") {
      guard line.hasPrefix(" \(label) "), let bar = line.range(of: "│ ") else { continue }
      let head = line[..<bar.lowerBound].trimmingCharacters(in: .whitespaces)
      guard head == label else { continue }
      var value = String(line[bar.upperBound...])
      while value.hasSuffix(" ") { value.removeLast() }
      return value
    }
    return nil
  }

  /// Replaces the selected key's value: `e` (local) or `E` (remote), Ctrl-U, the text, Enter;
  /// waits for the `Edited` message.
  func replaceValue(with text: String, key: String, remote: Bool = false, timeout: Double = 30) throws {
    keys(remote ? "E" : "e")
    try wait(for: "─ Editing \(key) (\(remote ? "remote" : "local"))", timeout: timeout)
    keys("C-u")
    type(text)
    keys("Enter")
    try wait(for: "Edited \(key)", timeout: timeout)
  }

  /// Quits with `q`; when the unsaved-edits question appears, answers `unsavedAnswer` (and
  /// records an issue when no answer was expected). Waits for `EXIT=0`.
  func quit(
    unsavedAnswer: String? = nil, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    keys("q")
    let seen = try waitForAny(["EXIT=", " before quitting?"], timeout: timeout)
    if seen == " before quitting?" {
      if unsavedAnswer == nil {
        Issue.record("quitting asked about unsaved edits:\n\(screen())", sourceLocation: sourceLocation)
      }
      keys(unsavedAnswer ?? "d")
    } else if unsavedAnswer != nil {
      Issue.record("quitting did not ask about the unsaved edits", sourceLocation: sourceLocation)
    }
    try wait(for: "EXIT=0", timeout: timeout)
  }
}

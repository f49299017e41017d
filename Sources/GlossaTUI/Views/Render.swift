import Foundation

extension AppState {
  /// Draws the whole screen for the current state.
  public func render() -> Screen {
    var screen = Screen(width: width, height: height)
    let layout = self.layout
    guard layout.fits else {
      let notice = "Too small: need \(Layout.minimumWidth)×\(Layout.minimumHeight)"
      screen.putClipped(notice, x: 0, y: max(0, height / 2), width: width)
      // Keys are dropped (see `update`): nothing happens on a screen the user cannot see.
      screen.putClipped(
        "Keys are ignored until it is larger", x: 0, y: min(height - 1, height / 2 + 1), width: width)
      return screen
    }
    HeaderView.draw(self, into: &screen)
    KeyListView.draw(self, into: &screen)
    DetailView.draw(self, into: &screen)
    FooterView.draw(self, into: &screen)
    switch mode {
    case .help(let scroll): HelpView.draw(self, scroll: scroll, into: &screen)
    case .picker(let picker): PickerView.draw(picker, into: &screen)
    case .findings(let browser): FindingsView.draw(self, browser, into: &screen)
    default: break
    }
    return screen
  }
}

/// The screen shown while a bundle loads, before there is a state to draw.
public enum LoadingView {
  /// A screen saying what is being loaded and for how long.
  public static func render(width: Int, height: Int, message: String, seconds: Double) -> Screen {
    var screen = Screen(width: width, height: height)
    let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    let frame = spinner[Int(seconds * 10) % spinner.count]
    screen.put("glossa review", x: 1, y: 0, style: .heading)
    screen.putClipped("\(frame) \(message) (\(String(format: "%.1f", seconds)) s)", x: 1, y: 2, width: width - 2)
    screen.putClipped("q or Ctrl-C quits", x: 1, y: min(height - 1, 4), width: width - 2, style: .faint)
    return screen
  }
}

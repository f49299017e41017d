import SwiftUI
import TrailmateKit

typealias WelcomeText = Strings.Welcome

struct WelcomeScreen: View {
  // Strings.Welcome.List.title was shown here before the redesign.
  let note = "Strings.Welcome.List.title"
  var body: some View {
    VStack {
      Text(Strings.Welcome.Detail.confirm)
      Text(Strings.Welcome.Share.message)
      Text(TrailmateKit.Strings.Welcome.Detail.failure)
      Text(TrailmateKit.Strings.Welcome.Share.cancel)
      Text(WelcomeText.List.cancel)
      Text(WelcomeText.Editor.hint)
      Text(WelcomeText.Filter.subtitle)
    }
  }
}

extension Strings {
  static var welcomeShortcuts: [String] {
    [
      Welcome.List.message,
      Welcome.Editor.title,
      Welcome.Share.count(3),
    ]
  }
}

#Preview {
  VStack {
    Text(Strings.Welcome.List.count(3))
    Text(Strings.Welcome.Editor.empty)
    Text(Strings.Welcome.Filter.confirm)
  }
}

#if DEBUG
  enum WelcomeDebugMenu {
    static let items = [
      Strings.Welcome.Detail.subtitle,
      Strings.Welcome.Editor.summary("Ana", 2),
      Strings.Welcome.Filter.failure,
    ]
  }
#endif

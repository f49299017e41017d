import SwiftUI
import TrailmateKit

typealias ProfileText = L10n.Profile

struct ProfileScreen: View {
  // L10n.Profile.List.title was shown here before the redesign.
  let note = "L10n.Profile.List.title"
  var body: some View {
    VStack {
      Text(L10n.Profile.List.count(3))
      Text(L10n.Profile.Editor.empty)
      Text(L10n.Profile.Filter.confirm)
      Text(TrailmateKit.L10n.Profile.Detail.subtitle)
      Text(TrailmateKit.L10n.Profile.Editor.summary("Ana", 2))
      Text(TrailmateKit.L10n.Profile.Filter.failure)
      Text(ProfileText.Detail.failure)
      Text(ProfileText.Share.cancel)
    }
  }
}

extension L10n {
  static var profileShortcuts: [String] {
    [
      Profile.Detail.confirm,
      Profile.Share.message,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Profile.List.message)
    Text(L10n.Profile.Editor.title)
    Text(L10n.Profile.Share.count(3))
  }
}

#if DEBUG
  enum ProfileDebugMenu {
    static let items = [
      L10n.Profile.List.cancel,
      L10n.Profile.Editor.hint,
      L10n.Profile.Filter.subtitle,
    ]
  }
#endif

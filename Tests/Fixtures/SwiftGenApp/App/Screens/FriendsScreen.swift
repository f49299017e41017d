import SwiftUI
import TrailmateKit

typealias FriendsText = L10n.Friends

struct FriendsScreen: View {
  // L10n.Friends.List.subtitle was shown here before the redesign.
  let note = "L10n.Friends.List.subtitle"
  var body: some View {
    VStack {
      Text(L10n.Friends.List.empty)
      Text(L10n.Friends.Editor.confirm)
      Text(L10n.Friends.Filter.message)
      Text(TrailmateKit.L10n.Friends.List.summary("Ana", 2))
      Text(TrailmateKit.L10n.Friends.Editor.failure)
      Text(TrailmateKit.L10n.Friends.Filter.cancel)
      Text(FriendsText.Detail.cancel)
      Text(FriendsText.Share.hint)
    }
  }
}

extension L10n {
  static var friendsShortcuts: [String] {
    [
      Friends.Detail.message,
      Friends.Share.title,
      Friends.Filter.count(3),
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Friends.List.title)
    Text(L10n.Friends.Detail.count(3))
    Text(L10n.Friends.Share.empty)
  }
}

#if DEBUG
  enum FriendsDebugMenu {
    static let items = [
      L10n.Friends.List.hint,
      L10n.Friends.Editor.subtitle,
      L10n.Friends.Share.summary("Ana", 2),
    ]
  }
#endif

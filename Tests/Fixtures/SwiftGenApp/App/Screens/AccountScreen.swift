import SwiftUI
import TrailmateKit

typealias AccountText = Strings.Account

struct AccountScreen: View {
  // Strings.Account.List.message was shown here before the redesign.
  let note = "Strings.Account.List.message"
  var body: some View {
    VStack {
      Text(Strings.Account.List.confirm)
      Text(Strings.Account.Editor.message)
      Text(Strings.Account.Filter.title)
      Text(TrailmateKit.Strings.Account.List.failure)
      Text(TrailmateKit.Strings.Account.Editor.cancel)
      Text(TrailmateKit.Strings.Account.Filter.hint)
      Text(AccountText.Detail.hint)
      Text(AccountText.Share.subtitle)
      Text(AccountText.Filter.summary("Ana", 2))
    }
  }
}

extension Strings {
  static var accountShortcuts: [String] {
    [
      Account.Detail.title,
      Account.Editor.count(3),
      Account.Filter.empty,
    ]
  }
}

#Preview {
  VStack {
    Text(Strings.Account.Detail.empty)
    Text(Strings.Account.Share.confirm)
  }
}

#if DEBUG
  enum AccountDebugMenu {
    static let items = [
      Strings.Account.List.subtitle,
      Strings.Account.Detail.summary("Ana", 2),
      Strings.Account.Share.failure,
    ]
  }
#endif

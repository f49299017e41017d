import SwiftUI
import TrailmateKit

typealias JournalText = L10n.Journal

struct JournalScreen: View {
  // L10n.Journal.List.message was shown here before the redesign.
  let note = "L10n.Journal.List.message"
  var body: some View {
    VStack {
      Text(L10n.Journal.Detail.title)
      Text(L10n.Journal.Editor.count(3))
      Text(L10n.Journal.Filter.empty)
      Text(TrailmateKit.L10n.Journal.Detail.hint)
      Text(TrailmateKit.L10n.Journal.Share.subtitle)
      Text(TrailmateKit.L10n.Journal.Filter.summary("Ana", 2))
      Text(JournalText.List.subtitle)
      Text(JournalText.Detail.summary("Ana", 2))
      Text(JournalText.Share.failure)
    }
  }
}

extension L10n {
  static var journalShortcuts: [String] {
    [
      Journal.Detail.empty,
      Journal.Share.confirm,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Journal.List.confirm)
    Text(L10n.Journal.Editor.message)
    Text(L10n.Journal.Filter.title)
  }
}

#if DEBUG
  enum JournalDebugMenu {
    static let items = [
      L10n.Journal.List.failure,
      L10n.Journal.Editor.cancel,
      L10n.Journal.Filter.hint,
    ]
  }
#endif

import SwiftUI
import TrailmateKit

typealias TrailText = L10n.Trail

struct TrailScreen: View {
  // L10n.Trail.List.subtitle was shown here before the redesign.
  let note = "L10n.Trail.List.subtitle"
  var body: some View {
    VStack {
      Text(L10n.Trail.List.title)
      Text(L10n.Trail.Detail.count(3))
      Text(L10n.Trail.Share.empty)
      Text(TrailmateKit.L10n.Trail.List.hint)
      Text(TrailmateKit.L10n.Trail.Editor.subtitle)
      Text(TrailmateKit.L10n.Trail.Share.summary("Ana", 2))
      Text(TrailText.List.summary("Ana", 2))
      Text(TrailText.Editor.failure)
      Text(TrailText.Filter.cancel)
    }
  }
}

extension L10n {
  static var trailShortcuts: [String] {
    [
      Trail.List.empty,
      Trail.Editor.confirm,
      Trail.Filter.message,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Trail.Detail.message)
    Text(L10n.Trail.Share.title)
    Text(L10n.Trail.Filter.count(3))
  }
}

#if DEBUG
  enum TrailDebugMenu {
    static let items = [
      L10n.Trail.Detail.cancel,
      L10n.Trail.Share.hint,
    ]
  }
#endif

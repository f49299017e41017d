import SwiftUI
import TrailmateKit

typealias MapText = L10n.Map

struct MapScreen: View {
  // L10n.Map.List.message was shown here before the redesign.
  let note = "L10n.Map.List.message"
  var body: some View {
    VStack {
      Text(L10n.Map.List.confirm)
      Text(L10n.Map.Editor.message)
      Text(L10n.Map.Filter.title)
      Text(TrailmateKit.L10n.Map.List.failure)
      Text(TrailmateKit.L10n.Map.Editor.cancel)
      Text(TrailmateKit.L10n.Map.Filter.hint)
      Text(MapText.Detail.hint)
      Text(MapText.Share.subtitle)
      Text(MapText.Filter.summary("Ana", 2))
    }
  }
}

extension L10n {
  static var mapShortcuts: [String] {
    [
      Map.Detail.title,
      Map.Editor.count(3),
      Map.Filter.empty,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Map.Detail.empty)
    Text(L10n.Map.Share.confirm)
  }
}

#if DEBUG
  enum MapDebugMenu {
    static let items = [
      L10n.Map.List.subtitle,
      L10n.Map.Detail.summary("Ana", 2),
      L10n.Map.Share.failure,
    ]
  }
#endif

import SwiftUI
import TrailmateKit

typealias GearText = L10n.Gear

struct GearScreen: View {
  // L10n.Gear.List.message was shown here before the redesign.
  let note = "L10n.Gear.List.message"
  var body: some View {
    VStack {
      Text(L10n.Gear.Detail.empty)
      Text(L10n.Gear.Share.confirm)
      Text(TrailmateKit.L10n.Gear.List.subtitle)
      Text(TrailmateKit.L10n.Gear.Detail.summary("Ana", 2))
      Text(TrailmateKit.L10n.Gear.Share.failure)
      Text(GearText.List.failure)
      Text(GearText.Editor.cancel)
      Text(GearText.Filter.hint)
    }
  }
}

extension L10n {
  static var gearShortcuts: [String] {
    [
      Gear.List.confirm,
      Gear.Editor.message,
      Gear.Filter.title,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Gear.Detail.title)
    Text(L10n.Gear.Editor.count(3))
    Text(L10n.Gear.Filter.empty)
  }
}

#if DEBUG
  enum GearDebugMenu {
    static let items = [
      L10n.Gear.Detail.hint,
      L10n.Gear.Share.subtitle,
      L10n.Gear.Filter.summary("Ana", 2),
    ]
  }
#endif

import SwiftUI
import TrailmateKit

typealias PermissionsText = Strings.Permissions

struct PermissionsScreen: View {
  // Strings.Permissions.List.subtitle was shown here before the redesign.
  let note = "Strings.Permissions.List.subtitle"
  var body: some View {
    VStack {
      Text(Strings.Permissions.List.title)
      Text(Strings.Permissions.Detail.count(3))
      Text(Strings.Permissions.Share.empty)
      Text(TrailmateKit.Strings.Permissions.List.hint)
      Text(TrailmateKit.Strings.Permissions.Editor.subtitle)
      Text(TrailmateKit.Strings.Permissions.Share.summary("Ana", 2))
      Text(PermissionsText.List.summary("Ana", 2))
      Text(PermissionsText.Editor.failure)
      Text(PermissionsText.Filter.cancel)
    }
  }
}

extension Strings {
  static var permissionsShortcuts: [String] {
    [
      Permissions.List.empty,
      Permissions.Editor.confirm,
      Permissions.Filter.message,
    ]
  }
}

#Preview {
  VStack {
    Text(Strings.Permissions.Detail.message)
    Text(Strings.Permissions.Share.title)
    Text(Strings.Permissions.Filter.count(3))
  }
}

#if DEBUG
  enum PermissionsDebugMenu {
    static let items = [
      Strings.Permissions.Detail.cancel,
      Strings.Permissions.Share.hint,
    ]
  }
#endif

import SwiftUI
import TrailmateKit

typealias PhotosText = L10n.Photos

struct PhotosScreen: View {
  // L10n.Photos.List.title was shown here before the redesign.
  let note = "L10n.Photos.List.title"
  var body: some View {
    VStack {
      Text(L10n.Photos.List.message)
      Text(L10n.Photos.Editor.title)
      Text(L10n.Photos.Share.count(3))
      Text(TrailmateKit.L10n.Photos.List.cancel)
      Text(TrailmateKit.L10n.Photos.Editor.hint)
      Text(TrailmateKit.L10n.Photos.Filter.subtitle)
      Text(PhotosText.Detail.subtitle)
      Text(PhotosText.Editor.summary("Ana", 2))
      Text(PhotosText.Filter.failure)
    }
  }
}

extension L10n {
  static var photosShortcuts: [String] {
    [
      Photos.List.count(3),
      Photos.Editor.empty,
      Photos.Filter.confirm,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Photos.Detail.confirm)
    Text(L10n.Photos.Share.message)
  }
}

#if DEBUG
  enum PhotosDebugMenu {
    static let items = [
      L10n.Photos.Detail.failure,
      L10n.Photos.Share.cancel,
    ]
  }
#endif

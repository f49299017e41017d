import SwiftUI
import TrailmateKit

typealias WeatherText = L10n.Weather

struct WeatherScreen: View {
  // L10n.Weather.List.subtitle was shown here before the redesign.
  let note = "L10n.Weather.List.subtitle"
  var body: some View {
    VStack {
      Text(L10n.Weather.Detail.message)
      Text(L10n.Weather.Share.title)
      Text(L10n.Weather.Filter.count(3))
      Text(TrailmateKit.L10n.Weather.Detail.cancel)
      Text(TrailmateKit.L10n.Weather.Share.hint)
      Text(WeatherText.List.hint)
      Text(WeatherText.Editor.subtitle)
      Text(WeatherText.Share.summary("Ana", 2))
    }
  }
}

extension L10n {
  static var weatherShortcuts: [String] {
    [
      Weather.List.title,
      Weather.Detail.count(3),
      Weather.Share.empty,
    ]
  }
}

#Preview {
  VStack {
    Text(L10n.Weather.List.empty)
    Text(L10n.Weather.Editor.confirm)
    Text(L10n.Weather.Filter.message)
  }
}

#if DEBUG
  enum WeatherDebugMenu {
    static let items = [
      L10n.Weather.List.summary("Ana", 2),
      L10n.Weather.Editor.failure,
      L10n.Weather.Filter.cancel,
    ]
  }
#endif

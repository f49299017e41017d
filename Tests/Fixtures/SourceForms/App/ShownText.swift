import SwiftUI

struct NearbyScreen: View {
  let draft = NSLocalizedString("Save draft", comment: "")
  let share = String(localized: "Share trail")
  var body: some View {
    VStack {
      Text("Trail closed today")
      Button("Save changes") {}
      Text("shown.key.shaped")
      caption("Shown as written")
      Text("\(3) more trails")
    }
    .navigationTitle("Nearby trails")
  }
}

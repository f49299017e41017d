import SwiftUI

struct TrailSettings: View {
  let title: String = .init(localized: "init.localized.missing")
  let units = String(localized: "units.title", table: "Trails")
  var body: some View {
    Form {
      DisclosureGroup("group.missing") { Text("group.body") }
      ProgressView("progress.loading")
      ProgressView(value: 0.5)
    }
  }
}

import SwiftUI

struct SettingsRow: View {
  let title: LocalizedStringKey
  var body: some View { Text(title) }
}

struct Banner: View {
  let text: LocalizedStringResource
  init(_ text: LocalizedStringResource) { self.text = text }
  init(message: String) { self.text = LocalizedStringResource(stringLiteral: message) }
  var body: some View { Text(text) }
}

enum Validation {
  case valid
  case invalid(reason: LocalizedStringKey)
  case failed(LocalizedStringKey)
}

enum Units {
  case metric, imperial
  var title: LocalizedStringKey {
    switch self {
    case .metric: "context.units.metric"
    case .imperial:
      "context.units.imperial.missing"
    }
  }
  func subtitle(short: Bool) -> LocalizedStringResource {
    if short { return "context.units.short" }
    let unused = "not.a.key.local"
    return .init("context.units.long", defaultValue: "Kilometres", table: "Trails")
  }
}

func caption(_ text: LocalizedStringKey) -> some View { Text(text) }
func plain(_ text: String) -> String { text }
func label(_ text: LocalizedStringKey) -> some View { Text(text) }
func label(_ text: String) -> some View { Text(verbatim: text) }

struct ContextScreen: View {
  static let heading: LocalizedStringResource = "context.heading"
  let footer: LocalizedStringKey = .init("context.footer.missing")
  let units = String(localized: "units.title", table: "Trails", bundle: .main)
  var isOn = false
  var body: some View {
    VStack {
      SettingsRow(title: "context.row.title")
      SettingsRow(title: isOn ? "context.row.on" : "context.row.off.missing")
      Banner("context.banner")
      Banner(.init("context.banner.resource", defaultValue: "Banner"))
      Banner(message: "not.a.key.message")
      caption("context.caption.missing")
      plain("not.a.key.plain")
      label("not.a.key.ambiguous")
      Text("units.header", tableName: "Trails")
      Text(Units.metric.title)
    }
  }
  func validate() -> Validation {
    isOn ? .invalid(reason: "context.invalid.reason") : .failed("context.failed.missing")
  }
}

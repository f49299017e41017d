import SwiftUI

struct ToggleRow: View {
  let isOn: Bool
  var body: some View {
    VStack {
      Text(isOn ? "state.on" : "state.off")
      Text(verbatim: isOn ? "verbatim.on" : "verbatim.off")
      Label(isOn ? "label.on" : "label.off.missing", systemImage: "star")
    }
  }

  var accessibility: String {
    NSLocalizedString(isOn ? "toggle.on" : "toggle.off.missing", comment: "")
  }
}

extension ToggleRow {
  var parenthesized: String { NSLocalizedString((isOn ? "paren.on" : "paren.off.missing"), comment: "") }
}

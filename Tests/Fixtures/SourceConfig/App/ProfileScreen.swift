import SwiftUI

struct ProfileScreen {
  var isOn = false
  var dynamicKey = "x"
  var tableName = "Settings"

  func labels() -> [String] {
    [
      UserText.localized("wrapper.member"),
      UserText.localized("wrapper.settings", tableName: "Settings"),
      UserText.localized(isOn ? "wrapper.on" : "wrapper.off.missing"),
      loc("wrapper.free"),
      LocalizedText(key: "wrapper.init", "Settings").text,
      LocalizedText.init(key: "wrapper.init.missing").text,
      TrailKit.UserText.localized("wrapper.qualified"),
      UserText.localized(dynamicKey),
      UserText.localized("wrapper.table.unknown", tableName: tableName),
      UserText.localized("wrapper.nil.table", tableName: nil),
      other.localized("receiver.not.configured"),
      NSLocalizedString("plain.used", comment: ""),
    ]
  }
}

extension ProfileScreen {
  func confirmDelete() { _ = Alerts.ask("delete_trail") }
}

extension ProfileScreen {
  var receiverKeys: [String] { ["receiver.used".localized, "receiver.missing".localized(tableName: "Settings")] }
}

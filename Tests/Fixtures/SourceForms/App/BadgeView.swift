import SwiftUI

/// Letterless literals: numbers, separators, an interpolated number. None is worth reporting.
struct BadgeView: View {
  let number: Int
  let total: Int
  var body: some View {
    HStack {
      Text("")
      Text("0")
      Text("\(number)")
      Text("\(number) / \(total)")
      Text("0.0.0.0")
      Text("·")
      Text("%@ – %@")
      Text("badge.unread")
    }
  }
}

import SwiftUI

struct TrailCard: View {
  var body: some View {
    Text("card.title")
  }
}

#Preview("Card") {
  VStack {
    TrailCard()
    Text("preview.only.missing")
    Text("preview.used")
  }
}

struct TrailCard_Previews: PreviewProvider {
  static var previews: some View {
    VStack {
      Text("provider.only.missing")
      Text("provider.used")
    }
  }
}

extension TrailCard {
  var footer: some View { Text("card.footer.missing") }
}

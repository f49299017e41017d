import SwiftUI

// NSLocalizedString("comment.only", comment: "") is in a comment: not a use.
/* A block comment /* nested */ with Text("also.comment.only") inside. */
struct ProfileView: View {
  let count: Int
  let name: String
  var body: some View {
    Text("profile.title")
    Text("\(count) hikes")
    Text(verbatim: "verbatim.not.a.key")
    Text("greeting.line", tableName: "Greetings")
    Text(
      """
      Multi-line
        welcome
      """)
    let path = #"path "\#(name)" ok"#
    let tricky = "not.a.call NSLocalizedString(\"inside.string\", comment: \"\")"
    let raw = NSLocalizedString(#"profile.missing.raw"#, comment: "")
    let title = String(localized: "profile.header", table: "Localizable")
    let resource = LocalizedStringResource("profile.resource")
    let key = LocalizedStringKey("profile.key")
    let dynamic = NSLocalizedString("menu.\(name)", comment: "built at run time")
    let bundled = Bundle.main.localizedString(forKey: "profile.bundle", value: nil, table: nil)
    _ = (path, tricky, raw, title, resource, key, dynamic, bundled)
    Button("profile.save") {}
      .navigationTitle("profile.header")
    Button(action: {}) { Text(verbatim: "not.a.key") }
  }
}

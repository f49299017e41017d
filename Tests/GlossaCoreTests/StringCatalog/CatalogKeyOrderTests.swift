import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("CatalogKeyOrder", .timeLimit(.minutes(10)))
struct CatalogKeyOrderTests {
  @Test("Xcode's order: punctuation and symbols, then digits (numerically), then letters ignoring case")
  func order() {
    let keys = [
      "", "\nLeading newline", " leading space", "-", "–", "...", "(%@)", "[x]", "%@", "%lld", "%lld.", "© 2024",
      "+2", "|", "0.5", "2 items", "10 items", "apple", "Apple", "Banana", "item 2", "item 10", "Zebra",
    ]
    for (a, b) in zip(keys, keys.dropFirst()) {
      #expect(CatalogKeyOrder.precedes(a, b), "\(a.debugDescription) before \(b.debugDescription)")
      #expect(!CatalogKeyOrder.precedes(b, a))
    }
    #expect(CatalogKeyOrder.insertionIndex(of: "item 3", in: keys) == keys.firstIndex(of: "item 10"))
    #expect(CatalogKeyOrder.insertionIndex(of: "zz", in: keys) == keys.count)
    #expect(CatalogKeyOrder.insertionIndex(of: "", in: ["a"]) == 0)
  }

  @Test("the real catalog is in this order", .corpus)
  func corpus() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let document = StringCatalogDocument(data: try Data(contentsOf: url), file: "c")
    let keys = document.keys.map(\.key)
    #expect(keys.count > 100)
    let outOfOrder = zip(keys, keys.dropFirst()).filter { !CatalogKeyOrder.precedes($0, $1) }
    #expect(outOfOrder.isEmpty, "\(outOfOrder.prefix(3))")
    // Plain code-point order would not do: the catalog has keys it puts elsewhere.
    #expect(keys != keys.sorted())
  }
}

import Testing

@testable import GlossaCore

@Suite("LargePages: advice that changes no byte", .timeLimit(.minutes(10)))
struct LargePagesTests {
  @Test func anArrayAskedForLargePagesHoldsWhatIsWrittenToIt() {
    for capacity in [0, 1, 4095, 4096, 3 << 20] {
      var array: [UInt32] = []
      array.reserveCapacity(capacity)
      LargePages.ask(forCapacityOf: &array)
      for value in 0..<UInt32(min(capacity, 1 << 20)) { array.append(value &* 2_654_435_761) }
      #expect(array.enumerated().allSatisfy { $0.element == UInt32($0.offset) &* 2_654_435_761 })
    }
    // A region smaller than a page, or not starting on one, is left alone.
    var bytes = [UInt8](repeating: 7, count: 100)
    bytes.withUnsafeMutableBytes { LargePages.ask(for: $0.baseAddress! + 1, count: 50) }
    #expect(bytes.allSatisfy { $0 == 7 })
  }
}

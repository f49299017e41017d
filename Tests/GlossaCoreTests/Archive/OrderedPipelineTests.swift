import Foundation
import Testing

@testable import GlossaCore

@Suite("OrderedPipeline", .timeLimit(.minutes(10)))
struct OrderedPipelineTests {
  /// Collects what the consumer saw and how far producers ran ahead.
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var consumed: [Int] = []
    var produced = 0
    var maxAhead = 0

    func produce(_ index: Int) {
      lock.lock()
      produced += 1
      maxAhead = max(maxAhead, index - consumed.count)
      lock.unlock()
    }

    func consume(_ index: Int) {
      lock.lock()
      consumed.append(index)
      lock.unlock()
    }
  }

  struct Failure: Error, Equatable { var index: Int }

  @Test("items are consumed in index order whatever the production order, within the window")
  func order() throws {
    let log = Log()
    try OrderedPipeline.run(
      count: 200, window: 5, workers: 4,
      produce: { index in
        log.produce(index)
        usleep(UInt32((index * 7919) % 13) * 100)
        return index * 2
      },
      consume: { index, item in log.consume(item == index * 2 ? index : -1) })
    #expect(log.consumed == Array(0..<200))
    #expect(log.maxAhead < 5)
  }

  @Test("the first failure in index order is rethrown and stops the run")
  func failure() {
    let log = Log()
    #expect(throws: Failure(index: 30)) {
      try OrderedPipeline.run(
        count: 1000, window: 4, workers: 3,
        produce: { index in
          log.produce(index)
          if index == 30 || index == 31 { usleep(index == 30 ? 2000 : 0); throw Failure(index: index) }
          return index
        },
        consume: { index, _ in log.consume(index) })
    }
    #expect(log.consumed == Array(0..<30))
    #expect(log.produced < 40, "production stops soon after the failure")
    #expect(throws: Failure(index: 3)) {
      try OrderedPipeline.run(
        count: 10, window: 2, produce: { $0 }, consume: { index, _ in if index == 3 { throw Failure(index: 3) } })
    }
    #expect(throws: Never.self) { try OrderedPipeline.run(count: 0, window: 1, produce: { $0 }, consume: { _, _ in }) }
  }
}

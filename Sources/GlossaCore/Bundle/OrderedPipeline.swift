import Dispatch
import Foundation

/// Produces items on every core and consumes them one at a time in index order.
///
/// `produce(i)` runs concurrently for `0..<count`; `consume(i, item)` runs serially with `i`
/// increasing, on whichever worker finished the next item in order, so the result does not depend
/// on scheduling. At most `window` items are produced ahead of the consumer, which bounds memory.
/// The first failure in index order (from `produce` or `consume`) stops the run and is rethrown.
enum OrderedPipeline {
  static func run<Item>(
    count: Int, window: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    produce: (Int) throws -> Item, consume: (Int, Item) throws -> Void
  ) throws {
    guard count > 0 else { return }
    let state = State<Item>(window: max(1, window))
    let workerCount = max(1, min(workers, count))
    withoutActuallyEscaping(produce) { produce in
      withoutActuallyEscaping(consume) { consume in
        let box = Closures(produce: produce, consume: consume)
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
          state.work(count: count, box)
        }
      }
    }
    if let failure = state.failure { throw failure }
  }

  /// The two closures, handed to the workers.
  private struct Closures<Item>: @unchecked Sendable {
    let produce: (Int) throws -> Item
    let consume: (Int, Item) throws -> Void
  }

  /// The shared progress, guarded by `condition`.
  private final class State<Item>: @unchecked Sendable {
    let condition = NSCondition()
    let window: Int
    var next = 0
    var consumed = 0
    var ready: [Int: Result<Item, Error>] = [:]
    var consuming = false
    var failure: Error?

    init(window: Int) { self.window = window }

    /// One worker: take the next index, produce it, and consume whatever is ready in order.
    func work(count: Int, _ closures: Closures<Item>) {
      while true {
        condition.lock()
        while failure == nil && next < count && next - consumed >= window { condition.wait() }
        guard failure == nil && next < count else {
          condition.unlock()
          return
        }
        let index = next
        next += 1
        condition.unlock()

        let item = Result { try closures.produce(index) }

        condition.lock()
        ready[index] = item
        if consuming {
          condition.unlock()
          continue
        }
        consuming = true
        while failure == nil, let item = ready.removeValue(forKey: consumed) {
          let position = consumed
          condition.unlock()
          var error: Error?
          do { try closures.consume(position, item.get()) } catch let thrown { error = thrown }
          condition.lock()
          if let error { failure = error }
          consumed += 1
          condition.broadcast()
        }
        consuming = false
        condition.unlock()
      }
    }
  }
}

import Foundation

/// One result slot per `concurrentPerform` worker, read once every worker is done.
final class ParallelResults<T>: @unchecked Sendable {
  private var slots: [T?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: T) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// The value of slot `index`, handed over: the slot keeps no reference to it.
  func take(_ index: Int) -> T? {
    lock.lock()
    defer { lock.unlock() }
    let value = slots[index]
    slots[index] = nil
    return value
  }

  /// Every filled slot's value, in slot order; call after all workers have finished.
  var values: [T] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}

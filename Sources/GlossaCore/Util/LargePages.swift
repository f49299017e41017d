#if canImport(Glibc)
  import Glibc
#endif

/// Large pages for the few buffers of tens of megabytes a String Catalog's read fills at once
/// (its text, its units): Linux backs the whole 2 MB pages inside a region that asks with
/// transparent huge pages where they are enabled, so filling it faults in a few dozen zeroed
/// pages instead of thousands (the 35 MB catalog's lint: 31,000 page faults → 23,000 for its
/// text alone). Elsewhere, or where they are off, nothing changes.
enum LargePages {
  /// Asks for large pages for the `count` bytes at `start` (not yet touched, to be of use).
  static func ask(for start: UnsafeMutableRawPointer, count: Int) {
    #if os(Linux)
      let page: UInt = 4096
      let first = (UInt(bitPattern: start) + page - 1) & ~(page - 1)
      let end = (UInt(bitPattern: start) + UInt(count)) & ~(page - 1)
      guard end > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(address, Int(end - first), Int32(MADV_HUGEPAGE))
    #endif
  }

  /// `ask(for:count:)` for the reserved capacity of `array`, from its first element on.
  static func ask<Element>(forCapacityOf array: inout [Element]) {
    let capacity = array.capacity
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      ask(for: UnsafeMutableRawPointer(base), count: capacity * MemoryLayout<Element>.stride)
    }
  }
}

/// Every string unit of a String Catalog in file order, as its reader left them: the units it
/// read itself, then those of each piece read on another thread (`CatalogSplit`), each kept
/// in the array the thread that read it filled.
///
/// Appending the second half's 100,000 units of a large catalog to the first's was a serial
/// step after the read: a 12 MB copy into pages never touched before, whose zeroing the kernel
/// does at the first write (7 ms, and 30 ms when the machine's memory was busy). Separate arrays
/// cost a comparison per access instead (and a search among the later pieces, of which a
/// read leaves a handful).
public struct CatalogUnits: RandomAccessCollection, Sendable, Equatable {
  private var head: [CatalogUnit]
  private var later: [[CatalogUnit]]
  /// Where each of `later` starts.
  private var starts: [Int]
  public let endIndex: Int

  init(_ head: [CatalogUnit] = [], then later: [[CatalogUnit]] = []) {
    self.head = head
    self.later = later.filter { !$0.isEmpty }
    var start = head.count
    starts = []
    for part in self.later {
      starts.append(start)
      start += part.count
    }
    endIndex = start
  }

  public var startIndex: Int { 0 }

  public subscript(position: Int) -> CatalogUnit {
    // A unit of a later piece is yielded through two subscripts, which copies it (a retain of
    // each of its strings): loops reading several fields of each unit `locate` it instead.
    _read {
      if position < head.count {
        yield head[position]
      } else {
        let (part, index) = place(of: position)
        yield later[part][index]
      }
    }
  }

  /// Calls `body` with the unit at `position` in place: its fields read through the pointer
  /// copy nothing (valid only during the call).
  @inline(__always)
  func withUnit<R>(at position: Int, _ body: (UnsafePointer<CatalogUnit>) -> R) -> R {
    if position < head.count { return head.withUnsafeBufferPointer { body($0.baseAddress! + position) } }
    let (part, index) = place(of: position)
    return later[part].withUnsafeBufferPointer { body($0.baseAddress! + index) }
  }

  /// The key ordinal of the unit at `position`, read in place.
  @inline(__always)
  func keyOrdinal(at position: Int) -> Int {
    if position < head.count { return head[position].keyOrdinal }
    let (part, index) = place(of: position)
    return later[part][index].keyOrdinal
  }

  /// Which of `later` holds `position` (not in `head`), and where.
  @inline(__always)
  private func place(of position: Int) -> (part: Int, index: Int) {
    var part = starts.count - 1
    while part > 0 && starts[part] > position { part -= 1 }
    return (part, position - starts[part])
  }

  public static func == (a: CatalogUnits, b: CatalogUnits) -> Bool {
    a.elementsEqual(b)
  }
}

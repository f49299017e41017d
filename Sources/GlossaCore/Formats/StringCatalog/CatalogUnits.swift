/// Every string unit of a String Catalog in file order, as its reader left them: the units it
/// read itself, then those a second half read on another thread (`CatalogSecondHalf`), kept
/// in the array that thread filled.
///
/// Appending the second half's 100,000 units of a large catalog to the first's was a serial
/// step after both halves: a 12 MB copy into pages never touched before, whose zeroing the
/// kernel does at the first write (7 ms, and 30 ms when the machine's memory was busy). Two
/// arrays cost a comparison per access instead.
public struct CatalogUnits: RandomAccessCollection, Sendable, Equatable {
  private var head: [CatalogUnit]
  private var tail: [CatalogUnit]

  init(_ head: [CatalogUnit] = [], then tail: [CatalogUnit] = []) {
    self.head = head
    self.tail = tail
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { head.count + tail.count }

  public subscript(position: Int) -> CatalogUnit {
    // Yielded in place, not copied: a field read through here counts no reference.
    _read {
      if position < head.count {
        yield head[position]
      } else {
        yield tail[position - head.count]
      }
    }
  }

  public static func == (a: CatalogUnits, b: CatalogUnits) -> Bool {
    a.elementsEqual(b)
  }
}

/// A byte range of a document, or none, in 8 bytes: the positions every `.strings` span and
/// String Catalog unit keep (millions of them in a review), where `Range<Int>?` takes 17 and
/// pads to 24. Both bounds `UInt32.max` mean none; documents refuse text that large.
struct CompactRange: Sendable, Hashable {
  private var start: UInt32
  private var end: UInt32

  init(_ range: Range<Int>?) {
    start = range.map { UInt32($0.lowerBound) } ?? .max
    end = range.map { UInt32($0.upperBound) } ?? .max
  }

  var range: Range<Int>? { start == .max ? nil : Int(start)..<Int(end) }
}

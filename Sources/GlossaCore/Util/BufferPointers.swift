extension Array {
  /// Calls `body` with a buffer of each inner array, all valid during the call: what a loop
  /// that reads several arrays' elements in place, with no reference counted per element, holds.
  func withInnerBuffers<Inner, Result>(_ body: ([UnsafeBufferPointer<Inner>]) -> Result) -> Result
  where Element == [Inner] {
    Self.withInnerBuffers(self, [], body)
  }

  private static func withInnerBuffers<Inner, Result>(
    _ arrays: [[Inner]], _ buffers: [UnsafeBufferPointer<Inner>], _ body: ([UnsafeBufferPointer<Inner>]) -> Result
  ) -> Result {
    guard buffers.count < arrays.count else { return body(buffers) }
    return arrays[buffers.count].withUnsafeBufferPointer { withInnerBuffers(arrays, buffers + [$0], body) }
  }
}

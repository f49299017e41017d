/// A failure of a test's own set-up (a tool missing, a process that would not start, a screen
/// that never showed), not of the code under test.
public struct HarnessFailure: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }

  public init(_ message: String) { self.message = message }
}

/// What is at a path, for questions the review asks before it writes (kept out of `update`,
/// which does no I/O, by handing it in like the checks).
public struct PathProbe: Sendable {
  public enum Kind: Sendable, Hashable { case missing, file, directory }

  public var kind: @Sendable (_ path: String) -> Kind

  public init(kind: @escaping @Sendable (String) -> Kind) {
    self.kind = kind
  }

  /// Every path is missing (tests that do not touch files).
  public static let none = PathProbe { _ in .missing }
}

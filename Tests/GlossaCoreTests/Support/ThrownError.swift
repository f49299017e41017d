import GlossaCore
import Testing

/// The `GlossaError` that `body` throws; records an issue and returns nil when it throws
/// nothing or another error.
func thrownError<R>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) -> GlossaError? {
  #expect(throws: GlossaError.self, sourceLocation: sourceLocation) { _ = try body() }
}

/// The message of the `GlossaError` that `body` throws, for tests that pair an input with the
/// exact words a user sees; nil (with an issue recorded) when it throws none.
func thrownMessage<R>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) -> String? {
  thrownError(sourceLocation: sourceLocation, body)?.message
}

import GlossaCore

/// The background load: the languages still being read, and why it stopped when a file could not
/// be read.
public struct Loading: Sendable {
  /// Languages listed in the bundles whose tables are still being read in the background.
  public internal(set) var pendingLanguages: Set<String> = []
  /// Why the background load stopped, when a file could not be read.
  public internal(set) var loadFailure: String?
}

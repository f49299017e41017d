import GlossaCore

extension GlossaError {
  /// The core's message with the command-line hint its case calls for (the core names no flags).
  var messageWithHint: String {
    switch self {
    case .unknownLanguage(_, let reason):
      message + (reason == nil ? ": " : "; ") + "put it in a <language>.lproj folder or pass --lang"
    case .ambiguousTable: message + "; choose one with --table"
    case .noTableForKey: message + "; to add it, choose one with --table"
    case .changedOnDisk: message + "; run the command again to edit the file as it is now"
    case .pseudoLanguage(_, _, .exists(let source)):
      message + "; pass --replace to write it again from \(source) (its values are overwritten)"
    case .remote(_, .timedOut), .remote(_, .silent): message + " (use --timeout to allow longer)"
    case .remote(_, .tooLarge): message + " (use --max-download-size to allow more)"
    case .remote(_, .notCached): message + "; run without --offline to download it"
    default: message
    }
  }
}

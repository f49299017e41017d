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
    default: message
    }
  }
}

/// Why an archive could not be unpacked (`GlossaError.unpack`). Problems found before the first
/// write leave the destination untouched; a folder or file that cannot be written after that has
/// what was unpacked removed again.
public enum UnpackProblem: Sendable, Hashable {
  /// The archive itself is damaged, hostile or over the limits.
  case archive(ArchiveProblem)
  /// The destination exists and is not a folder.
  case destinationNotFolder(String)
  /// A component of `entry`'s path (`component`, its first bytes) is `bytes` long, more than
  /// the `limit` a file name may have.
  case nameTooLong(entry: String, component: String, bytes: Int, limit: Int)
  /// `entry`'s path in `destination` would be `bytes` long, more than the `limit` the system allows.
  case pathTooLong(entry: String, destination: String, bytes: Int, limit: Int)
  /// `existing`, where `entry` goes, is a symbolic link, which unpack never follows.
  case linkInTheWay(entry: String, existing: String)
  /// `existing`, where a folder of `entry` goes, is not a folder.
  case folderInTheWay(entry: String, existing: String)
  /// `existing`, where the file `entry` goes, is not a regular file.
  case fileInTheWay(entry: String, existing: String)
  /// The folder `folder` could not be created (`reason` is the system's).
  case cannotCreateFolder(String, reason: String)
  /// The file `entry` could not be written to `file`.
  case cannotWrite(entry: String, file: String, reason: String)

  /// True when nothing had been written when the problem was found.
  public var nothingWritten: Bool {
    switch self {
    case .cannotCreateFolder, .cannotWrite: false
    default: true
    }
  }

  /// The sentence after `archive: `, saying what became of the destination.
  public var text: String {
    let what: String
    switch self {
    case .archive(let problem): what = problem.text
    case .destinationNotFolder(let destination):
      what = "cannot unpack into \(destination): it exists and is not a directory"
    case .nameTooLong(let entry, let component, let bytes, let limit):
      what =
        "cannot unpack '\(UntrustedText.clipped(entry))': its component '\(component)…' is \(bytes) bytes, "
        + "longer than the \(limit) a file name may have"
    case .pathTooLong(let entry, let destination, let bytes, let limit):
      what =
        "cannot unpack '\(UntrustedText.clipped(entry))': its path in \(destination) would be \(bytes) bytes, "
        + "longer than the \(limit) the system allows"
    case .linkInTheWay(let entry, let existing): what = "cannot unpack '\(entry)': '\(existing)' is a symbolic link"
    case .folderInTheWay(let entry, let existing):
      what = "cannot unpack '\(entry)': '\(existing)' exists and is not a directory"
    case .fileInTheWay(let entry, let existing):
      what = "cannot unpack '\(entry)': '\(existing)' exists and is not a regular file"
    case .cannotCreateFolder(let folder, let reason): what = "cannot create \(folder) (\(reason))"
    case .cannotWrite(let entry, let file, let reason):
      what = "cannot unpack '\(entry)': cannot write \(file) (\(reason))"
    }
    return what + (nothingWritten ? "; nothing was unpacked" : "; what was unpacked was removed again")
  }
}

import Foundation

/// Everything that can be wrong with an archive (`GlossaError.archive`), worded once so every
/// operation says it the same way. Entries are named as the archive names them.
public enum ArchiveProblem: Error, Sendable, Hashable {
  /// The archive file cannot be read (the system's reason).
  case unreadable(String)
  /// The file is not a zip archive.
  case notZip
  /// The end-of-central-directory record is missing.
  case truncated
  /// A central directory record (0-based `index`) cannot be read.
  case damagedDirectory(index: Int)
  /// ZIP64 or an archive spanning several disks.
  case unsupportedLayout
  /// More entries than the limit.
  case tooManyEntries(declared: Int, limit: Int)
  /// The entries declare more uncompressed bytes than the limit.
  case declaredTooLarge(total: UInt64, limit: UInt64)
  /// An entry inflates past the limit.
  case inflatedTooLarge(entry: String, limit: UInt64)
  /// An entry's path leaves the target folder (`../`, absolute).
  case outside(entry: String)
  /// An entry's path holds a backslash.
  case backslash(entry: String)
  /// An entry's path is empty or invalid.
  case badName(entry: String)
  /// An entry is a symbolic link.
  case symlink(entry: String)
  /// An entry is neither a regular file nor a directory.
  case special(entry: String)
  /// Two entries have the same path.
  case duplicate(entry: String)
  /// A path is both a file and a directory.
  case fileAndDirectory(entry: String)
  /// An entry is encrypted.
  case encrypted(entry: String)
  /// An entry uses a compression method other than stored (0) and deflate (8).
  case unsupportedMethod(entry: String, method: UInt16)
  /// An entry's data runs past the end of the archive.
  case entryTruncated(entry: String)
  /// An entry's local header does not match its central directory record.
  case headerMismatch(entry: String)
  /// An entry's local header and central directory record give different values of `field`.
  case recordsDisagree(entry: String, field: String, local: UInt64, central: UInt64)
  /// Two entries' data overlap (an overlapping-entry zip bomb).
  case overlapping(entry: String, other: String)
  /// An entry's CRC-32 does not match its bytes.
  case crcMismatch(entry: String)
  /// An entry's deflate data is invalid.
  case corruptData(entry: String)
  /// An entry holds another number of bytes than it declares.
  case sizeMismatch(entry: String, declared: UInt64, actual: UInt64)

  /// The sentence after `archive: `.
  public var text: String {
    switch self {
    case .unreadable(let reason): return "cannot read the archive: \(reason)"
    case .notZip: return "not a zip archive"
    case .truncated: return "archive is truncated (its end-of-central-directory record is missing)"
    case .damagedDirectory(let index):
      return "archive is damaged: central directory record \(index + 1) is unreadable"
    case .unsupportedLayout:
      return "archive uses ZIP64 or spans several disks, which glossa does not support"
    case .tooManyEntries(let declared, let limit):
      return "archive holds \(declared) entries, more than the limit of \(limit)"
    case .declaredTooLarge(let total, let limit):
      return "archive declares \(total) uncompressed bytes, more than the limit of \(limit)"
    case .inflatedTooLarge(let entry, let limit):
      return "entry '\(entry)' inflates past the limit of \(limit) uncompressed bytes"
    case .outside(let entry): return "entry '\(entry)' would be written outside the target directory"
    case .backslash(let entry): return "entry '\(entry)' has a backslash in its path; zip paths use '/'"
    case .badName(let entry): return "entry '\(entry)' has an empty or invalid path"
    case .symlink(let entry): return "entry '\(entry)' is a symbolic link; bundle archives may not hold links"
    case .special(let entry): return "entry '\(entry)' is neither a regular file nor a directory"
    case .duplicate(let entry): return "entry '\(entry)' occurs more than once"
    case .fileAndDirectory(let entry): return "entry '\(entry)' is both a file and a directory"
    case .encrypted(let entry): return "entry '\(entry)' is encrypted, which glossa does not support"
    case .unsupportedMethod(let entry, let method):
      return "entry '\(entry)' uses compression method \(method); only stored (0) and deflate (8) are supported"
    case .entryTruncated(let entry): return "entry '\(entry)' is truncated (its data runs past the end of the archive)"
    case .headerMismatch(let entry):
      return "entry '\(entry)' is damaged (its local header does not match the central directory)"
    case .recordsDisagree(let entry, let field, let local, let central):
      let shown = { (value: UInt64) in
        field == "CRC-32" ? String(format: "0x%08X", UInt32(truncatingIfNeeded: value)) : String(value)
      }
      return "entry '\(entry)' is damaged (its local header says \(field) \(shown(local)), "
        + "the central directory \(shown(central)))"
    case .overlapping(let entry, let other):
      return "entry '\(entry)' overlaps \(other) in the archive (an overlapping-entry zip bomb?); refused"
    case .crcMismatch(let entry): return "entry '\(entry)' is damaged (CRC-32 mismatch)"
    case .corruptData(let entry): return "entry '\(entry)' is damaged (invalid deflate data)"
    case .sizeMismatch(let entry, let declared, let actual):
      return "entry '\(entry)' is damaged (declared \(declared) bytes, holds \(actual))"
    }
  }

  /// The error for `archive`.
  func error(archive: URL) -> GlossaError {
    GlossaError.archive(archive.relativePath, problem: self)
  }
}

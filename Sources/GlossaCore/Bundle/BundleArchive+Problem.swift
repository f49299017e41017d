import Foundation

/// Everything that can be wrong with an archive, worded once so every operation says it the same way.
enum ArchiveProblem: Error, Equatable {
  case unreadable(String)
  case notZip
  case truncated
  case damagedDirectory(index: Int)
  case unsupportedLayout
  case tooManyEntries(declared: Int, limit: Int)
  case declaredTooLarge(total: UInt64, limit: UInt64)
  case inflatedTooLarge(entry: String, limit: UInt64)
  case outside(entry: String)
  case backslash(entry: String)
  case badName(entry: String)
  case symlink(entry: String)
  case special(entry: String)
  case duplicate(entry: String)
  case fileAndDirectory(entry: String)
  case encrypted(entry: String)
  case unsupportedMethod(entry: String, method: UInt16)
  case entryTruncated(entry: String)
  case headerMismatch(entry: String)
  case recordsDisagree(entry: String, field: String, local: UInt64, central: UInt64)
  case overlapping(entry: String, other: String)
  case crcMismatch(entry: String)
  case corruptData(entry: String)
  case sizeMismatch(entry: String, declared: UInt64, actual: UInt64)

  /// The sentence after `archive: `.
  var text: String {
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

  /// The user-facing error for `archive`, with `suffix` appended (e.g. `; nothing was unpacked`).
  func error(archive: URL, suffix: String = "") -> GlossaError {
    GlossaError.archive(archive.relativePath, problem: "\(text)\(suffix)")
  }
}

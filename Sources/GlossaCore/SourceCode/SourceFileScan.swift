import Foundation

/// What one source file holds for the scan: its lookups, or its generated accessors, the
/// accessor chains and localized declarations it writes, an Interface Builder file's object IDs;
/// or why it was passed over. Files are read independently (on any thread) and merged in path
/// order by `SourceScan`.
struct SourceFileScan: Sendable {
  var uses: [SourceKeyUse] = []
  var accessors: [GeneratedAccessor] = []
  var references = AccessorReferences()
  var context = LocalizedContext()
  /// The table an Interface Builder file's strings are in (its name), with its object IDs.
  var interfaceTable: String?
  var ids: Set<String> = []
  /// False for an Interface Builder file that stopped at an error: its ids are not all known.
  var interfaceReadInFull = true
  var passedOver: PassedOverFile?

  /// Reads `file` (`.swift`, `.m`, `.mm`, `.h`, `.storyboard`, `.xib`).
  /// - Throws: `GlossaError` naming a file that cannot be read.
  init(_ file: String, lookups: [LookupRule], largestFile: Int) throws {
    let kind = (file as NSString).pathExtension.lowercased()
    let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    if size > largestFile {
      passedOver = PassedOverFile(
        path: file,
        reason: "is \(size) bytes; source files over \(largestFile) bytes are not read (no one writes code that long)")
      return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw GlossaError.readFailed(file, reason: "check its permissions")
    }
    guard let bytes = Self.text(data) else {
      passedOver = PassedOverFile(path: file, reason: "is not text (it holds NUL bytes); it was not read")
      return
    }
    switch kind {
    case "swift":
      let tokens = SwiftLexer.tokens(bytes)
      if let generated = GeneratedAccessors.read(tokens, file: file) {
        accessors = generated
        return
      }
      let debugCode = DebugCode.swift(tokens)
      uses = SourceKeyFinder.swiftUses(tokens, file: file, debugCode: debugCode, lookups: lookups)
      references.read(tokens, debugCode: debugCode)
      uses += context.read(tokens, file: file, debugCode: debugCode, skipping: SourceKeyFinder.isBuiltIn)
    case "m", "mm", "h":
      uses = SourceKeyFinder.objcUses(ObjCLexer.tokens(bytes), file: file, lookups: lookups)
    case "storyboard", "xib":
      let found = InterfaceBuilderScanner.scan(data, text: bytes, file: file)
      interfaceTable = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
      ids = found.ids
      uses = found.uses
      if let problem = found.problem {
        interfaceReadInFull = false
        passedOver = PassedOverFile(path: file, reason: problem.reason, line: problem.line, column: problem.column)
      }
    default:
      break
    }
  }

  /// A source file's UTF-8 bytes: a UTF-8 byte order mark dropped, UTF-16 (with its mark)
  /// converted; nil for a file with NUL bytes, which is no source text. Malformed UTF-8 is kept
  /// (literals show U+FFFD where it is), so a stray Latin-1 byte in a comment costs nothing.
  static func text(_ data: Data) -> [UInt8]? {
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      guard let text = String(data: data, encoding: .utf16) else { return nil }
      return Array(text.utf8)
    }
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let hasNUL = bytes.withUnsafeBytes { $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }
    return hasNUL ? nil : bytes
  }
}

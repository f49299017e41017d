import Foundation

/// An Xcode String Catalog (`.xcstrings`): every language of one table in one JSON file.
///
/// Lossless: an unedited catalog serialises to the bytes it was read from, an edit splices only
/// the bytes concerned, and inserted members are laid out and ordered as Xcode writes them (see
/// `CatalogJSONValue` and `CatalogKeyOrder`). Problems are diagnostics with line and column.
public struct StringCatalogDocument: Sendable {
  /// The file name used in diagnostics.
  public let file: String
  public private(set) var diagnostics: [Diagnostic] = []
  /// `sourceLanguage`: the development language.
  public private(set) var sourceLanguage: String?
  /// `version` as written (`1.0`, `1.1`).
  public private(set) var version: String?
  /// Every key in file order.
  public private(set) var keys: [CatalogKey] = []
  /// Every string unit in file order.
  public private(set) var units = CatalogUnits()
  /// Every substitution in file order.
  public private(set) var substitutions: [CatalogSubstitution] = []

  /// The bytes as read, kept only when they could not be decoded (a decoded catalog's
  /// `source` holds the same bytes).
  let undecoded: Data?
  var source: SourceText?
  var isEdited = false
  /// The number of edits that changed bytes since the catalog was read: an edit that leaves it
  /// unchanged changed nothing.
  var editCount = 0
  /// The kind of the top-level value (nil when there is none): edits need an object.
  var rootKind: JSONNode.Kind?
  var hasSyntaxError = false
  /// See `init(data:file:splitAbove:stealAbove:)`.
  let splitAbove: Int?
  let stealAbove: Int
  /// How many pieces read on another thread the last read took (0: it read on one thread).
  private(set) var piecesTaken = 0
  /// True when the last read took pieces read on another thread.
  var readInHalves: Bool { piecesTaken > 0 }
  package private(set) var unitIndex = CatalogUnitIndex()
  private var keyIndex: [String: Int] = [:]
  /// Every language some key has a localization object for (gathered by the reader).
  private var languageSet: Set<String> = []
  /// Every key and comment in one buffer, for the language views (see `CatalogKeyText`).
  private(set) var keyText = CatalogKeyText()
  /// Every language's entries, gathered by the first read when it could (see
  /// `CatalogGathering`), until the views are made of them (`takeGathered()`). Held by
  /// reference: whichever copy of the catalog makes the views takes them from every copy, so
  /// nothing else holds the entries the views then hand their texts.
  private var gathered = GatheredEntries()

  /// A gathering handed over once.
  private final class GatheredEntries: @unchecked Sendable {
    private let lock = NSLock()
    private var gathering: CatalogGathering?

    init(_ gathering: CatalogGathering? = nil) { self.gathering = gathering }

    var isEmpty: Bool { lock.withLock { gathering == nil } }

    func take() -> CatalogGathering? {
      lock.withLock {
        defer { gathering = nil }
        return gathering
      }
    }
  }

  /// Parses `data` (UTF-8, a BOM is tolerated and kept); problems become diagnostics.
  public init(data: consuming Data, file: String) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    self.init(data: data, file: file, splitAbove: cores > 1 ? CatalogSplit.minimumBytes : nil)
  }

  /// Parses `data`, reading a "strings" object with at least `splitAbove` bytes after its first
  /// key in two halves on two threads (nil: on one); the result is the same either way.
  ///
  /// `data` is dropped once decoded, before the units are read: a caller that hands it over
  /// does not hold the file's bytes twice while the catalog is read.
  /// `stealAbove`: a piece of it read on one thread is split again for the other thread while
  /// it has this many bytes left (nil: `CatalogSplit.stealAbove`).
  package init(data: consuming Data, file: String, splitAbove: Int?, stealAbove: Int? = nil) {
    let stealAbove = stealAbove ?? CatalogSplit.stealAbove
    self.init(bytes: Self.bytes(of: data), file: file, splitAbove: splitAbove, stealAbove: stealAbove)
  }

  /// `data`'s bytes as an array; `data` itself goes when this returns.
  private static func bytes(of data: consuming Data) -> [UInt8] { [UInt8](data) }

  /// Parses `bytes` like `init(data:file:)`, reading them in place: a UTF-8 catalog's text is
  /// the array itself, not a copy of it.
  init(bytes: consuming [UInt8], file: String) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    self.init(bytes: bytes, file: file, splitAbove: cores > 1 ? CatalogSplit.minimumBytes : nil)
  }

  /// `init(data:file:splitAbove:stealAbove:)` of bytes already in an array.
  init(bytes: consuming [UInt8], file: String, splitAbove: Int?, stealAbove: Int = CatalogSplit.stealAbove) {
    self.file = file
    self.splitAbove = splitAbove
    self.stealAbove = stealAbove
    let decoded: Result<SourceText, TextDecodingError>
    do throws(TextDecodingError) {
      decoded = .success(try SourceText.decode(bytes: bytes, allowUTF16: false))
    } catch {
      decoded = .failure(error)
    }
    switch decoded {
    case .success(let text):
      _ = consume bytes
      source = text
      undecoded = nil
    case .failure(let error):
      undecoded = Data(bytes)
      diagnostics = [error.diagnostic(file: file, expected: "a UTF-8 String Catalog")]
      return
    }
    reparse(gathering: true)
  }

  /// True while the catalog (and every copy of it) holds the entries its first read gathered.
  var hasGathered: Bool { !gathered.isEmpty }

  /// The entries the first read gathered, handed over: neither this catalog nor any copy of it
  /// keeps them.
  func takeGathered() -> CatalogGathering? {
    gathered.take()
  }

  /// The decoded text the units were read from (empty when it could not be decoded): a unit's
  /// plain value is a range of it.
  var text: [UInt8] { source?.bytes ?? [] }

  /// The file's bytes as they would be written now.
  public func serialized() -> Data {
    guard let source else { return undecoded ?? Data() }
    return source.encoded()
  }

  /// True when the catalog serializes to the same bytes as `other`, compared in place: at once
  /// for copies that share their bytes (views of one catalog, a copy not edited since).
  public func hasSameBytes(as other: StringCatalogDocument) -> Bool {
    guard let source, let theirs = other.source else {
      return source == nil && other.source == nil && undecoded == other.undecoded
    }
    guard source.encoding == theirs.encoding, source.bytes.count == theirs.bytes.count else { return false }
    return source.bytes.withUnsafeBytes { mine in
      theirs.bytes.withUnsafeBytes { theirs in
        guard let a = mine.baseAddress, let b = theirs.baseAddress, a != b else { return true }
        return memcmp(a, b, mine.count) == 0
      }
    }
  }

  /// Languages of the catalog: the source language first, then every language with a
  /// localization, sorted.
  public var languages: [String] {
    var seen = languageSet
    if let sourceLanguage { seen.remove(sourceLanguage) }
    return (sourceLanguage.map { [$0] } ?? []) + seen.sorted()
  }

  /// The unit at `path`, if the catalog has it.
  public func unit(at path: CatalogUnitPath) -> CatalogUnit? {
    guard let key = keyIndex[path.key].map({ keys[$0].ordinal }) else { return nil }
    // The last of equal paths wins, as a later member of a JSON object does.
    return unitIndex.positions(of: path.language, key: key, in: units).reversed().lazy
      .map { self.units[Int($0)] }.first { $0.path == path }
  }

  /// The units of `key` in `language`, in file order.
  public func units(ofKey key: String, language: String) -> [CatalogUnit] {
    guard let ordinal = keyIndex[key].map({ keys[$0].ordinal }) else { return [] }
    return unitIndex.positions(of: language, key: ordinal, in: units).map { units[Int($0)] }
  }

  /// The key-level fields of `key`, if the catalog has it.
  public func key(_ key: String) -> CatalogKey? {
    keyIndex[key].map { keys[$0] }
  }

  /// The substitutions of `key` in `language`.
  public func substitutions(of key: String, language: String) -> [CatalogSubstitution] {
    substitutions.filter { $0.key == key && $0.language == language }
  }

  /// Reads the catalog's text again (after an edit); `gathering`: gathers every language's
  /// entries too, as the first read does.
  mutating func reparse(gathering: Bool = false) {
    gathered = GatheredEntries()
    guard let source else { return }
    guard source.bytes.count <= CatalogUnit.maxBytes else {
      // Units keep 32-bit positions; no catalog comes near 4 GB, but a file that does is
      // reported, not misread.
      hasSyntaxError = true
      diagnostics = [
        Diagnostic(
          kind: .parseError, file: file, line: 1, column: 1,
          message: "the catalog is \(source.bytes.count) bytes, over the \(CatalogUnit.maxBytes) a catalog may have")
      ]
      (keys, units, substitutions, unitIndex, keyIndex) = ([], CatalogUnits(), [], CatalogUnitIndex(), [:])
      keyText = CatalogKeyText()
      languageSet = []
      return
    }
    var reader = StringCatalogReader(bytes: source.bytes, start: source.bodyStart, file: file)
    reader.splitAbove = splitAbove
    reader.stealAbove = stealAbove
    reader.gathers = gathering
    let hasValue = reader.read()
    piecesTaken = reader.piecesTaken
    let errors = reader.syntaxErrors
    hasSyntaxError = !errors.isEmpty
    rootKind = reader.rootKind
    // Syntax errors first, then the schema's problems, each in file order.
    var lines = reader.lines
    diagnostics = errors.map { error in
      let place = lines.positions().location(of: error.offset)
      return Diagnostic(kind: .parseError, file: file, line: place.line, column: place.column, message: error.message)
    }
    if !hasValue {
      diagnostics.append(
        Diagnostic(
          kind: .parseError, file: file, line: 1, column: 1,
          message: "expected a String Catalog object, found an empty file"))
    }
    diagnostics += reader.diagnostics
    sourceLanguage = reader.sourceLanguage
    version = reader.version
    keys = reader.keys
    units = CatalogUnits(reader.units, then: reader.laterUnits)
    substitutions = reader.substitutions
    unitIndex = CatalogUnitIndex(reader.unitIndex, units: units, keyCount: keys.count)
    languageSet = reader.languages.union(unitIndex.languages)
    if unitIndex.isInKeyOrder {
      // No key appears twice: the reader's first occurrences are the keys' positions.
      keyIndex = reader.ordinals
    } else {
      keyIndex = [:]
      for (index, key) in keys.enumerated() { keyIndex[key.key] = index }
    }
    keyText = CatalogKeyText(keys: keys)
    // Gathered entries stand for the views only when each key came once, after the source
    // language that was in the end the catalog's.
    if let gathering = reader.gathering, gathering.source == sourceLanguage, unitIndex.isInKeyOrder,
      keys.indices.allSatisfy({ keys[$0].ordinal == $0 })
    {
      gathered = GatheredEntries(gathering)
    }
  }
}

/// Everything one table holds for one key: a plain entry, plural families, or (oddly) both.
///
/// The fields live in one shared, copy-on-write box: the per-key checks copy records many times
/// per key, and a copy is then one reference instead of one per string and array inside.
public struct KeyRecord: Sendable, Hashable {
  private var box: Box

  /// A record read from `file`; `familyFile` names the file of the plural families when it is
  /// another one (a `.stringsdict` beside the `.strings` file of the plain entry).
  public init(
    key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry] = [],
    familyFile: String? = nil
  ) {
    box = Box(key: key, entry: entry, families: families, file: file, devices: devices, familyFile: familyFile ?? file)
  }

  public var key: String {
    _read { yield box.key }
    _modify {
      unshare()
      yield &box.key
    }
  }
  /// The effective plain entry.
  public var entry: Entry? {
    _read { yield box.entry }
    _modify {
      unshare()
      yield &box.entry
    }
  }
  /// The plural families of the key.
  public var families: [PluralFamily] {
    _read { yield box.families }
    _modify {
      unshare()
      yield &box.families
    }
  }
  /// The file of the plain entry (else where the key first appears), relative to the bundle root.
  public var file: String {
    _read { yield box.file }
    _modify {
      unshare()
      yield &box.file
    }
  }
  /// The file the plural families were read from, relative to the bundle root: `file` unless
  /// the key's plain entry and its families live in different files of the table (a
  /// `"key" = "key";` placeholder in `Localizable.strings` beside the plural entry in
  /// `Localizable.stringsdict`).
  public var familyFile: String {
    _read { yield box.familyFile }
    _modify {
      unshare()
      yield &box.familyFile
    }
  }
  /// String Catalog device variations (without plural forms), in file order.
  public var devices: [Entry] {
    _read { yield box.devices }
    _modify {
      unshare()
      yield &box.devices
    }
  }

  /// Self, or nil when the record holds neither a plain entry, a plural family nor a device variation.
  var nonEmpty: KeyRecord? { box.hasEntry || !box.families.isEmpty || !box.devices.isEmpty ? self : nil }

  /// The line where the key first appears in `file`.
  public var line: Int {
    let countsFamilies = box.familyFile == box.file
    guard (countsFamilies && !box.families.isEmpty) || !box.devices.isEmpty else { return box.entry?.line ?? 0 }
    var lowest = box.entry?.line ?? Int.max
    if countsFamilies { for family in box.families where family.line < lowest { lowest = family.line } }
    for device in box.devices where device.line < lowest { lowest = device.line }
    return lowest
  }

  /// Where findings about the key as a whole point (`missing-in-remote`, `extra-key`, the
  /// source `missing-key` names): the plural families' file and first line when the key has
  /// families in a file of their own, else `file` and `line`.
  ///
  /// On Apple platforms a `.stringsdict` entry wins over a `.strings` value of the same key,
  /// which is then usually a placeholder; the plural entry is the text users see.
  public var location: (file: String, line: Int) {
    guard box.familyFile != box.file, let first = box.families.first else { return (box.file, line) }
    var lowest = first.line
    for family in box.families where family.line < lowest { lowest = family.line }
    return (box.familyFile, lowest)
  }

  /// The source family matching `family`: same variable and device, else same variable, else
  /// the first one.
  public func family(matching family: PluralFamily) -> PluralFamily? {
    familyIndex(matching: family).map { box.families[$0] }
  }

  /// The position in `families` of `family(matching:)`'s answer.
  func familyIndex(matching family: PluralFamily) -> Int? {
    box.families.firstIndex { $0.variable == family.variable && $0.device == family.device }
      ?? box.families.firstIndex { $0.variable == family.variable } ?? (box.families.isEmpty ? nil : 0)
  }

  public static func == (a: KeyRecord, b: KeyRecord) -> Bool {
    a.box === b.box
      || (a.box.key == b.box.key && a.box.entry == b.box.entry && a.box.families == b.box.families
        && a.box.file == b.box.file && a.box.devices == b.box.devices && a.box.familyFile == b.box.familyFile)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(box.key)
    hasher.combine(box.entry)
    hasher.combine(box.families)
    hasher.combine(box.file)
    hasher.combine(box.devices)
    hasher.combine(box.familyFile)
  }

  /// Gives this record a box of its own before a change.
  private mutating func unshare() {
    if !isKnownUniquelyReferenced(&box) {
      box = Box(
        key: box.key, entry: box.entry, families: box.families, file: box.file, devices: box.devices,
        familyFile: box.familyFile)
    }
  }

  /// The fields. Only mutated through a uniquely referenced record (`unshare`), so sharing a box
  /// between threads only ever reads it.
  ///
  /// Exclusivity is not checked at run time: the checks read these fields millions of times per
  /// run, and a box is only written while its record holds the one reference to it.
  private final class Box: @unchecked Sendable {
    @exclusivity(unchecked) var key: String
    @exclusivity(unchecked) var entry: Entry?
    @exclusivity(unchecked) var families: [PluralFamily]
    @exclusivity(unchecked) var file: String
    @exclusivity(unchecked) var devices: [Entry]
    @exclusivity(unchecked) var familyFile: String

    /// True when `entry` is not nil (asked without copying the entry out).
    var hasEntry: Bool {
      if case .some = entry { return true }
      return false
    }

    init(key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry], familyFile: String) {
      self.key = key
      self.entry = entry
      self.families = families
      self.file = file
      self.devices = devices
      self.familyFile = familyFile
    }
  }
}

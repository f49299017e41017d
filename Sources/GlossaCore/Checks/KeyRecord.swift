/// Everything one table holds for one key: a plain entry, plural families, or (oddly) both.
///
/// The fields live in one shared, copy-on-write box: the per-key checks copy records many times
/// per key, and a copy is then one reference instead of one per string and array inside.
public struct KeyRecord: Sendable, Hashable {
  private var box: Box

  public init(key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry] = []) {
    box = Box(key: key, entry: entry, families: families, file: file, devices: devices)
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
  /// The file, relative to the bundle root.
  public var file: String {
    _read { yield box.file }
    _modify {
      unshare()
      yield &box.file
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

  /// The line where the key first appears.
  public var line: Int {
    guard !box.families.isEmpty || !box.devices.isEmpty else { return box.entry?.line ?? 0 }
    var lowest = box.entry?.line ?? Int.max
    for family in box.families where family.line < lowest { lowest = family.line }
    for device in box.devices where device.line < lowest { lowest = device.line }
    return lowest
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
        && a.box.file == b.box.file && a.box.devices == b.box.devices)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(box.key)
    hasher.combine(box.entry)
    hasher.combine(box.families)
    hasher.combine(box.file)
    hasher.combine(box.devices)
  }

  /// Gives this record a box of its own before a change.
  private mutating func unshare() {
    if !isKnownUniquelyReferenced(&box) {
      box = Box(key: box.key, entry: box.entry, families: box.families, file: box.file, devices: box.devices)
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

    /// True when `entry` is not nil (asked without copying the entry out).
    var hasEntry: Bool {
      if case .some = entry { return true }
      return false
    }

    init(key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry]) {
      self.key = key
      self.entry = entry
      self.families = families
      self.file = file
      self.devices = devices
    }
  }
}

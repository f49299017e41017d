/// What `.glossa.yml` adds to the scan of the app's code: the app's own lookup wrappers
/// (`lookups:`) and the files and folders the scan skips (`exclude:`).
public struct SourceScanOptions: Sendable, Hashable {
  /// The app's own functions, methods and initializers that look a key up.
  public var lookups: [LookupRule]
  /// Globs of paths relative to each scanned folder (`**/Debug/**`, `**/*Tests/**`) that are
  /// not read.
  public var exclude: [String]
  /// Files larger than this many bytes are passed over (`SourceScan.largestFile` when nil).
  public var largestFile: Int?

  public init(lookups: [LookupRule] = [], exclude: [String] = [], largestFile: Int? = nil) {
    self.lookups = lookups
    self.exclude = exclude
    self.largestFile = largestFile
  }
}

/// One of the app's own lookup wrappers (`lookups:` in `.glossa.yml`): a call whose key argument
/// is a string literal uses that key, in the table another argument names, else `Localizable`.
///
/// ```yaml
/// lookups:
///   - {call: UserText.localized, key: 1, table: tableName}
///   - {call: loc}
///   - {call: LocalizedText, key: key}
///   - {call: localized, key: receiver}
///   - {call: Alerts.ask, key-format: ["alert.{key}.title", "alert.{key}.message"]}
/// ```
public struct LookupRule: Sendable, Hashable {
  /// Which argument of a call: by 1-based position among all its arguments, or by label.
  public enum Argument: Sendable, Hashable {
    case position(Int)
    case label(String)
    /// The literal the call is made on: `"k".localized`, `"k".localized(table: "T")` (Swift).
    case receiver
  }

  /// The names the call is written with, last the function, method or type called
  /// (`["UserText", "localized"]`); a call matches when the names written before its `(` end
  /// with these (`App.UserText.localized(…)`, `LocalizedText.init(…)` for `LocalizedText`).
  public var call: [String]
  /// The argument holding the key.
  public var key: Argument
  /// The argument naming the table, if the wrapper takes one.
  public var table: Argument?
  /// The keys the wrapper builds from its key argument, `{key}` standing for it
  /// (`alert.{key}.title`, `alert.{key}.message`); `{key}` alone by default.
  public var keyFormats: [String]

  public init(call: [String], key: Argument = .position(1), table: Argument? = nil, keyFormats: [String] = ["{key}"]) {
    self.call = call
    self.key = key
    self.table = table
    self.keyFormats = keyFormats
  }

  /// True when the rule can match an Objective-C call too: a plain function (`MyLocalized(@"k",
  /// @"Table")`) whose arguments are named by position.
  var appliesToObjC: Bool {
    guard call.count == 1, case .position = key else { return false }
    if case .receiver = table { return false }
    if case .label = table { return false }
    return true
  }
}

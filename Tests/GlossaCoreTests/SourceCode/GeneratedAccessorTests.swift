import Foundation
import Testing

@testable import GlossaCore

/// Generated string accessors (SwiftGen's `L10n`): the file is recognised by its shape, its own
/// lookups are not uses, and an accessor other code references uses its key.
@Suite(.timeLimit(.minutes(10))) struct GeneratedAccessorTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SwiftGenApp")

  static func findings(checksDebugCode: Bool = false) throws -> [Finding] {
    let uses = try SourceScan.scan([root.appendingPathComponent("App").path])
    let bundle = try LocalizationBundle.open(root.appendingPathComponent("Bundle").path)
    let checker = Checker(checks: [
      MissingInBundle(uses: uses, checksDebugCode: checksDebugCode), UnusedKey(uses: uses),
    ])
    return try checker.findings(in: bundle)
  }

  /// The accessors of `generated` that `code` references, as `table:key` (`*` when every
  /// reference is in debug code).
  static func used(generated: String, code: [String]) throws -> [String] {
    let accessors = try #require(GeneratedAccessors.read(SwiftLexer.tokens(generated), file: "Strings.swift"))
    var references: [AccessorReferences] = []
    var aliases: [String: [String]] = [:]
    for text in code {
      let tokens = SwiftLexer.tokens(text)
      var file = AccessorReferences()
      file.read(tokens, debugCode: DebugCode.swift(tokens))
      references.append(file)
      aliases.merge(file.aliases) { _, later in later }
    }
    return AccessorIndex(accessors).uses(references, aliases: aliases).map {
      "\($0.inDebugCode ? "*" : "")\($0.table):\($0.shown)"
    }
  }

  static let current = """
    internal enum L10n {
      internal enum Trail {
        internal enum List {
          /// Trails near you
          internal static let title = L10n.tr("Localizable", "trail.list.title", fallback: "Trails near you")
          /// %d trails
          internal static func count(_ p1: Int) -> String {
            return L10n.tr("Localizable", "trail.list.count", p1, fallback: "%d trails")
          }
        }
        internal static let header = L10n.tr("Localizable", "trail.header", fallback: "Trails")
      }
      internal enum Map {
        internal static let title = L10n.tr("Maps", "map.title", fallback: "Map")
      }
    }
    extension L10n {
      private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: value, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
      }
    }
    """

  @Test func theSwiftGenFixtureCountsExactlyItsReferencedAccessors() throws {
    let found = try Self.findings()
    let unused = found.filter { $0.kind == .unusedKey }
    let missing = found.filter { $0.kind == .missingInBundle }
    // 548 keys, 184 referenced accessors of which 7 lack their key: 371 unused (README).
    #expect(unused.count == 371)
    #expect(unused.filter { $0.key?.hasPrefix("legacy.removed.") == true }.count == 20)
    #expect(
      missing.map { "\(($0.file as NSString?)?.lastPathComponent ?? "-"):\($0.line ?? 0) \($0.key ?? "-")" } == [
        "OnboardingStrings.swift:92 welcome.share.message", "OnboardingStrings.swift:288 account.list.failure",
        "Strings.swift:156 map.list.failure", "Strings.swift:356 profile.share.message",
        "Strings.swift:552 gear.list.failure",
      ])
    #expect(
      missing.first?.message
        == "Key “welcome.share.message” is used through Strings.Welcome.Share.message but the en Onboarding table "
        + "does not have it; the app shows its fallback or the key.")
    // Two more are referenced only from a preview or `#if DEBUG` code.
    let withDebugCode = try Self.findings(checksDebugCode: true)
    #expect(withDebugCode.filter { $0.kind == .missingInBundle }.count == 7)
    #expect(withDebugCode.filter { $0.kind == .unusedKey }.count == 371)
  }

  @Test func theGeneratedFilesOwnLookupsAreNoUses() throws {
    let generated = Self.root.appendingPathComponent("App/Generated").path
    let uses = try SourceScan.scan([generated])
    #expect(uses.uses.isEmpty)
  }

  @Test func bothShapesAnyHelperNameAndEveryTableAreRead() throws {
    let accessors = try #require(GeneratedAccessors.read(SwiftLexer.tokens(Self.current), file: "Strings.swift"))
    #expect(
      accessors.map { "\($0.path.joined(separator: ".")) \($0.table):\($0.key) \($0.line):\($0.column)" } == [
        "L10n.Trail.List.title Localizable:trail.list.title 5:58",
        "L10n.Trail.List.count Localizable:trail.list.count 8:39",
        "L10n.Trail.header Localizable:trail.header 11:57",
        "L10n.Map.title Maps:map.title 14:49",
      ])
    let older = """
      enum Strings {
        enum Welcome {
          static let title = Strings.text("Onboarding", "welcome.title")
          static func steps(_ p1: Int) -> String { Strings.text("Onboarding", "welcome.steps", p1) }
          static var hint: String { return text("Onboarding", "welcome.hint") }
        }
      }
      private extension Strings {
        static func text(_ table: String, _ key: String, _ args: CVarArg...) -> String {
          String(format: NSLocalizedString(key, tableName: table, comment: ""), arguments: args)
        }
      }
      """
    let read = try #require(GeneratedAccessors.read(SwiftLexer.tokens(older), file: "Strings.swift"))
    #expect(
      read.map { "\($0.path.joined(separator: ".")) \($0.table):\($0.key)" } == [
        "Strings.Welcome.title Onboarding:welcome.title", "Strings.Welcome.steps Onboarding:welcome.steps",
        "Strings.Welcome.hint Onboarding:welcome.hint",
      ])
  }

  @Test func handWrittenCodeIsNotTakenForGeneratedAccessors() {
    let constants = """
      enum Texts {
        static let title = NSLocalizedString("title", comment: "")
        static let pair = makePair("a", "b")
        static func body() -> some View { Text("body") }
      }
      """
    #expect(GeneratedAccessors.read(SwiftLexer.tokens(constants), file: "Texts.swift") == nil)
  }

  @Test func referencesByFullPathModuleAfterTheRootAliasAndExtensionReachTheKey() throws {
    let code = [
      "let a = Text(L10n.Trail.List.title.uppercased())",
      "let b = TrailmateKit.L10n.Trail.List.count(3)",
      "extension L10n { static var all: [String] { [Trail.header] } }",
      "typealias MapText = L10n.Map\nlet c = MapText.title",
    ]
    let all = try Self.used(generated: Self.current, code: code)
    #expect(
      all == [
        "Localizable:trail.list.title", "Localizable:trail.list.count", "Localizable:trail.header", "Maps:map.title",
      ])
    let nested = "extension L10n.Trail.List { static var both: [String] { [title, Self.count(2)] } }"
    let inside = try Self.used(generated: Self.current, code: [nested])
    #expect(inside == ["Localizable:trail.list.title", "Localizable:trail.list.count"])
  }

  @Test func commentsStringsAndOtherTypesAreNoReferences() throws {
    let code = [
      "// L10n.Trail.List.title is gone\nlet s = \"L10n.Trail.header\"",
      "let t = Other.Map.title\nlet u = title\nlet v = List.title",
    ]
    let used = try Self.used(generated: Self.current, code: code)
    #expect(used == [])
  }

  @Test func anAccessorReferencedOnlyInPreviewsOrDebugCodeIsADebugUse() throws {
    let code = [
      "#Preview { Text(L10n.Trail.List.title) }\n#if DEBUG\nlet d = L10n.Map.title\n#endif",
      "let e = L10n.Map.title",
    ]
    let used = try Self.used(generated: Self.current, code: code)
    #expect(used == ["*Localizable:trail.list.title", "Maps:map.title"])
  }
}

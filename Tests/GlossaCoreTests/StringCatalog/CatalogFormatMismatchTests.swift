import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `format-mismatch` on String Catalogs reads arguments as Xcode does: the key's arguments are
/// the call's, `%arg` is a substitution's own argument, and substitution names are free. Each
/// fixture has the shape of a real app's catalog (IceCubes' notification, tag and timeline keys).
@Suite("format-mismatch on String Catalogs", .timeLimit(.minutes(10)))
struct CatalogFormatMismatchTests {
  /// The `format-mismatch` messages of a catalog of one key, as `language: message`.
  static func messages(key: String, _ localizations: String) throws -> [String] {
    let directory = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(
      CatalogFixtures.catalog(key: key, localizations: localizations), in: directory)
    return try Checker().findings(in: bundle).filter { $0.kind == .formatMismatch }.map {
      "\($0.language ?? ""): \($0.message)"
    }
  }

  static func unit(_ value: String) -> String {
    #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"#
  }

  /// A localization whose value is `value` with one plural substitution per `(name, argNum, specifier, one, other)`.
  static func localization(_ value: String, _ substitutions: [(String, Int?, String, String, String)]) -> String {
    let members = substitutions.map { name, number, specifier, one, other in
      let argNum = number.map { #""argNum" : \#($0), "# } ?? ""
      return
        #""\#(name)" : { \#(argNum)"formatSpecifier" : "\#(specifier)", "variations" : { "plural" : { "one" : \#(unit(one)), "other" : \#(unit(other)) } } }"#
    }
    return
      #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" }, "substitutions" : { \#(members.joined(separator: ", ")) } }"#
  }

  @Test("a translation may use the key's arguments where the source value uses none")
  func keyCarriesTheArguments() throws {
    let key = "notifications.label.favorite %lld"
    let german = Self.localization(
      "%#@count@", [("count", nil, "lld", "hat favorisiert", "haben favorisiert")])
    let french = Self.unit("%lld ont mis en favori")
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(Self.unit("starred")), "de" : \#(german), "fr" : \#(french) }"#)
        .isEmpty)
    // Controls: an argument the key does not carry, and one of another type than the key's.
    let beyond = Self.unit("%2$@ ont mis en favori")
    let wrongType = Self.localization("%#@count@", [("count", nil, "@", "hat favorisiert", "haben favorisiert")])
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(Self.unit("starred")), "de" : \#(wrongType), "fr" : \#(beyond) }"#)
        == [
          "de: Substitution “count” formats its argument as %@ but the key uses %lld (object where the key takes integer).",
          "fr: The translation has %2$@ but the source has no format specifiers: %2$@ uses argument 2, which the source does not have.",
        ])
    // A source that uses the key's argument still requires it.
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(Self.unit("%lld starred")), "fr" : \#(Self.unit("favori")) }"#)
        == [
          "fr: The translation has no format specifiers but the source has %lld: argument 1 (%lld) of the source is missing."
        ])
  }

  @Test("%arg in a substitution's forms is that substitution's argument, not the specifier %a")
  func argPlaceholder() throws {
    let key = "design.tag.n-posts-from-n-participants %lld %lld"
    let english = Self.localization(
      "%#@count_posts@ posts from %#@count_participants@ participants",
      [("count_participants", 2, "lld", "%arg", "%arg"), ("count_posts", 1, "lld", "%arg", "%arg")])
    // Basque writes the argument out as %lld, in the other order; German uses %arg with words.
    let basque = Self.localization(
      "%#@count_participants@ %#@count_posts@",
      [
        ("count_participants", 2, "lld", "Partaide batek egindako", "%lld partaidek egindako"),
        ("count_posts", 1, "lld", "bidalketa %lld", "%lld bidalketa"),
      ])
    let german = Self.localization(
      "%#@count_posts@ von %#@count_participants@",
      [
        ("count_participants", 2, "lld", "%arg Teilnehmendem", "%arg Teilnehmenden"),
        ("count_posts", 1, "lld", "%arg Beitrag", "%arg Beiträge"),
      ])
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(english), "eu" : \#(basque), "de" : \#(german) }"#).isEmpty)
    // Control: a form that writes its substitution's argument as an object.
    let wrong = Self.localization(
      "%#@count_posts@ von %#@count_participants@",
      [
        ("count_participants", 2, "lld", "%arg Teilnehmendem", "%arg Teilnehmenden"),
        ("count_posts", 1, "lld", "%@ Beitrag", "%arg Beiträge"),
      ])
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(english), "de" : \#(wrong) }"#) == [
        "de: The “one” form has %@ (object) but substitution “count_posts” formats its argument as %lld (integer)."
      ])
  }

  @Test("substitutions are matched by the argument they consume, not by name")
  func namesAreFree() throws {
    let key = "timeline.n-recent-from-n-participants %lld %lld"
    let english = Self.localization(
      "%#@arg1@ from %#@arg2@",
      [
        ("arg1", 1, "lld", "%arg recent post", "%arg recent posts"),
        ("arg2", 2, "lld", "%arg participant", "%arg participants"),
      ])
    // Without argNum, a substitution takes the argument at the position of its %#@name@.
    let german = Self.localization(
      "%#@count_posts@ von %#@count_participants@",
      [
        ("count_participants", nil, "lld", "%arg Teilnehmendem", "%arg Teilnehmenden"),
        ("count_posts", nil, "lld", "%arg aktueller Beitrag", "%arg aktuelle Beiträge"),
      ])
    let polish = Self.localization(
      "%#@count_posts@ %#@count_participants@",
      [
        ("count_participants", nil, "lld", "od %arg uczestnika", "od %arg uczestników"),
        ("count_posts", nil, "lld", "%arg ostatni post", "%arg ostatnich postów"),
      ])
    #expect(try Self.messages(key: key, #"{ "en" : \#(english), "de" : \#(german), "pl" : \#(polish) }"#).isEmpty)
    // Control: a substitution that names the same argument twice leaves the second one out.
    let dropped = Self.localization(
      "%#@count_posts@ von %#@count_participants@",
      [
        ("count_participants", 1, "lld", "%arg Teilnehmendem", "%arg Teilnehmenden"),
        ("count_posts", 1, "lld", "%arg Beitrag", "%arg Beiträge"),
      ])
    #expect(
      try Self.messages(key: key, #"{ "en" : \#(english), "de" : \#(dropped) }"#) == [
        "de: The translation has %#@count_posts@ but the source has %#@arg1@, %#@arg2@: argument 2 (%#@arg2@) of the source is missing."
      ])
    // Control: a substitution whose type differs from the key's argument it consumes.
    let typed = Self.localization(
      "%#@n@ · %1$@", [("n", 2, "lld", "%arg post", "%arg posts")])
    let english2 = Self.localization("%1$@ · %#@posts@", [("posts", 2, "lld", "%arg post", "%arg posts")])
    let japanese = Self.localization("%#@n@ · %1$@ · %2$lld", [("n", 1, "lld", "%arg 件", "%arg 件")])
    let typeMessages = try Self.messages(
      key: "profile.summary %@ %lld", #"{ "en" : \#(english2), "ja" : \#(japanese), "de" : \#(typed) }"#)
    #expect(
      typeMessages == [
        "ja: Substitution “n” formats its argument as %lld but the source uses %1$@ (integer where the source takes object)."
      ])
  }

  @Test("IceCubes' catalog: only the four true format mismatches remain", .corpus)
  func iceCubes() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let bundle = try LocalizationBundle.load(url.path)
    let found = try Checker().findings(in: bundle).filter { $0.kind == .formatMismatch }
    #expect(
      found.map { "\($0.language ?? "") \($0.line ?? 0) \($0.key ?? "")" }.sorted() == [
        "ca 33857 instance.list.posts-%@",
        "ko 16771 account.label.followers %lld %@",
        "nb 17659 account.movedto.redirect-%@",
        "pl 581 %@ add-tag-groups.edit.title.field.warning.already-exists",
      ])
    // The false classes are gone: no key-carried argument, no %a, no substitution name.
    #expect(!found.contains { $0.message.contains("%a") || $0.message.contains("plural variable") })
    #expect(!found.contains { $0.key?.hasPrefix("notifications.label.") == true })
  }
}

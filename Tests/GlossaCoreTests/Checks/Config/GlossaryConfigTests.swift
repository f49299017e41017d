import Testing

@testable import GlossaCore

@Suite struct GlossaryConfigTests {
  @Test func readsTermsRenderingsAndBrands() throws {
    let text = """
      glossary:
        - {term: Trailmate, translate: false}
        - term: hike
          de: Wanderung
          fr: [randonnée, rando]
          zh-Hans: 徒步
      info-plist: App/Info.plist
      """
    let options = try CheckConfig.parse(text, file: "Project/.glossa.yml")
    #expect(
      options.glossary == [
        GlossaryEntry(term: "Trailmate", translate: false),
        GlossaryEntry(
          term: "hike", renderings: ["de": ["Wanderung"], "fr": ["randonnée", "rando"], "zh-Hans": ["徒步"]]),
      ])
    #expect(options.infoPlistPath == "Project/App/Info.plist")
    #expect(options.glossary[1].required(for: "de-AT") == ["Wanderung"])
    #expect(options.glossary[1].required(for: "zh_hans") == ["徒步"])
    #expect(options.glossary[1].required(for: "ja") == nil)
    #expect(options.glossary[0].required(for: "ja") == ["Trailmate"])
  }

  @Test func badEntriesNameFileLineAndColumn() {
    let cases: [(String, String)] = [
      (
        "glossary: hike\n",
        ".glossa.yml:1:11: glossary should be a list, found a single value"
      ),
      (
        "glossary:\n  - hike\n",
        ".glossa.yml:2:5: a glossary entry should be a mapping such as {term: hike, de: Wanderung} or {term: Trailmate, translate: false}, found a single value"
      ),
      ("glossary:\n  - {de: Wanderung}\n", ".glossa.yml:2:5: a glossary entry needs a term, such as term: hike"),
      (
        "glossary:\n  - {term: hike}\n",
        ".glossa.yml:2:5: the glossary entry for 'hike' needs translate: false or a rendering per language, such as de: …"
      ),
      (
        "glossary:\n  - term: hike\n    german: Wanderung\n",
        ".glossa.yml:3:5: unknown glossary field 'german'; expected term, translate or a language code such as de or pt-BR"
      ),
      (
        "glossary:\n  - {term: Trailmate, translate: nope}\n",
        ".glossa.yml:2:34: translate should be true or false, found 'nope'"
      ),
      (
        "glossary:\n  - {term: Trailmate, translate: false, de: Pfad}\n",
        ".glossa.yml:2:34: a term with translate: false is kept as written; it has no renderings (remove them or translate: false)"
      ),
      ("glossary:\n  - {term: '  '}\n", ".glossa.yml:2:12: term should not be empty"),
      ("glossary:\n  - {term: hike, de: ''}\n", ".glossa.yml:2:22: the rendering for de should not be empty"),
    ]
    for (text, message) in cases {
      #expect(thrownMessage { try CheckConfig.parse(text, file: ".glossa.yml") } == message)
    }
  }
}

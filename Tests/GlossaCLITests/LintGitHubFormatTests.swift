import Foundation
import Testing

/// `glossa lint --format github`: GitHub Actions workflow commands, one per finding.
@Suite struct LintGitHubFormatTests {
  /// The sample bundle's findings, errors first, exactly as the runner reads them (the last
  /// line break is the literal's to drop).
  static let sampleLines = #"""
    ::error file=SampleBundles/local/Resources/Info.plist,line=17,title=invalid-info-plist::NMBundleRefreshRate is '3 days', expected a positive number of days
    ::error file=SampleBundles/local/Resources/ar.lproj/Localizable.strings,line=23,col=33,title=parse-error::[ar] expected ';' after the value of "settings.units.metric", found '"'
    ::error file=SampleBundles/local/Resources/de.lproj/Localizable.strings,line=10,title=overlong::[de] “hike.start”: The text is 20 columns wide, over the limit of 12 set by max-length; the source is 5.
    ::error file=SampleBundles/local/Resources/de.lproj/Localizable.strings,title=missing-key::[de] “share.message”: Key “share.message” is missing in de (Resources/en.lproj/Localizable.strings:36 has it; its source text is “Check out my hike on Trailmate!”).
    ::error file=SampleBundles/local/Resources/de.lproj/json.strings,line=7,title=broken-reference::[de] “login.subtitle”: The placeholder {brand.nmae} names a key that does not exist in de.
    ::error file=SampleBundles/local/Resources/es.lproj/InfoPlist.strings,line=4,col=66,title=encoding-error::[es] invalid UTF-8 sequence starting with byte 0xF3; expected UTF-8, or UTF-16 with a byte-order mark
    ::error file=SampleBundles/local/Resources/es.lproj/Localizable.strings,line=28,title=empty-value::[es] “settings.units”: The translation is empty but the source is “Units”.
    ::error file=SampleBundles/local/Resources/fr.lproj/Localizable.strings,line=13,title=overlong::[fr] “toolbar.save”: The text is 11 columns wide, over the limit of 10 set by max-length; the source is 4.
    ::error file=SampleBundles/local/Resources/ja.lproj/Localizable.strings,line=7,title=overlong::[ja] “login.title”: The text is 26 columns wide, over the limit of 20 set by max-length; the source is 7.
    ::error file=SampleBundles/local/Resources/ja.lproj/Localizable.strings,title=missing-key::[ja] “error.network”: Key “error.network” is missing in ja (Resources/en.lproj/Localizable.strings:38 has it; its source text is “The network connection was lost. Please try again.”).
    ::error file=SampleBundles/local/Resources/pl.lproj/Localizable.strings,line=60,title=duplicate-key::[pl] “toolbar.save”: Key “toolbar.save” occurs more than once in this file (lines 13 and 60) with different values; the last one wins and the other is lost.
    ::error file=SampleBundles/local/Resources/pl.lproj/Localizable.stringsdict,line=16,title=plural-gap::[pl] “hikes.week” [many]: The plural family (variable “hikes”) has no “many” form, which pl needs (numbers such as 0, 5, 12); it has one, few, other.
    ::error file=SampleBundles/local/Resources/ru.lproj/Localizable.strings,line=22,title=format-mismatch::[ru] “trail.summary”: The translation has %25d, %25@ but the source has %25@, %25d: argument 1 is %25d (integer) where the source has %25@ (object); argument 2 is %25@ (object) where the source has %25d (integer).
    ::error file=SampleBundles/local/Resources/ru.lproj/Localizable.strings,line=51,title=plural-gap::[ru] “%25d photos” [few]: The plural family has no “few” form, which ru needs (numbers such as 2, 3, 4); it has one, many, other.
    ::warning file=SampleBundles/local/Resources/en.lproj/Localizable.strings,line=22,title=unpositioned-arguments::[en] “trail.summary”: The value has 2 arguments without positions (%25@, %25d); a translation that needs them in another order cannot reorder them. Write %251$@, %252$d.
    ::warning file=SampleBundles/local/Resources/es.lproj/Localizable.strings,line=41,title=overlong::[es] “onboarding.welcome”: The translation is 34 columns wide against 20 for the source, more than 1.5 × the source (limit 30 columns).
    ::warning file=SampleBundles/local/Resources/es.lproj/Localizable.strings,line=49,title=overlong::[es] “battery.low”: The translation is 59 columns wide against 39 for the source, more than 1.5 × the source (limit 58 columns).
    ::warning file=SampleBundles/local/Resources/fr.lproj/Localizable.strings,line=10,title=whitespace-mismatch::[fr] “hike.start”: The translation ends with a space where the source ends with no whitespace.
    ::warning file=SampleBundles/local/Resources/fr.lproj/Localizable.strings,line=46,title=overlong::[fr] “about.body”: The translation is 276 columns wide against 79 for the source, more than 1.5 × the source (limit 118 columns).
    ::warning file=SampleBundles/local/Resources/fr.lproj/Localizable.strings,line=51,title=plural-gap::[fr] “%25d photos” [many]: The plural family has no “many” form; in fr it only covers large numbers or decimals (numbers such as 1000000, 1c6, 2c6), so the gap shows rarely.
    ::warning file=SampleBundles/local/Resources/fr.lproj/Localizable.strings,line=56,title=extra-key::[fr] “legacy.banner”: Key “legacy.banner” is not in the en Localizable table; the app never asks for it.
    ::warning file=SampleBundles/local/Resources/fr.lproj/Localizable.stringsdict,line=16,title=plural-gap::[fr] “hikes.week” [many]: The plural family (variable “hikes”) has no “many” form; in fr it only covers large numbers or decimals (numbers such as 1000000, 1c6, 2c6), so the gap shows rarely.
    ::warning file=SampleBundles/local/Resources/ja.lproj/Localizable.strings,line=47,title=overlong::[ja] “battery.low”: The translation is 61 columns wide against 39 for the source, more than 1.5 × the source (limit 58 columns).
    ::warning file=SampleBundles/local/Resources/ja.lproj/Localizable.strings,line=49,title=plural-extra::[ja] “%25d photos” [one]: The “one” form is never used: ja only has other.
    ::warning file=SampleBundles/local/Resources/ru.lproj/Localizable.strings,line=25,title=overlong::[ru] “greeting”: The translation is 33 columns wide against 20 for the source, more than 1.5 × the source (limit 30 columns).
    ::notice file=SampleBundles/local/Resources/de.lproj/Localizable.strings,line=38,title=untranslated::[de] “onboarding.welcome”: The translation is identical to the source “Welcome to Trailmate”; it may not have been translated.
    ::notice file=SampleBundles/local/Resources/ja.lproj/Localizable.strings,line=7,title=inconsistent-translation::[ja] “login.title”: The source text “Sign in” is translated 2 ways in ja: “アカウントにサインインする” (login.title); “サインイン” (json: login.title).
    14 errors, 11 warnings, 2 info — missing-key 2, extra-key 1, empty-value 1, untranslated 1, whitespace-mismatch 1, format-mismatch 1, broken-reference 1, duplicate-key 1, overlong 8, plural-gap 4, plural-extra 1, parse-error 1, encoding-error 1, invalid-info-plist 1, unpositioned-arguments 1, inconsistent-translation 1
    """#

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func sampleBundleLinesAreExact() throws {
    let run = try GlossaBinary.run(
      ["lint", "SampleBundles/local", "--format", "github"], in: GlossaBinary.packageRoot,
      environment: ["GITHUB_ACTIONS": ""])
    #expect(run.status == 1)
    #expect(run.stdout == Self.sampleLines + "\n")
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func chosenInsideGitHubActionsUnlessAFormatIsGiven() throws {
    let auto = try GlossaBinary.run(
      ["lint", "SampleBundles/local"], in: GlossaBinary.packageRoot, environment: ["GITHUB_ACTIONS": "true"])
    #expect(auto.stdout == Self.sampleLines + "\n")
    let text = try GlossaBinary.run(
      ["lint", "SampleBundles/local", "--format", "text"], in: GlossaBinary.packageRoot,
      environment: ["GITHUB_ACTIONS": "true"])
    #expect(text.stdout.hasPrefix("bundle · Resources/Info.plist\n"))
    let outside = try GlossaBinary.run(
      ["lint", "SampleBundles/local"], in: GlossaBinary.packageRoot, environment: ["GITHUB_ACTIONS": "false"])
    #expect(!outside.stdout.contains("::error"))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func propertiesAndDataAreEscaped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-gh-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("a,b:c")
    for (path, text) in [
      "en.lproj/Localizable.strings": "\"50%, done\" = \"50%, done: yes\";\n\"k\" = \"K\";\n",
      "de.lproj/Localizable.strings": "\"k\" = \"K\";\n",
    ] {
      let file = bundle.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    let run = try GlossaBinary.run(["lint", "a,b:c", "--format", "github"], in: folder)
    #expect(
      run.stdout.components(separatedBy: "\n").first
        == "::error file=a%2Cb%3Ac/de.lproj/Localizable.strings,title=missing-key::[de] “50%25, done”: "
        + "Key “50%25, done” is missing in de (en.lproj/Localizable.strings:1 has it; its source text is "
        + "“50%25, done: yes”).")
  }
}

import ArgumentParser
import Foundation
import GlossaCore

struct PseudoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pseudo",
    abstract: "Write a pseudo-localized language into a bundle: accented, longer, bracketed values to run the app in.",
    discussion: """
      Every table of the source language is copied into the pseudo language with each value's \
      letters accented, the text grown by --expand percent and wrapped in [ ], so untranslated, \
      cut-off and cramped strings show on screen. Format specifiers (%@, %1$ld, %#@name@, %%), \
      {key.path} references, markup tags and plural families are kept; a .lproj file keeps the \
      source file's comments, order and encoding; a String Catalog or localized-object file gets \
      the language added.
      """
  )

  @Argument(help: "A bundle directory, a .zip, a String Catalog or a localized-object .json file.")
  var bundle: String

  @Option(
    name: .customLong("lang"), help: "The pseudo language to write (en-XA by convention; ar-XB for right-to-left).")
  var language = "en-XA"

  @Option(
    name: .customLong("from"),
    help: "The language whose values are pseudo-localized (default: the development language).")
  var source: String?

  @Option(help: "How much longer each value gets, in percent (0–400).")
  var expand = 40

  @Flag(help: "Write the language again when the bundle has it already (its values are overwritten).")
  var replace = false

  @OptionGroup var options: BundleOptions

  func validate() throws {
    guard (0...400).contains(expand) else {
      throw ValidationError("--expand must be between 0 and 400 (percent), not \(expand)")
    }
    guard LanguageTag(language) != nil else {
      throw ValidationError("--lang \(language) is not a language code (such as en-XA)")
    }
  }

  func run() throws {
    if BundleSource.remoteURL(bundle) != nil {
      throw GlossaError.readOnly(
        bundle, reason: "a remote bundle cannot be edited in place; `glossa fetch` it and unpack the cached zip")
    }
    var loaded = try LocalizationBundle.open(bundle, options: options.loadOptions(language: nil))
    let report = try loaded.writePseudoLanguage(
      language, from: source,
      using: Pseudolocalization(expansion: expand, rightToLeft: Pseudolocalization.isRightToLeft(language)),
      replacing: replace)
    let saved = try loaded.save()
    let created = Set(report.created)
    let noun = report.values == 1 ? "value" : "values"
    CLI.outText(
      "pseudo \(report.language) from \(report.source) (+\(expand) %): \(report.values) \(noun) in \(report.files.count) "
        + (report.files.count == 1 ? "file" : "files") + (saved.written.isEmpty ? "; nothing changed" : "") + "\n")
    for file in report.files {
      CLI.outText("  \(created.contains(file) ? "new" : "written") \(file)\n")
    }
    for skipped in report.skipped { CLI.outText("  skipped \(skipped)\n") }
  }
}

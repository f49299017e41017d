import ArgumentParser
import Foundation
import GlossaCore

/// `glossa plural LANG [NUMBER…]`: show a language's CLDR plural categories or classify numbers.
struct PluralCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plural",
    abstract: "Show a language's CLDR plural categories, or the category of each number.",
    discussion: """
      Without numbers, lists each category with CLDR's integer and decimal samples. With numbers, \
      prints `NUMBER → category` per number. Numbers are decimal text: `1` and `1.0` may differ; \
      compact exponents such as `1c6` are accepted.
      """
  )

  /// Output format of the command.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: "Locale code (ru, pt-PT, zh-Hant…), mapped to CLDR as Xcode does.")
  var locale: String

  @Argument(parsing: .allUnrecognized, help: "Numbers to classify (5, 1.50, -3, 1c6).")
  var numbers: [String] = []

  @Option(help: "Output format: text or json.")
  var format: Format = .text

  func run() throws {
    let (ruleSet, diagnostic) = PluralRules.resolve(localeCode: locale)
    if let diagnostic { CLI.warn(diagnostic.message) }
    var results: [(number: String, category: PluralCategory)] = []
    for number in numbers {
      guard let category = ruleSet.category(for: number) else {
        CLI.printError("'\(number)' is not a number")
        throw ExitCode(2)
      }
      results.append((number, category))
    }
    switch format {
    case .text:
      print(
        numbers.isEmpty
          ? categoriesText(ruleSet) : results.map { "\($0.number) → \($0.category.rawValue)" }.joined(separator: "\n"))
    case .json:
      CLI.out(json(ruleSet, results: results))
    }
  }

  private func categoriesText(_ ruleSet: PluralRuleSet) -> String {
    let width = ruleSet.categories.map(\.rawValue.count).max() ?? 0
    var lines = ["\(locale) → CLDR \(ruleSet.language): \(ruleSet.categories.map(\.rawValue).joined(separator: ", "))"]
    for rule in ruleSet.rules {
      let name = rule.category.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
      let indent = String(repeating: " ", count: width)
      lines.append("\(name)  integers: \(rule.integerSamples ?? "(none)")")
      lines.append("\(indent)  decimals: \(rule.decimalSamples ?? "(none)")")
      if !rule.expression.isEmpty { lines.append("\(indent)  rule:     \(rule.expression)") }
    }
    return lines.joined(separator: "\n")
  }

  /// The categories with their rules and samples, or the numbers' categories, in the layout of
  /// Foundation's `JSONEncoder` with sorted keys, which this command's JSON has: members in name
  /// order, absent ones left out, `" : "` after names.
  private func json(_ ruleSet: PluralRuleSet, results: [(number: String, category: PluralCategory)]) -> String {
    var out = JSONWriter(nameSeparator: " : ")
    out.beginObject()
    if numbers.isEmpty {
      out.beginArray("categories")
      for rule in ruleSet.rules {
        out.beginObject()
        out.field("category", rule.category.rawValue)
        if let samples = rule.decimalSamples { out.field("decimalSamples", samples) }
        if let samples = rule.integerSamples { out.field("integerSamples", samples) }
        out.field("rule", rule.expression)
        out.endObject()
      }
      out.endArray()
    }
    if let cldrLocale = PluralRules.cldrID(forLocale: locale) { out.field("cldrLocale", cldrLocale) }
    out.field("locale", locale)
    if !numbers.isEmpty {
      out.beginArray("results")
      for result in results {
        out.beginObject()
        out.field("category", result.category.rawValue)
        out.field("number", result.number)
        out.endObject()
      }
      out.endArray()
    }
    out.endObject()
    return out.text
  }
}

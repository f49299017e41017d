import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct FormatSpecifierTests {
  @Test func parsesEveryConversionApplesFormatsUse() {
    let specs = FormatSpecifier.parse("%@ %d %i %ld %lld %lu %u %x %f %.1f %e %g %c %s %p")
    #expect(
      specs.map(\.text) == [
        "%@", "%d", "%i", "%ld", "%lld", "%lu", "%u", "%x", "%f", "%.1f", "%e", "%g", "%c", "%s", "%p",
      ])
    #expect(
      specs.map(\.family) == [
        .object, .integer, .integer, .integer, .integer, .integer, .integer, .integer, .floating,
        .floating, .floating, .floating, .integer, .cString, .pointer,
      ])
  }

  @Test func percentPercentIsLiteral() {
    #expect(FormatSpecifier.parse("100%% sure").isEmpty)
    #expect(FormatSpecifier.parse("%%d").isEmpty)
    #expect(FormatSpecifier.parse("%%%d").map(\.text) == ["%d"])
  }

  @Test func strayPercentSignsAreProse() {
    #expect(FormatSpecifier.parse("50% off").isEmpty)
    #expect(FormatSpecifier.parse("100%").isEmpty)
    #expect(FormatSpecifier.parse("50 % Rabatt").isEmpty)
    #expect(FormatSpecifier.parse("a képernyő %-a").isEmpty)
    #expect(FormatSpecifier.parse("50%-os").isEmpty)
    #expect(FormatSpecifier.parse("[%-8@]").map(\.text) == ["%-8@"])
  }

  @Test func readsFlagsWidthPrecisionAndLength() {
    let spec = FormatSpecifier.parse("[%-08.3lf]").first
    #expect(spec?.flags == "-0")
    #expect(spec?.width == "8")
    #expect(spec?.precision == "3")
    #expect(spec?.lengthModifier == "l")
    #expect(spec?.conversion == "f")
    #expect(spec?.utf8Offset == 1)
    #expect(FormatSpecifier.parse("é %@").first?.utf8Offset == 3)
  }

  @Test func readsPositionsAndPluralVariables() {
    let specs = FormatSpecifier.parse("%2$@ von %1$@ und %#@files@ %3$#@folders@")
    #expect(specs.map(\.position) == [2, 1, nil, 3])
    #expect(specs.map(\.variable) == [nil, nil, "files", "folders"])
    #expect(specs[2].family == .pluralVariable)
  }

  @Test func reorderedPositionalArgumentsAreCompatible() {
    let source = FormatSignature("%1$@ sent %2$@")
    let translation = FormatSignature("%2$@ wurde von %1$@ gesendet")
    #expect(translation.differences(from: source).isEmpty)
    #expect(FormatSignature("%@ sent %@").differences(from: source).isEmpty)
  }

  @Test func integerLengthModifiersAreOneFamily() {
    #expect(FormatSignature("%ld Dateien").differences(from: FormatSignature("%d files")).isEmpty)
    #expect(FormatSignature("%lu").differences(from: FormatSignature("%lld")).isEmpty)
  }

  @Test func typeMismatchIsReported() {
    let differences = FormatSignature("%d Dateien").differences(from: FormatSignature("%@ files"))
    #expect(differences == ["argument 1 is %d (integer) where the source has %@ (object)"])
  }

  @Test func missingAndExtraArgumentsAreReported() {
    let source = FormatSignature("%@ and %@")
    #expect(
      FormatSignature("%@").differences(from: source) == [
        "argument 2 (%@) of the source is missing"
      ])
    #expect(
      FormatSignature("%1$@ %1$@ %3$@").differences(from: source) == [
        "argument 2 (%@) of the source is missing",
        "%3$@ uses argument 3, which the source does not have",
      ])
    #expect(FormatSignature("%@").differences(from: source, allowMissing: true).isEmpty)
  }

  @Test func starWidthConsumesAnIntegerArgument() {
    let signature = FormatSignature("%*d %@")
    #expect(signature.argumentCount == 3)
    #expect(signature.arguments[1]?.family == .integer)
    #expect(signature.arguments[3]?.family == .object)
  }

  @Test func pluralVariablesMustMatch() {
    let source = FormatSignature("%#@files@")
    #expect(FormatSignature("%#@files@").differences(from: source).isEmpty)
    #expect(
      FormatSignature("%#@dateien@").differences(from: source) == [
        "plural variable files is missing", "plural variable dateien is not in the source",
      ])
  }
}

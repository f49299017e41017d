import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `glossa lint` streams a bundle language by language (`Checker.run(_: LocalizationBundle.open…)`); it must
/// report exactly what the whole-bundle `Checker.run` reports, in the same order.
@Suite(.timeLimit(.minutes(10))) struct StreamingCheckerTests {
  static let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")

  /// Both paths, with and without a second bundle.
  func compare(_ path: String, against remote: String? = nil, options: CheckOptions = CheckOptions()) throws
    -> [Finding]
  {
    let checker = Checker(options: options)
    let whole = try checker.findings(
      in: try LocalizationBundle.load(path), against: try remote.map { try LocalizationBundle.load($0) })
    let streamed = try checker.findings(
      in: try LocalizationBundle.open(path), against: try remote.map { try LocalizationBundle.open($0) })
    #expect(streamed.count == whole.count, "\(path) against \(remote ?? "-")")
    for (a, b) in zip(streamed, whole) where a != b {
      Issue.record("first difference: streamed \(a) whole \(b)")
      break
    }
    return streamed
  }

  @Test func sampleBundlesGiveTheSameFindings() throws {
    let local = Self.samples.appendingPathComponent("local").path
    let remoteZip = Self.samples.appendingPathComponent("remote.zip").path
    let remoteFolder = Self.samples.appendingPathComponent("remote").path
    let plain = try compare(local)
    #expect(!plain.isEmpty)
    let against = try compare(local, against: remoteZip)
    #expect(against.contains { $0.kind == .missingInRemote })
    #expect(against.contains { $0.kind == .onlyInRemote })
    _ = try compare(remoteZip, against: local)
    _ = try compare(remoteFolder, against: remoteZip)
  }

  @Test(.enabled(if: GeneratedBundleTests.available, "python3 or ../shared/tools/gen_bundle.py is missing"))
  func generatedBundleGivesTheSameFindings() throws {
    let scratch = TemporaryDirectory()
    let out = scratch.url.appendingPathComponent("bundle")
    let zip = scratch.url.appendingPathComponent("bundle.zip")
    try Self.generate(out, zip: zip, langs: 8, keys: 400)
    let findings = try compare(zip.path)
    #expect(Set(findings.map(\.kind)).isSuperset(of: [.missingKey, .overlong, .pluralGap, .invalidInfoPlist]))
    _ = try compare(out.path, options: CheckOptions(maxRatio: 2.5, slack: 0))
    // Against the other form of itself, and against a smaller bundle (tables and keys missing).
    _ = try compare(zip.path, against: out.path)
    let small = scratch.url.appendingPathComponent("small")
    try Self.generate(small, zip: nil, langs: 4, keys: 150)
    let mixed = try compare(zip.path, against: small.path)
    #expect(mixed.contains { $0.kind == .missingInRemote && $0.key == nil })
    _ = try compare(small.path, against: zip.path)
  }

  @Test(.enabled(if: GeneratedBundleTests.available, "python3 or ../shared/tools/gen_bundle.py is missing"))
  func aDamagedTableEntryFailsBothWays() throws {
    let scratch = TemporaryDirectory()
    let zip = scratch.url.appendingPathComponent("bundle.zip")
    try Self.generate(scratch.url.appendingPathComponent("bundle"), zip: zip, langs: 3, keys: 100)
    var bytes = try Data(contentsOf: zip)
    let name = Data("Resources/de.lproj/Localizable.strings".utf8)
    let header = try #require(bytes.range(of: name))
    let target = header.upperBound + 200
    bytes[target] ^= 0xFF
    let damaged = scratch.url.appendingPathComponent("damaged.zip")
    try bytes.write(to: damaged)
    var loadMessage = ""
    #expect(throws: GlossaError.self) {
      do { _ = try LocalizationBundle.load(damaged.path) } catch {
        loadMessage = "\(error)"
        throw error
      }
    }
    // The listing opens (tables are read later); the checker fails with the same message.
    let listing = try LocalizationBundle.open(damaged.path)
    #expect(throws: GlossaError.self) {
      do { _ = try Checker().findings(in: listing) } catch {
        #expect("\(error)" == loadMessage)
        throw error
      }
    }
  }

  static func generate(_ out: URL, zip: URL?, langs: Int, keys: Int) throws {
    let run = try TestProcess.run(
      GeneratedBundleTests.python ?? "/usr/bin/python3",
      [GeneratedBundleTests.generator.path, out.path, "--langs", "\(langs)", "--keys", "\(keys)", "--utf16-every", "3"]
        + (zip.map { ["--zip", $0.path] } ?? []),
      timeLimit: 300)
    try #require(run.succeeded, "gen_bundle.py failed: \(run.stderrText)")
  }
}

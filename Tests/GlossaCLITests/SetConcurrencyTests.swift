import Dispatch
import Foundation
import GlossaCore
import Testing

/// Several `glossa set` processes on one file at once: every edit lands (a save that finds the
/// file changed since it was read reads it again and applies its edit on top).
@Suite("glossa set, concurrently", .serialized)
struct SetConcurrencyTests {
  static let writers = 6

  /// Runs `writers` `glossa set` processes at once, each adding its own key, and returns their results.
  func race(_ bundle: String, language: String, in directory: URL) -> [GlossaBinary.Result] {
    let results = ResultBox(count: Self.writers)
    DispatchQueue.concurrentPerform(iterations: Self.writers) { index in
      let run = try? GlossaBinary.run(
        ["set", bundle, "--lang", language, "--table", "Localizable", "race.key\(index)", "Wert \(index)"],
        in: directory)
      results.set(index, run)
    }
    return results.values
  }

  @Test("a directory: every concurrent edit lands in the file")
  func directory() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    let file = "SampleBundles/local/Resources/de.lproj/Localizable.strings"
    let before = try String(decoding: scratch.read(file), as: UTF8.self)
    for run in race("SampleBundles/local", language: "de", in: scratch.url) {
      #expect(run.status == 0, "\(run.stderr)")
    }
    let after = try String(decoding: scratch.read(file), as: UTF8.self)
    #expect(after.hasPrefix(before), "the file as it was is kept")
    let bundle = try LocalizationBundle.load(scratch.url.appendingPathComponent(file).path)
    for index in 0..<Self.writers {
      #expect(
        bundle.value(at: ValueAddress(language: "de", table: "Localizable", key: "race.key\(index)")) == "Wert \(index)"
      )
    }
  }

  @Test("a zip: every concurrent edit lands in the archive")
  func zip() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    for run in race("SampleBundles/remote.zip", language: "de", in: scratch.url) {
      #expect(run.status == 0, "\(run.stderr)")
    }
    let bundle = try LocalizationBundle.load(scratch.url.appendingPathComponent("SampleBundles/remote.zip").path)
    for index in 0..<Self.writers {
      #expect(
        bundle.value(at: ValueAddress(language: "de", table: "Localizable", key: "race.key\(index)")) == "Wert \(index)"
      )
    }
  }
}

private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [GlossaBinary.Result?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ value: GlossaBinary.Result?) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }
  var values: [GlossaBinary.Result] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0 ?? GlossaBinary.Result(status: -2, stdout: "", stderr: "did not run") }
  }
}

import Foundation
import GlossaTestSupport
import Testing

/// `glossa review` refusals made before any terminal is opened: no tmux needed.
@Suite("glossa review: refusals before the screen")
struct ReviewCommandTests {
  @Test func noBundleHereSaysHowToPointAtOne() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    let result = try GlossaBinary.run(["review"], in: scratch.url)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("glossa: no bundle in the current directory; run glossa review PATH"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}

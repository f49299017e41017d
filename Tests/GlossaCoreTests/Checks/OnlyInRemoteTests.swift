import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct OnlyInRemoteTests {
  let local = RemoteFixtures.local
  let remote = RemoteFixtures.remote

  @Test func onlyInRemote() {
    let found = CheckFixtures.findings(.onlyInRemote, in: local, against: remote)
    #expect(found.map(\.key) == ["old"])
    #expect(found.first?.severity == .info)
  }

  @Test func identicalBundlesHaveNone() {
    #expect(CheckFixtures.findings(.onlyInRemote, in: local).isEmpty)
    #expect(CheckFixtures.findings(.onlyInRemote, in: local, against: local).isEmpty)
  }
}

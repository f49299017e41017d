// Excluded by `**/*Tests/**`.
let expected = loc("test.fixture.missing")

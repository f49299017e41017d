// Excluded by `Scratch.swift` (at the top of the scanned folder only).
let scratch = loc("scratch.missing")

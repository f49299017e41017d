// Not excluded: `Scratch.swift` names the file at the top of the scanned folder.
let nested = loc("nested.scratch.missing")

import Foundation

// Excluded by `**/Debug/**`: nothing here is read.
let debugTitle = NSLocalizedString("debug.screen.missing", comment: "")
let debugBody = loc("debug.only.used")

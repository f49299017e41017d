/// Well-formed UTF-8 (Unicode table 3-7: no overlong forms, no surrogates, nothing past
/// U+10FFFF) as a nine-state automaton whose every transition on one byte is packed in one
/// 64-bit row: a state is its own bit offset in the rows (six bits a state), so a step is a load
/// that does not depend on the state, a shift and a mask, and no branch.
enum UTF8Automaton {
  /// Between sequences: where a valid text starts and ends.
  static let accept: UInt64 = 0
  /// A byte no well-formed sequence allows there; it keeps itself.
  static let reject: UInt64 = 8 * 6

  /// The state after `byte` in `state`.
  @inline(__always)
  static func step(_ state: UInt64, _ byte: UInt8, _ rows: UnsafeBufferPointer<UInt64>) -> UInt64 {
    (rows[Int(byte)] &>> state) & 63
  }

  /// Each byte's row: bits `6s..<6s+6` hold the offset of the state after the byte in state `s`.
  static let rows: [UInt64] = (0...255).map { byte in
    var row: UInt64 = 0
    for state in 0..<9 { row |= UInt64(next(state, UInt8(byte)) * 6) << UInt64(state * 6) }
    return row
  }

  /// The states: 0 between sequences; 1, 2 and 3 continuation bytes still to come (any of
  /// 80–BF); 4–7 a second byte narrower than that still to come (after E0, ED, F0 and F4: what
  /// excludes overlongs, surrogates and scalars past U+10FFFF); 8 rejected.
  private static func next(_ state: Int, _ byte: UInt8) -> Int {
    let continuation = (0x80...0xBF).contains(byte)
    switch state {
    case 0:
      switch byte {
      case 0x00...0x7F: return 0
      case 0xC2...0xDF: return 1
      case 0xE0: return 4
      case 0xED: return 5
      case 0xE1...0xEF: return 2
      case 0xF0: return 6
      case 0xF1...0xF3: return 3
      case 0xF4: return 7
      default: return 8
      }
    case 1: return continuation ? 0 : 8
    case 2: return continuation ? 1 : 8
    case 3: return continuation ? 2 : 8
    case 4: return (0xA0...0xBF).contains(byte) ? 1 : 8
    case 5: return (0x80...0x9F).contains(byte) ? 1 : 8
    case 6: return (0x90...0xBF).contains(byte) ? 2 : 8
    case 7: return (0x80...0x8F).contains(byte) ? 2 : 8
    default: return 8
    }
  }
}

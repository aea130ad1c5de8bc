import SkaldNeutral
import XCTest

/// Equal within a thousandth (relative for large values): the painter's and the
/// viewport's sums are in Float and need not agree to the last bit.
func assertNear(_ expected: Float, _ actual: Float, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(abs(expected - actual) <= 1e-3 * max(1, abs(expected)),
                  "\(what): expected \(expected), was \(actual)", file: file, line: line)
}

func assertNear(_ expected: Pt, _ actual: Pt, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    assertNear(expected.x, actual.x, "\(what) x", file: file, line: line)
    assertNear(expected.y, actual.y, "\(what) y", file: file, line: line)
}

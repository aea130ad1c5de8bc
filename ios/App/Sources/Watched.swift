import Combine
import Foundation
import SkaldNeutral

/// A neutral model's state as SwiftUI watches it: the `StateCell` may change on a worker
/// (the computer's moves, the hint), so every change is read again on the main queue.
@MainActor
final class Watched<Value>: ObservableObject {
    @Published private(set) var value: Value
    private var observation: StateObservation?

    init(_ cell: StateCell<Value>) {
        value = cell.value
        observation = cell.observe { [weak self] _ in
            // The newest value when the main queue gets to it, not the one that woke us.
            DispatchQueue.main.async { self?.value = cell.value }
        }
    }
}

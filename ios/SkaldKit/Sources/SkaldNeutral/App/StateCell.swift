import Foundation

/// One value that a screen draws, and the way a shell hears that it changed. Combine is
/// not on Linux, where this module is tested, so the shell observes with a callback (the
/// app's SwiftUI wrapper hops to the main actor there) or reads `values` as a stream.
///
/// Callbacks run on the thread that set the value: the caller's, or a worker's for the
/// computer's moves and the hint.
public final class StateCell<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Value
    private var observers: [Int: (Value) -> Void] = [:]
    private var nextObserver = 0

    public init(_ value: Value) {
        current = value
    }

    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func set(_ value: Value) {
        lock.lock()
        current = value
        let listeners = Array(observers.values)
        lock.unlock()
        for listener in listeners { listener(value) }
    }

    func update(_ change: (Value) -> Value) {
        lock.lock()
        current = change(current)
        let value = current
        let listeners = Array(observers.values)
        lock.unlock()
        for listener in listeners { listener(value) }
    }

    /// Calls `listener` with every new value until the returned observation is cancelled
    /// or released.
    public func observe(_ listener: @escaping (Value) -> Void) -> StateObservation {
        lock.lock()
        let id = nextObserver
        nextObserver += 1
        observers[id] = listener
        lock.unlock()
        return StateObservation { [weak self] in
            guard let self else { return }
            self.lock.lock()
            self.observers[id] = nil
            self.lock.unlock()
        }
    }

    /// The values from now on, the current one first.
    public var values: AsyncStream<Value> {
        AsyncStream { continuation in
            continuation.yield(value)
            let observation = observe { continuation.yield($0) }
            continuation.onTermination = { _ in observation.cancel() }
        }
    }
}

/// Keeps a listener of a `StateCell` registered while it lives.
public final class StateObservation: @unchecked Sendable {
    private var stop: (() -> Void)?

    init(_ stop: @escaping () -> Void) {
        self.stop = stop
    }

    public func cancel() {
        stop?()
        stop = nil
    }

    deinit { cancel() }
}

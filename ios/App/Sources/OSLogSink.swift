import os
import SkaldFFI

/// The core's `log` lines in the unified log (Console.app, `log stream`), one category per
/// Rust module so that a bug report can be filtered.
final class OSLogSink: LogSink, @unchecked Sendable {
    func write(level: LogLevel, target: String, message: String) {
        let logger = Logger(subsystem: "org.skald.app", category: target)
        switch level {
        case .error: logger.error("\(message, privacy: .public)")
        case .warn: logger.warning("\(message, privacy: .public)")
        case .info: logger.info("\(message, privacy: .public)")
        case .debug, .trace: logger.debug("\(message, privacy: .public)")
        }
    }
}

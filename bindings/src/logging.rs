//! The core's log and any panic message, in the platform's log (issue 12): the app hands
//! over a sink once at start (Android: `android.util.Log`, so lines reach logcat; iOS:
//! `os_log`; the desktop: standard error), and every `log` record of the core and its
//! libraries goes there. A panic, which uniffi turns into an exception for the app, is
//! written there too, with where it happened, so that a bug report has it.

use std::sync::{Arc, OnceLock, RwLock};

/// How serious a log line is, as the platforms' logs grade them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

/// Where log lines go: implemented by the app.
#[uniffi::export(with_foreign)]
pub trait LogSink: Send + Sync {
    /// One line: its level, where it comes from (a Rust module path) and the text.
    fn write(&self, level: LogLevel, target: String, message: String);
}

/// The sink now in use (None: lines are dropped); a later call replaces it.
fn sink() -> &'static RwLock<Option<Arc<dyn LogSink>>> {
    static SINK: OnceLock<RwLock<Option<Arc<dyn LogSink>>>> = OnceLock::new();
    SINK.get_or_init(|| RwLock::new(None))
}

struct Forward;

static FORWARD: Forward = Forward;

impl log::Log for Forward {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &log::Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let level = match record.level() {
            log::Level::Error => LogLevel::Error,
            log::Level::Warn => LogLevel::Warn,
            log::Level::Info => LogLevel::Info,
            log::Level::Debug => LogLevel::Debug,
            log::Level::Trace => LogLevel::Trace,
        };
        write(level, record.target(), record.args().to_string());
    }

    fn flush(&self) {}
}

fn write(level: LogLevel, target: &str, message: String) {
    let sink = sink().read().unwrap_or_else(|e| e.into_inner()).clone();
    if let Some(sink) = sink {
        sink.write(level, target.to_string(), message);
    }
}

/// Sends the core's log lines from `level` up (and every panic message) to `sink`.
/// Call it once when the app starts; calling it again replaces the sink and the level.
#[uniffi::export]
pub fn set_log_sink(sink: Arc<dyn LogSink>, level: LogLevel) {
    *sink_slot() = Some(sink);
    log::set_max_level(match level {
        LogLevel::Error => log::LevelFilter::Error,
        LogLevel::Warn => log::LevelFilter::Warn,
        LogLevel::Info => log::LevelFilter::Info,
        LogLevel::Debug => log::LevelFilter::Debug,
        LogLevel::Trace => log::LevelFilter::Trace,
    });
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        // Fails only if another logger was set first (an app embedding another Rust
        // library that sets one): then that logger has the lines.
        let _ = log::set_logger(&FORWARD);
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let place = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            write(LogLevel::Error, "panic", format!("{what}{place}"));
            earlier(info);
        }));
    });
}

fn sink_slot() -> std::sync::RwLockWriteGuard<'static, Option<Arc<dyn LogSink>>> {
    sink().write().unwrap_or_else(|e| e.into_inner())
}

/// Writes one line to the app's log through the core, at `level`: for tests, and for
/// an app that wants its own lines beside the core's.
#[uniffi::export]
pub fn log_line(level: LogLevel, message: String) {
    let level = match level {
        LogLevel::Error => log::Level::Error,
        LogLevel::Warn => log::Level::Warn,
        LogLevel::Info => log::Level::Info,
        LogLevel::Debug => log::Level::Debug,
        LogLevel::Trace => log::Level::Trace,
    };
    log::log!(target: "app", level, "{message}");
}

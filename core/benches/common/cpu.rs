//! Timing benchmarks by this thread's CPU time (`SKALD_BENCH_CPU=1` in the fury and
//! v878 benches), so that figures taken on a machine busy with other work compare: other
//! processes' load does not count. Included by each bench with `#[path]`.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Runs the groups timed in CPU time with `SKALD_BENCH_CPU` set, else the wall-clock
/// ones, then criterion's summary.
pub fn run(wall: fn(), cpu: fn()) {
    if std::env::var_os("SKALD_BENCH_CPU").is_some() {
        cpu();
    } else {
        wall();
    }
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}

/// The group's name: `base`, or `base_cpu` when timed in CPU time.
pub fn group_name<M: 'static>(base: &str) -> String {
    if std::any::TypeId::of::<M>() == std::any::TypeId::of::<ThreadCpu>() {
        format!("{base}_cpu")
    } else {
        base.to_string()
    }
}

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a pointer to a live one.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        t.sec as u64 * 1_000_000_000 + t.nsec as u64
    } else {
        0
    }
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_ns() -> u64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as u64
}

/// Criterion timing by the thread's CPU time, shown as durations.
pub struct ThreadCpu;

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

//! Skald's core: the rules of every game, the shared engine contract they implement,
//! board geometry, and the computer players. Pure Rust, no FFI.

pub mod ai;
pub mod board;
pub mod cases;
pub mod engine;
pub mod games;
pub mod scene;
pub mod session;
pub mod store;

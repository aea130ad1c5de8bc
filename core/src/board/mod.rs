//! Board geometry shared by the games. Labelling is a parameter, never a game's code.
//!
//! - [`hex`]: hex grids of columns (Fury's `CCRR`; Raiders' letter+number hexes), with
//!   which columns sit half a hex lower as a parameter.
//! - [`square`]: square grids with letter+number squares (1066).
//! - [`area`]: area graphs (878's shires).
//! - [`path`]: cheapest paths with movement costs over any of them.
//! - [`los`]: line of sight on hex grids.

pub mod area;
pub mod hex;
pub mod los;
pub mod path;
pub mod square;

pub use hex::{Hex, HexDir, HexGrid, HexLabels, LowColumns};

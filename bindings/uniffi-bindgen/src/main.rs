//! `uniffi-bindgen generate --library target/debug/libskald_ffi.so --language kotlin ...`:
//! built from the workspace so that the generator is always the runtime's version.

fn main() {
    uniffi::uniffi_bindgen_main()
}

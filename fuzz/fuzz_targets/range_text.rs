#![no_main]
//! libFuzzer entry point of [`cardavia_fuzz::range_text`] (the checks live in the library so that
//! `cargo test` can replay them without libFuzzer).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardavia_fuzz::range_text(data));

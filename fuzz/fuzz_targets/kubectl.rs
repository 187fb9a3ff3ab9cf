#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| podlife_fuzzing::kubectl(data));

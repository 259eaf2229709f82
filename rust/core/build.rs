//! Build script of cardavia-core: generates the Hold'em evaluation tables
//! (see `src/poker/tablegen.rs`) into `$OUT_DIR/poker_tables.rs`.

#[path = "src/poker/tablegen.rs"]
mod tablegen;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/poker/tablegen.rs");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let path = std::path::Path::new(&out_dir).join("poker_tables.rs");
    let source = tablegen::generate().to_rust_source();
    std::fs::write(&path, source).expect("write poker_tables.rs");
}

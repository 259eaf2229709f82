//! Runs every fuzz target's checks without libFuzzer (stable toolchain, `cargo test` in
//! `fuzz/`): over the seed inputs in `seeds/<target>/`, the corpus and crash artifacts of earlier
//! fuzzing runs if present, and pseudo-random mutations of the seeds spliced with the target's
//! dictionary tokens. A regression check for inputs once found, and a fallback where cargo-fuzz
//! cannot run.

use std::fs;
use std::path::Path;

type Check = fn(&[u8]);

const TARGETS: [(&str, Check, &str); 4] = [
    ("card_text", cardavia_fuzz::card_text, "cards.dict"),
    ("range_text", cardavia_fuzz::range_text, "ranges.dict"),
    ("record_text", cardavia_fuzz::record_text, "records.dict"),
    ("eval_batch", cardavia_fuzz::eval_batch, ""),
];

/// Random inputs per target on top of the files.
const MUTATIONS: usize = 20_000;

fn files(dir: &Path) -> Vec<Vec<u8>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.is_file())
        .map(|p| fs::read(p).unwrap())
        .collect()
}

/// The quoted tokens of a libFuzzer dictionary (`name="token"` lines, `\xNN` escapes).
fn dictionary(path: &Path) -> Vec<Vec<u8>> {
    let Ok(text) = fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let start = line.find('"')? + 1;
            let end = line.rfind('"')?;
            let raw = line.get(start..end)?.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < raw.len() {
                if raw[i] == b'\\' && raw.get(i + 1) == Some(&b'x') && i + 3 < raw.len() {
                    let hex = std::str::from_utf8(&raw[i + 2..i + 4]).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 4;
                } else if raw[i] == b'\\' && i + 1 < raw.len() {
                    out.push(raw[i + 1]);
                    i += 2;
                } else {
                    out.push(raw[i]);
                    i += 1;
                }
            }
            Some(out)
        })
        .collect()
}

/// xorshift64*: a fixed pseudo-random stream, so a failure reproduces.
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn mutate(seed: &[u8], tokens: &[Vec<u8>], s: &mut Stream) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + s.below(6) {
        let at = s.below(v.len() + 1);
        match s.below(5) {
            0 if !v.is_empty() => {
                let i = s.below(v.len());
                v[i] = s.next() as u8;
            }
            1 if !v.is_empty() => {
                v.remove(s.below(v.len()));
            }
            2 if !tokens.is_empty() => {
                let t = &tokens[s.below(tokens.len())];
                v.splice(at..at, t.iter().copied());
            }
            3 => v.insert(at, s.next() as u8),
            _ => {
                let extra: Vec<u8> = (0..s.below(16)).map(|_| s.next() as u8).collect();
                v.splice(at..at, extra);
            }
        }
    }
    v
}

#[test]
fn replay_seeds_corpus_artifacts_and_mutations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, check, dict) in TARGETS {
        let mut inputs = files(&root.join("seeds").join(name));
        assert!(!inputs.is_empty(), "no seeds for {name}");
        inputs.extend(files(&root.join("corpus").join(name)));
        inputs.extend(files(&root.join("artifacts").join(name)));
        let tokens = if dict.is_empty() {
            Vec::new()
        } else {
            dictionary(&root.join("dicts").join(dict))
        };
        for input in &inputs {
            check(input);
        }
        let mut s = Stream(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
        for _ in 0..MUTATIONS {
            let seed = &inputs[s.below(inputs.len())];
            check(&mutate(seed, &tokens, &mut s));
        }
    }
}

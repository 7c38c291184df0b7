//! Mutated example files never make the front end panic: `load_str` returns Ok or Err.

mod common;
use common::*;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Mutation {
    DeleteByte(usize),
    InsertByte(usize, u8),
    DuplicateByte(usize),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let interesting = prop::sample::select(b"(){}[];,*&=+-/%<>!~^|?:#\"'\\\n 0xL.abcu_".to_vec());
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteByte),
        (any::<usize>(), interesting).prop_map(|(p, b)| Mutation::InsertByte(p, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Mutation::InsertByte(p, b)),
        any::<usize>().prop_map(Mutation::DuplicateByte),
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
    ]
}

fn apply(text: &[u8], muts: &[Mutation]) -> Vec<u8> {
    let mut t = text.to_vec();
    for m in muts {
        let n = t.len().max(1);
        match *m {
            Mutation::DeleteByte(p) if !t.is_empty() => {
                t.remove(p % n);
            }
            Mutation::InsertByte(p, b) => t.insert(p % (t.len() + 1), b),
            Mutation::DuplicateByte(p) if !t.is_empty() => {
                let b = t[p % n];
                t.insert(p % n, b);
            }
            Mutation::DeleteLine(_) | Mutation::DuplicateLine(_) | Mutation::SwapLines(..) => {
                let mut lines: Vec<Vec<u8>> =
                    t.split(|c| *c == b'\n').map(<[u8]>::to_vec).collect();
                let k = lines.len();
                match *m {
                    Mutation::DeleteLine(i) => {
                        lines.remove(i % k);
                    }
                    Mutation::DuplicateLine(i) => {
                        let l = lines[i % k].clone();
                        lines.insert(i % k, l);
                    }
                    Mutation::SwapLines(a, b) => lines.swap(a % k, b % k),
                    _ => {}
                }
                t = lines.join(&b'\n');
            }
            _ => {}
        }
    }
    t
}

fn sources() -> Vec<(String, Vec<u8>)> {
    files_with_ext(&root().join("examples"), "c")
        .into_iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn mutated_examples_never_panic(which in any::<usize>(), muts in prop::collection::vec(mutation(), 1..6)) {
        let srcs = sources();
        prop_assume!(!srcs.is_empty());
        let (name, text) = &srcs[which % srcs.len()];
        let mutated = apply(text, &muts);
        let s = String::from_utf8_lossy(&mutated).into_owned();
        // Ok or Err are both fine; a panic fails the property.
        let _ = schedmc::driver::glue::load_str(name, &s);
    }
}

#[test]
fn unmutated_examples_load() {
    for (name, text) in sources() {
        let s = String::from_utf8(text).unwrap();
        // `assert.h` examples need the include path of the file, and a library unit of a
        // multi-file example (no `main`) is no program on its own; the others must load.
        if s.contains("#include") || !s.contains("main(") {
            continue;
        }
        assert!(
            schedmc::driver::glue::load_str(&name, &s).is_ok(),
            "{name} does not load from a string"
        );
    }
}

//! Shrinking a certificate by halves: parts are removed while the proof check still accepts
//! what is left (the correctness witnesses' invariants: predabs' loop-head atoms,
//! `validate::simplify`'s `&&`/`||` pieces).

use std::collections::HashSet;
use std::hash::Hash;

/// Adds to `removed` the parts of `cands` whose removal `passes` accepts, trying the whole list
/// first and splitting a chunk whose removal fails into halves (earlier half first). `passes`
/// answers `None` when its budget is used up: the search stops there and the answer is
/// `false` (incomplete); `true` when every candidate was decided.
pub fn remove_by_halves<T: Copy + Eq + Hash>(
    removed: &mut HashSet<T>,
    cands: Vec<T>,
    mut passes: impl FnMut(&HashSet<T>) -> Option<bool>,
) -> bool {
    let mut work: Vec<Vec<T>> = vec![cands];
    while let Some(chunk) = work.pop() {
        if chunk.is_empty() {
            continue;
        }
        let mut trial = removed.clone();
        trial.extend(chunk.iter().copied());
        match passes(&trial) {
            None => return false,
            Some(true) => *removed = trial,
            Some(false) if chunk.len() > 1 => {
                let (a, b) = chunk.split_at(chunk.len() / 2);
                work.push(b.to_vec());
                work.push(a.to_vec());
            }
            Some(false) => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_what_passes_and_stops_when_out_of_budget() {
        // parts 2 and 5 are needed
        let mut removed = HashSet::new();
        let needed = |r: &HashSet<u32>| Some(!r.contains(&2) && !r.contains(&5));
        assert!(remove_by_halves(&mut removed, (0..8).collect(), needed));
        assert_eq!(removed, HashSet::from([0, 1, 3, 4, 6, 7]));
        let mut removed = HashSet::new();
        let mut calls = 0;
        let out_of_time = |_: &HashSet<u32>| {
            calls += 1;
            (calls < 2).then_some(false)
        };
        assert!(!remove_by_halves(
            &mut removed,
            (0..8).collect(),
            out_of_time
        ));
        assert!(removed.is_empty());
    }
}

//! Store buffers for the weak-memory replay (`--mm tso|pso`, [`super::replay::replay_weak`]):
//! per thread instance, the stores not yet visible to the other threads, oldest first.
//!
//! A plain store of a global enters the buffer of its thread ([`StoreBuffers::push`]); a load
//! of a global by that thread sees its newest buffered store of the address, else memory
//! (store forwarding, [`StoreBuffers::forward`]). A trace's flush step takes one store out
//! and writes it to memory ([`StoreBuffers::flush`]): under TSO the oldest store of the thread
//! (one FIFO per thread), under PSO the oldest store of that address (one FIFO per thread and
//! address). Barriers (`engine::pobmc::barrier`) require buffered stores to be flushed before
//! the operation ([`StoreBuffers::check`]); the replay fails when the trace did not flush them.

use crate::engine::pobmc::barrier::Barrier;
use crate::engine::pobmc::MemoryModel;
use crate::ir::VarId;

/// The store buffers of every thread instance (by scheduler index).
#[derive(Clone, Debug, Default)]
pub struct StoreBuffers {
    bufs: Vec<Vec<(VarId, i128)>>,
}

impl StoreBuffers {
    fn buf(&self, t: usize) -> &[(VarId, i128)] {
        self.bufs.get(t).map_or(&[], |b| b.as_slice())
    }

    /// The newest buffered store of `v` by thread `t` (forwarding).
    pub fn forward(&self, t: usize, v: VarId) -> Option<i128> {
        self.buf(t)
            .iter()
            .rev()
            .find(|(x, _)| *x == v)
            .map(|&(_, val)| val)
    }

    /// Thread `t` stores `val` to `v`.
    pub fn push(&mut self, t: usize, v: VarId, val: i128) {
        if self.bufs.len() <= t {
            self.bufs.resize(t + 1, Vec::new());
        }
        self.bufs[t].push((v, val));
    }

    /// Takes the store of `v` that becomes visible next out of thread `t`'s buffer and
    /// returns its value (the caller writes it to memory).
    pub fn flush(&mut self, mm: MemoryModel, t: usize, v: VarId) -> Result<i128, String> {
        let b = self.bufs.get_mut(t).filter(|b| !b.is_empty());
        let Some(b) = b else {
            return Err("a flush of an empty store buffer".into());
        };
        let i = match mm {
            MemoryModel::Sc => return Err("a store-buffer flush under SC".into()),
            MemoryModel::Tso => {
                if b[0].0 != v {
                    return Err(
                        "under TSO the oldest buffered store is not the one flushed".to_string()
                    );
                }
                0
            }
            MemoryModel::Pso => b
                .iter()
                .position(|(x, _)| *x == v)
                .ok_or("a flush of an address with no buffered store")?,
        };
        Ok(b.remove(i).1)
    }

    /// The stores of thread `t` still buffered that `barrier` requires to be visible, as an
    /// error naming the first one (`name` renders a variable).
    pub fn check(
        &self,
        t: usize,
        barrier: &Barrier,
        name: &dyn Fn(VarId) -> String,
    ) -> Result<(), String> {
        match barrier {
            Barrier::None => Ok(()),
            Barrier::Addresses(a) => match self.buf(t).iter().find(|(v, _)| a.contains(v)) {
                None => Ok(()),
                Some((v, val)) => Err(format!(
                    "the store `{} = {val}` is still buffered at an atomic access of its address",
                    name(*v)
                )),
            },
            Barrier::Full => match self.buf(t).first() {
                None => Ok(()),
                Some((v, val)) => Err(format!(
                    "the store `{} = {val}` is still buffered at a barrier",
                    name(*v)
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarding_and_flush_order_per_model() {
        let (x, y) = (VarId(1), VarId(2));
        let mut b = StoreBuffers::default();
        b.push(0, x, 1);
        b.push(0, y, 2);
        b.push(0, x, 3);
        assert_eq!(b.forward(0, x), Some(3));
        assert_eq!(b.forward(1, x), None);
        // TSO: FIFO per thread
        let mut t = b.clone();
        assert!(t.flush(MemoryModel::Tso, 0, y).is_err());
        assert_eq!(t.flush(MemoryModel::Tso, 0, x), Ok(1));
        assert_eq!(t.flush(MemoryModel::Tso, 0, y), Ok(2));
        // PSO: FIFO per address
        let mut p = b.clone();
        assert_eq!(p.flush(MemoryModel::Pso, 0, y), Ok(2));
        assert_eq!(p.flush(MemoryModel::Pso, 0, x), Ok(1));
        assert_eq!(p.forward(0, x), Some(3));
        assert!(p.check(0, &Barrier::Full, &|_| "x".into()).is_err());
        assert_eq!(p.flush(MemoryModel::Pso, 0, x), Ok(3));
        assert!(p.check(0, &Barrier::Full, &|_| "x".into()).is_ok());
        assert!(p.flush(MemoryModel::Pso, 0, x).is_err());
        // an atomic access of x waits for x's stores only
        let only_x = Barrier::Addresses([x].into_iter().collect());
        let mut q = StoreBuffers::default();
        q.push(0, y, 1);
        assert!(q.check(0, &only_x, &|_| "y".into()).is_ok());
        q.push(0, x, 1);
        assert!(q.check(0, &only_x, &|_| "x".into()).is_err());
    }
}

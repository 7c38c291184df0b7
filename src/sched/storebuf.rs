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
//! A store-store fence ([`StoreBuffers::store_store_fence`], PSO) is an entry of the buffer:
//! no store after it is flushed, and no atomic section after it writes, while a store before
//! it is still buffered.

use crate::engine::pobmc::barrier::Barrier;
use crate::engine::pobmc::MemoryModel;
use crate::ir::VarId;

/// One entry of a thread's store buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Store(VarId, i128),
    /// A store-store fence (PSO): the stores before it become visible before those after it.
    /// Never first in a buffer (a fence with no store before it orders nothing and is
    /// dropped).
    Fence,
}

/// The store buffers of every thread instance (by scheduler index).
#[derive(Clone, Debug, Default)]
pub struct StoreBuffers {
    bufs: Vec<Vec<Entry>>,
}

impl StoreBuffers {
    fn buf(&self, t: usize) -> &[Entry] {
        self.bufs.get(t).map_or(&[], |b| b.as_slice())
    }

    fn stores(&self, t: usize) -> impl DoubleEndedIterator<Item = (VarId, i128)> + '_ {
        self.buf(t).iter().filter_map(|e| match *e {
            Entry::Store(v, val) => Some((v, val)),
            Entry::Fence => None,
        })
    }

    /// The newest buffered store of `v` by thread `t` (forwarding).
    pub fn forward(&self, t: usize, v: VarId) -> Option<i128> {
        self.stores(t)
            .rev()
            .find(|(x, _)| *x == v)
            .map(|(_, val)| val)
    }

    fn buf_mut(&mut self, t: usize) -> &mut Vec<Entry> {
        if self.bufs.len() <= t {
            self.bufs.resize(t + 1, Vec::new());
        }
        &mut self.bufs[t]
    }

    /// Thread `t` stores `val` to `v`.
    pub fn push(&mut self, t: usize, v: VarId, val: i128) {
        self.buf_mut(t).push(Entry::Store(v, val));
    }

    /// Thread `t` executes a store-store fence (PSO; under TSO the buffer is a FIFO anyway).
    pub fn store_store_fence(&mut self, t: usize) {
        let b = self.buf_mut(t);
        if matches!(b.last(), Some(Entry::Store(..))) {
            b.push(Entry::Fence);
        }
    }

    /// Takes the store of `v` that becomes visible next out of thread `t`'s buffer and
    /// returns its value (the caller writes it to memory).
    pub fn flush(&mut self, mm: MemoryModel, t: usize, v: VarId) -> Result<i128, String> {
        let b = self.bufs.get_mut(t).filter(|b| !b.is_empty());
        let Some(b) = b else {
            return Err("a flush of an empty store buffer".into());
        };
        let first = b
            .iter()
            .position(|e| matches!(e, Entry::Store(x, _) if *x == v));
        let i = match mm {
            MemoryModel::Sc => return Err("a store-buffer flush under SC".into()),
            MemoryModel::Tso => {
                if !matches!(b.first(), Some(Entry::Store(x, _)) if *x == v) {
                    return Err(
                        "under TSO the oldest buffered store is not the one flushed".to_string()
                    );
                }
                0
            }
            MemoryModel::Pso => {
                let i = first.ok_or("a flush of an address with no buffered store")?;
                if b[..i].contains(&Entry::Fence) {
                    return Err("under PSO a store after a store-store fence is flushed \
                                before a store before the fence"
                        .to_string());
                }
                i
            }
        };
        let Entry::Store(_, val) = b.remove(i) else {
            return Err("a flush of a fence".into());
        };
        while b.first() == Some(&Entry::Fence) {
            b.remove(0);
        }
        Ok(val)
    }

    /// The stores of thread `t` still buffered that `barrier` requires to be visible, as an
    /// error naming the first one (`name` renders a variable). A writing atomic section
    /// ([`Barrier::Addresses`]) also waits for every store before a store-store fence.
    pub fn check(
        &self,
        t: usize,
        barrier: &Barrier,
        name: &dyn Fn(VarId) -> String,
    ) -> Result<(), String> {
        match barrier {
            Barrier::None => Ok(()),
            Barrier::Addresses(a) => {
                if let Some((v, val)) = self.stores(t).find(|(v, _)| a.contains(v)) {
                    return Err(format!(
                        "the store `{} = {val}` is still buffered at an atomic access of its \
                         address",
                        name(v)
                    ));
                }
                if self.buf(t).contains(&Entry::Fence) {
                    let (v, val) = self.stores(t).next().expect("a store before the fence");
                    return Err(format!(
                        "the store `{} = {val}` is still buffered at an atomic write after a \
                         store-store fence",
                        name(v)
                    ));
                }
                Ok(())
            }
            Barrier::Full => match self.stores(t).next() {
                None => Ok(()),
                Some((v, val)) => Err(format!(
                    "the store `{} = {val}` is still buffered at a barrier",
                    name(v)
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

    #[test]
    fn store_store_fence_orders_flushes_under_pso() {
        let (x, y, z) = (VarId(1), VarId(2), VarId(3));
        let mut b = StoreBuffers::default();
        b.store_store_fence(0); // nothing before it: dropped
        b.push(0, x, 1);
        b.store_store_fence(0);
        b.push(0, y, 2);
        assert_eq!(b.forward(0, y), Some(2));
        // y was stored after the fence: it waits for x
        assert!(b.clone().flush(MemoryModel::Pso, 0, y).is_err());
        // an atomic write of z waits for x too
        let only_z = Barrier::Addresses([z].into_iter().collect());
        assert!(b.check(0, &only_z, &|_| "x".into()).is_err());
        assert_eq!(b.flush(MemoryModel::Pso, 0, x), Ok(1));
        assert!(b.check(0, &only_z, &|_| "y".into()).is_ok());
        assert_eq!(b.flush(MemoryModel::Pso, 0, y), Ok(2));
        assert!(b.check(0, &Barrier::Full, &|_| "-".into()).is_ok());
    }
}

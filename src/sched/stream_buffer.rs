//! FreeRTOS stream buffers and message buffers (`Sexec` for the `stream-*` actions), as in
//! FreeRTOS-Kernel's `stream_buffer.c` (message buffers are stream buffers created with
//! `sbTYPE_MESSAGE_BUFFER`; `xMessageBufferSend` is `xStreamBufferSend`):
//!
//! - create (`xStreamBufferGenericCreate(size, trigger, type, ..)`): a dynamically allocated
//!   buffer holds `size` bytes, a static one (`..CreateStatic`, its `StaticStreamBuffer_t` is
//!   the handle) `size - 1` (the kernel's ring keeps one byte free); a trigger level of 0 is 1;
//!   `trigger > size`, a message buffer not larger than its length prefix, or a zero size fail
//!   the kernel's `configASSERT` (UNKNOWN with that reason);
//! - send: a stream buffer takes as many bytes as fit (capped at its capacity, it waits for
//!   room for all of them while its block time lasts, then writes what fits: with the free
//!   space the kernel computed before its last wait when that was not 0); a message buffer
//!   takes the whole message plus its length prefix (`sizeof(configMESSAGE_BUFFER_LENGTH_TYPE)`
//!   bytes) or nothing, and does not wait for a message that could never fit; after a
//!   non-empty write a waiting reader is woken when the bytes held reach the trigger level
//!   (batching buffers: exceed it);
//! - receive: waits (once) while the buffer holds no more than the length prefix (stream: 0,
//!   batching: the trigger level), then reads: a stream buffer as many bytes as asked and
//!   held, a message buffer the next whole message if the caller's buffer is large enough
//!   (else 0 and the message stays); a non-empty read wakes a waiting writer;
//! - bytes / spaces available, is-empty, is-full (free space not above the prefix), next
//!   message length, reset (only when no task waits: pdPASS, else pdFAIL), trigger level.
//!
//! Bytes are data: the buffer's storage is a queue of `u8` ghost slots (`SchedState::queues`,
//! item size 1) the engine copies the sender's and into the receiver's object bytes to and
//! from ([`byte_cells`], [`byte_assignments`]; little-endian cells; other layouts UNKNOWN).
//! Message lengths are kept in the state. At most [`MAX_STREAM_BYTES`] bytes of capacity and
//! [`MAX_MESSAGES`] stored messages per buffer are modelled (beyond: capacity exceeded).
//!
//! The kernel blocks stream-buffer calls on direct-to-task notification index 0 (it clears the
//! waiting task's notification state there and notifies it): after the first such block, a
//! notification primitive on index 0 is UNKNOWN (their interplay is not modelled); a second
//! task blocking to send (or to receive) on one buffer fails the kernel's `configASSERT`
//! ("only one writer / reader"): UNKNOWN. Send/receive-completed callbacks are unsupported.

use crate::ir::{BinOp, Expr, Program, Type, VarId};

use super::bind::{PrimitiveCall, Timeout};
use super::sexec::{done, int_arg, invalid, woke_label, CopyDir, Out, QueueCopy, Res};
use super::spec::{Action, SchedulerSpec, TimeModel};
use super::state::{BlockOn, HandleKind, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// Largest capacity (bytes) of a modelled stream buffer: one ghost cell per byte.
pub const MAX_STREAM_BYTES: u16 = 256;
/// Most stream / message buffers.
pub const MAX_STREAMS: usize = 8;
/// Most messages a message buffer holds at once in the model.
pub const MAX_MESSAGES: usize = 16;

const STREAM: u8 = 0;
const MESSAGE: u8 = 1;
const BATCHING: u8 = 2;

/// One stream or message buffer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StreamInfo {
    pub key: i128,
    /// Index of the storage queue (data bytes, no length prefixes) in `SchedState::queues`.
    pub queue: u8,
    /// 0 stream, 1 message, 2 batching buffer.
    pub kind: u8,
    /// Capacity in bytes (the kernel's `xLength - 1`).
    pub cap: u16,
    pub trigger: u16,
    /// Bytes held, length prefixes included (`prvBytesInBuffer`).
    pub used: u16,
    /// Bytes of a message length prefix (message buffers), else 0.
    pub prefix: u8,
    /// Lengths of the messages held, oldest first (message buffers).
    pub msgs: super::capvec::CapVec<u16, MAX_MESSAGES>,
    /// The task blocked in (or woken from) a receive: its re-execution completes it.
    pub reader: Option<ThreadInstance>,
    /// The task blocked in (or woken from) a send, and the free space it saw then.
    pub writer: Option<ThreadInstance>,
    pub writer_space: u16,
}

/// The stream buffers of a state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StreamState {
    pub streams: super::capvec::CapVec<StreamInfo, MAX_STREAMS>,
    /// Some stream-buffer call blocked (on notification index 0, in the kernel).
    pub blocked_once: bool,
}

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::StreamCreate
            | Action::StreamSend
            | Action::StreamReceive
            | Action::StreamBytes
            | Action::StreamSpaces
            | Action::StreamIsEmpty
            | Action::StreamIsFull
            | Action::StreamNextLength
            | Action::StreamReset
            | Action::StreamSetTrigger
    )
}

/// A notification primitive on index `i` after a stream-buffer call blocked: UNKNOWN.
pub fn check_notify_index(st: &SchedState, func: &str, i: usize) -> Result<(), SchedError> {
    if i == 0 && st.sb.blocked_once {
        return Err(SchedError::Unsupported(format!(
            "{func}: direct-to-task notification index 0 used together with blocking stream or message buffer calls (the kernel blocks those on index 0)"
        )));
    }
    Ok(())
}

fn stream(st: &SchedState, call: &PrimitiveCall) -> Result<(usize, String), SchedError> {
    let key = int_arg(call, call.object, "stream buffer")?;
    let s = st
        .sb
        .streams
        .iter()
        .position(|s| s.key == key)
        .ok_or_else(|| invalid(call, key))?;
    Ok((s, format!("{}({})", call.func, st.object_name(key))))
}

fn size_arg(call: &PrimitiveCall, v: Option<i128>, what: &str) -> Result<u64, SchedError> {
    let n = int_arg(call, v, what)?;
    u64::try_from(n)
        .map_err(|_| SchedError::Unsupported(format!("{}: negative {what} {n}", call.func)))
}

fn assert_fails(call: &PrimitiveCall, what: &str) -> SchedError {
    SchedError::Misuse(format!(
        "{}: {what}: the kernel's configASSERT fails",
        call.func
    ))
}

/// The deadline of a block with `timeout`, or `None` for no deadline; `Err(())` when the
/// timeout is zero (no block).
fn block_deadline(
    spec: &SchedulerSpec,
    st: &SchedState,
    timeout: Option<Timeout>,
) -> Result<Option<Option<u64>>, SchedError> {
    match timeout {
        Some(Timeout::Ticks(0)) => Ok(None),
        None | Some(Timeout::Forever) => Ok(Some(None)),
        Some(Timeout::Ticks(n)) => match spec.time.model {
            TimeModel::None => Ok(Some(None)),
            _ => Ok(Some(Some(st.time_after(n, spec.time.max)?))),
        },
    }
}

/// True when a finite timeout may also expire at once (no time model).
fn may_expire_now(spec: &SchedulerSpec, timeout: Option<Timeout>) -> bool {
    matches!(timeout, Some(Timeout::Ticks(n)) if n > 0) && spec.time.model == TimeModel::None
}

/// The re-execution of a call that blocked: did its block time run out?
fn timed_out(st: &SchedState, r: ThreadInstance) -> bool {
    let t = st.thread(r);
    t.timed_out || t.deadline.is_some_and(|d| d <= st.now)
}

fn block(st: &mut SchedState, r: ThreadInstance, on: BlockOn, deadline: Option<u64>) {
    st.sb.blocked_once = true;
    let t = st.thread_mut(r);
    // xTaskNotifyStateClearIndexed( NULL, uxNotificationIndex ) before the wait
    t.notify_pending &= !1;
    t.status = ThreadStatus::Blocked { on };
    t.deadline = deadline;
}

fn meets_trigger(s: &StreamInfo) -> bool {
    if s.kind == BATCHING {
        s.used > s.trigger
    } else {
        s.used >= s.trigger
    }
}

/// Writes (`prvWriteMessageToBuffer` with free space `space`): the bytes written and the copy.
fn write(
    st: &mut SchedState,
    s: usize,
    call: &PrimitiveCall,
    len: u64,
    space: u16,
    what: &str,
) -> Result<Out, SchedError> {
    let si = st.sb.streams[s].clone();
    let n: u16 = if si.kind == MESSAGE {
        let need = len + u64::from(si.prefix);
        if u64::from(space) >= need && len > 0 {
            len as u16
        } else {
            0
        }
    } else {
        len.min(u64::from(space)) as u16
    };
    if n == 0 {
        let l = if len == 0 {
            format!("{what}: nothing to send")
        } else {
            format!(
                "{what}: no room ({} bytes free), sends 0 bytes",
                si.cap - si.used
            )
        };
        return Ok(Out::new(Res::Value(0), l));
    }
    let item = call
        .item
        .clone()
        .ok_or_else(|| SchedError::Unsupported(format!("{}: missing data pointer", call.func)))?;
    let q = &mut st.queues[si.queue as usize];
    let slot = (q.head + q.count) % q.cap;
    q.count += n;
    let sm = &mut st.sb.streams[s];
    sm.used += n;
    if sm.kind == MESSAGE {
        sm.used += u16::from(sm.prefix);
        sm.msgs.push(n).map_err(|_| {
            SchedError::CapacityExceeded(format!(
                "more than {MAX_MESSAGES} messages held by a message buffer"
            ))
        })?;
    }
    let mut woken = Vec::new();
    if meets_trigger(&st.sb.streams[s]) {
        if let Some(t) = st.sb.streams[s].reader {
            let th = st.thread_mut(t);
            if matches!(th.status, ThreadStatus::Blocked { .. }) {
                th.status = ThreadStatus::Runnable;
                woken.push(t);
            }
        }
    }
    let held = st.sb.streams[s].used;
    let mut o = Out::new(
        Res::Value(n as i128),
        format!(
            "{what}: sends {n} bytes ({held} of {} held){}",
            si.cap,
            woke_label(st, &woken)
        ),
    );
    o.copy = Some(QueueCopy {
        queue: si.queue,
        slot,
        dir: CopyDir::IntoQueue,
        item,
        item_size: u32::from(n),
        stream: true,
    });
    Ok(o)
}

/// Reads (`prvReadMessageFromBuffer`): the bytes read and the copy.
fn read(
    st: &mut SchedState,
    s: usize,
    call: &PrimitiveCall,
    len: u64,
    what: &str,
) -> Result<Out, SchedError> {
    let si = st.sb.streams[s].clone();
    let n: u16 = if si.kind == MESSAGE {
        let next = si.msgs.first().copied().unwrap_or(0);
        if u64::from(next) > len {
            return Ok(Out::new(
                Res::Value(0),
                format!("{what}: next message ({next} bytes) longer than the buffer ({len}), receives 0 bytes"),
            ));
        }
        next
    } else {
        len.min(u64::from(si.used)) as u16
    };
    if n == 0 {
        return Ok(Out::new(Res::Value(0), format!("{what}: receives 0 bytes")));
    }
    let item = call
        .item
        .clone()
        .ok_or_else(|| SchedError::Unsupported(format!("{}: missing data pointer", call.func)))?;
    let q = &mut st.queues[si.queue as usize];
    let slot = q.head;
    q.head = (q.head + n) % q.cap;
    q.count -= n;
    let sm = &mut st.sb.streams[s];
    sm.used -= n;
    if sm.kind == MESSAGE {
        sm.used -= u16::from(sm.prefix);
        sm.msgs.remove(0);
    }
    let mut woken = Vec::new();
    if let Some(t) = st.sb.streams[s].writer {
        let th = st.thread_mut(t);
        if matches!(th.status, ThreadStatus::Blocked { .. }) {
            th.status = ThreadStatus::Runnable;
            woken.push(t);
        }
    }
    let held = st.sb.streams[s].used;
    let mut o = Out::new(
        Res::Value(n as i128),
        format!(
            "{what}: receives {n} bytes ({held} left){}",
            woke_label(st, &woken)
        ),
    );
    o.copy = Some(QueueCopy {
        queue: si.queue,
        slot,
        dir: CopyDir::OutOfQueue,
        item,
        item_size: u32::from(n),
        stream: true,
    });
    Ok(o)
}

/// Runs a stream-buffer primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::StreamCreate => {
            let size = size_arg(call, call.max, "size")?;
            let trigger = size_arg(call, call.initial, "trigger level")?;
            let kind = int_arg(call, call.flag, "buffer type")?;
            if call.id.is_some_and(|c| c != 0) || call.value.is_some_and(|c| c != 0) {
                return Err(SchedError::Unsupported(format!(
                    "{f}: send / receive completed callbacks"
                )));
            }
            let kind = match kind {
                0 => STREAM,
                1 => MESSAGE,
                2 => BATCHING,
                k => {
                    return Err(SchedError::Unsupported(format!(
                        "{f}: stream buffer type {k}"
                    )))
                }
            };
            let prefix = if kind == MESSAGE {
                spec.message_length_bytes.unwrap_or(st.ptr_bits / 8)
            } else {
                0
            };
            if prefix == 0 && kind == MESSAGE {
                return Err(SchedError::Unsupported(format!(
                    "{f}: the size of configMESSAGE_BUFFER_LENGTH_TYPE is not known"
                )));
            }
            if kind == MESSAGE && size <= u64::from(prefix) {
                return Err(assert_fails(
                    call,
                    &format!("message buffer of {size} bytes (the length prefix takes {prefix})"),
                ));
            }
            if size == 0 {
                return Err(assert_fails(call, "stream buffer of 0 bytes"));
            }
            if trigger > size {
                return Err(assert_fails(
                    call,
                    &format!("trigger level {trigger} above the size {size}"),
                ));
            }
            if call.object == Some(0) {
                return Err(assert_fails(call, "NULL static buffer"));
            }
            // the kernel adds one byte to a dynamically allocated buffer
            let cap = if call.object.is_some() {
                size - 1
            } else {
                size
            };
            if cap > u64::from(MAX_STREAM_BYTES) {
                return Err(SchedError::CapacityExceeded(format!(
                    "stream buffer of {cap} bytes (at most {MAX_STREAM_BYTES} are modelled)"
                )));
            }
            let q = st.add_queue(None, cap as u16, 1)?;
            let i = st.sb.streams.len();
            let key = call
                .object
                .unwrap_or_else(|| st.handle(HandleKind::Stream, i));
            st.sb
                .streams
                .push(StreamInfo {
                    key,
                    queue: q,
                    kind,
                    cap: cap as u16,
                    trigger: trigger.max(1) as u16,
                    used: 0,
                    prefix,
                    msgs: Default::default(),
                    reader: None,
                    writer: None,
                    writer_space: 0,
                })
                .map_err(|_| {
                    SchedError::CapacityExceeded(format!(
                        "more than {MAX_STREAMS} stream / message buffers"
                    ))
                })?;
            let what = ["stream buffer", "message buffer", "batching buffer"][kind as usize];
            let l = format!(
                "{f}: creates {what} {} ({cap} bytes, trigger level {})",
                st.object_name(key),
                trigger.max(1)
            );
            one(Out::new(Res::Value(key), l), st)
        }
        Action::StreamSend => {
            let (s, what) = stream(&st, call)?;
            let len = size_arg(call, call.length, "length")?;
            let si = st.sb.streams[s].clone();
            let space = si.cap - si.used;
            let mut timeout = call.timeout;
            let required = if si.kind == MESSAGE {
                let need = len + u64::from(si.prefix);
                if need > u64::from(si.cap) {
                    // could never fit: no wait
                    timeout = Some(Timeout::Ticks(0));
                }
                need
            } else {
                len.min(u64::from(si.cap))
            };
            if si.writer == Some(r) {
                // the re-execution of a send that blocked
                if timed_out(&st, r) {
                    st.sb.streams[s].writer = None;
                    done(&mut st, r);
                    let stale = if si.writer_space != 0 {
                        si.writer_space
                    } else {
                        space
                    };
                    let o = write(&mut st, s, call, len, stale, &format!("{what}: timed out"))?;
                    return one(o, st);
                }
                if u64::from(space) >= required {
                    st.sb.streams[s].writer = None;
                    done(&mut st, r);
                    let o = write(&mut st, s, call, len, space, &what)?;
                    return one(o, st);
                }
                let q = si.queue;
                st.sb.streams[s].writer_space = space;
                let dl = st.thread(r).deadline;
                block(&mut st, r, BlockOn::QueueSend(q), dl);
                return one(
                    Out::blocked(format!("{what}: {space} bytes free, waits")),
                    st,
                );
            }
            if u64::from(space) >= required {
                let o = write(&mut st, s, call, len, space, &what)?;
                return one(o, st);
            }
            let Some(deadline) = block_deadline(spec, &st, timeout)? else {
                let o = write(&mut st, s, call, len, space, &what)?;
                return one(o, st);
            };
            if si.writer.is_some() {
                return Err(assert_fails(
                    call,
                    "a second task waits to send (one writer only)",
                ));
            }
            let mut res = Vec::new();
            if may_expire_now(spec, timeout) {
                let mut s2 = st.clone();
                let o = write(
                    &mut s2,
                    s,
                    call,
                    len,
                    space,
                    &format!("{what}: timeout expires"),
                )?;
                res.push((o, s2));
            }
            st.sb.streams[s].writer = Some(r);
            st.sb.streams[s].writer_space = space;
            block(&mut st, r, BlockOn::QueueSend(si.queue), deadline);
            let at = deadline.map_or(String::new(), |d| format!(" (timeout at {d})"));
            res.insert(
                0,
                (
                    Out::blocked(format!("{what}: {space} bytes free, blocked{at}")),
                    st,
                ),
            );
            Ok(res)
        }
        Action::StreamReceive => {
            let (s, what) = stream(&st, call)?;
            let len = size_arg(call, call.length, "buffer length")?;
            let si = st.sb.streams[s].clone();
            let min = match si.kind {
                MESSAGE => si.prefix as u16,
                BATCHING => si.trigger,
                _ => 0,
            };
            if si.reader == Some(r) {
                // woken, or timed out: read what is there (no second wait)
                st.sb.streams[s].reader = None;
                done(&mut st, r);
                if st.sb.streams[s].used > min {
                    let o = read(&mut st, s, call, len, &what)?;
                    return one(o, st);
                }
                return one(
                    Out::new(
                        Res::Value(0),
                        format!("{what}: nothing to receive, returns 0"),
                    ),
                    st,
                );
            }
            if si.used > min {
                let o = read(&mut st, s, call, len, &what)?;
                return one(o, st);
            }
            let Some(deadline) = block_deadline(spec, &st, call.timeout)? else {
                return one(
                    Out::new(Res::Value(0), format!("{what}: empty, receives 0 bytes")),
                    st,
                );
            };
            if si.reader.is_some() {
                return Err(assert_fails(
                    call,
                    "a second task waits to receive (one reader only)",
                ));
            }
            let mut res = Vec::new();
            if may_expire_now(spec, call.timeout) {
                let o = Out::new(Res::Value(0), format!("{what}: empty, timeout expires"));
                res.push((o, st.clone()));
            }
            st.sb.streams[s].reader = Some(r);
            block(&mut st, r, BlockOn::QueueReceive(si.queue), deadline);
            let at = deadline.map_or(String::new(), |d| format!(" (timeout at {d})"));
            res.insert(0, (Out::blocked(format!("{what}: empty, blocked{at}")), st));
            Ok(res)
        }
        Action::StreamBytes
        | Action::StreamSpaces
        | Action::StreamIsEmpty
        | Action::StreamIsFull
        | Action::StreamNextLength => {
            let (s, what) = stream(&st, call)?;
            let si = &st.sb.streams[s];
            let v: i128 = match call.action {
                Action::StreamBytes => si.used.into(),
                Action::StreamSpaces => (si.cap - si.used).into(),
                Action::StreamIsEmpty => (si.used == 0).into(),
                Action::StreamIsFull => (si.cap - si.used <= u16::from(si.prefix)).into(),
                _ => {
                    if si.kind == MESSAGE && si.used > u16::from(si.prefix) {
                        si.msgs.first().copied().unwrap_or(0).into()
                    } else {
                        0
                    }
                }
            };
            one(Out::new(Res::Value(v), format!("{what}: {v}")), st)
        }
        Action::StreamReset => {
            let (s, what) = stream(&st, call)?;
            let si = st.sb.streams[s].clone();
            if si.reader.is_some() || si.writer.is_some() {
                return one(
                    Out::new(Res::Value(0), format!("{what}: a task waits on it, fails")),
                    st,
                );
            }
            let q = &mut st.queues[si.queue as usize];
            q.head = 0;
            q.count = 0;
            let sm = &mut st.sb.streams[s];
            sm.used = 0;
            sm.msgs = Default::default();
            one(Out::new(Res::Value(1), format!("{what}: emptied")), st)
        }
        Action::StreamSetTrigger => {
            let (s, what) = stream(&st, call)?;
            let t = size_arg(call, call.initial, "trigger level")?.max(1);
            if t <= u64::from(st.sb.streams[s].cap) {
                st.sb.streams[s].trigger = t as u16;
                one(
                    Out::new(Res::Value(1), format!("{what}: trigger level {t}")),
                    st,
                )
            } else {
                one(
                    Out::new(
                        Res::Value(0),
                        format!("{what}: trigger level {t} too large, fails"),
                    ),
                    st,
                )
            }
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: not a stream buffer action"
        ))),
    }
}

/// Per byte of the object range `[addr, addr + n)`: the scalar cell holding it and the byte's
/// index in the cell (little-endian), or why the range cannot be copied byte-wise.
pub fn byte_cells(prog: &Program, addr: i128, n: u32) -> Result<Vec<(VarId, u32)>, String> {
    let little = crate::target::Target::builtin(&prog.target).map(|t| !t.big_endian());
    let mut out = Vec::with_capacity(n as usize);
    let start =
        u64::try_from(addr).map_err(|_| format!("the data pointer {addr:#x} is invalid"))?;
    let obj = prog
        .objects
        .iter()
        .find(|o| start >= o.base && start < o.base + o.size.max(1))
        .ok_or_else(|| format!("the data pointer {addr:#x} is not the address of a variable"))?;
    if start + u64::from(n) > obj.base + obj.size {
        return Err(format!(
            "{n} bytes at {addr:#x} run past the end of `{}`",
            obj.name
        ));
    }
    for i in 0..u64::from(n) {
        let off = start + i - obj.base;
        let hit = obj.cells.iter().find_map(|&(o, v)| {
            let ty = prog.var(v).ty;
            let bytes = u64::from(ty.bits()).div_ceil(8);
            (off >= o && off < o + bytes).then_some((v, (off - o) as u32, ty))
        });
        let Some((v, b, ty)) = hit else {
            return Err(format!(
                "byte {off} of `{}` is not part of a scalar (padding or an unmodelled object)",
                obj.name
            ));
        };
        if !matches!(ty, Type::Int { bits, .. } if bits % 8 == 0) {
            return Err(format!(
                "`{}` is not an integer of whole bytes",
                prog.var(v).name
            ));
        }
        if ty.bits() > 8 && little != Some(true) {
            return Err(format!(
                "multi-byte `{}` on a target that is not known to be little-endian",
                prog.var(v).name
            ));
        }
        out.push((v, b));
    }
    Ok(out)
}

fn uty(t: Type) -> Type {
    Type::int(t.bits(), false)
}

/// The assignments of a byte copy between the cells of `plan` ([`byte_cells`]) and the `u8`
/// ghost slots `slots` (one per byte, in order): into the buffer every slot gets its byte;
/// out of it every cell touched gets its bytes replaced (the others kept). Written with
/// division, remainder and multiplication by powers of 256 rather than shifts and masks: the
/// engine's integer encoding keeps them linear.
pub fn byte_assignments(
    prog: &Program,
    plan: &[(VarId, u32)],
    slots: &[VarId],
    dir: CopyDir,
) -> Vec<(VarId, Expr)> {
    let u8t = Type::int(8, false);
    let pow = |b: u32, u: Type| Expr::Const(1i128 << (8 * b), u);
    // byte b of cell c, as an unsigned value of type u
    let byte = |c: VarId, b: u32, u: Type| {
        let x = Expr::cast(u, Expr::Var(c));
        if prog.var(c).ty.bits() == 8 {
            return x;
        }
        let x = if b > 0 {
            Expr::bin(BinOp::Div, x, pow(b, u))
        } else {
            x
        };
        Expr::bin(BinOp::Rem, x, Expr::Const(256, u))
    };
    let mut out: Vec<(VarId, Expr)> = Vec::new();
    match dir {
        CopyDir::IntoQueue => {
            for (&(cell, b), &g) in plan.iter().zip(slots) {
                let u = uty(prog.var(cell).ty);
                let gty = prog.var(g).ty;
                out.push((g, Expr::cast(gty, Expr::cast(u8t, byte(cell, b, u)))));
            }
        }
        CopyDir::OutOfQueue => {
            let mut cells: Vec<VarId> = Vec::new();
            for &(c, _) in plan {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            for c in cells {
                let ty = prog.var(c).ty;
                let u = uty(ty);
                let n = u32::from(ty.bits() / 8);
                let mut x: Option<Expr> = None;
                for b in 0..n {
                    let from = plan
                        .iter()
                        .zip(slots)
                        .filter(|(&(cell, bb), _)| cell == c && bb == b)
                        .map(|(_, &g)| g)
                        .next_back();
                    let mut y = match from {
                        Some(g) => Expr::cast(u, Expr::cast(u8t, Expr::Var(g))),
                        None => byte(c, b, u),
                    };
                    if b > 0 {
                        y = Expr::bin(BinOp::Mul, y, pow(b, u));
                    }
                    x = Some(match x {
                        None => y,
                        Some(x) => Expr::bin(BinOp::Add, x, y),
                    });
                }
                let Some(x) = x else { continue };
                out.push((c, if u == ty { x } else { Expr::cast(ty, x) }));
            }
        }
    }
    out
}

/// Concrete byte `b` of a cell value of type `ty`.
pub fn byte_of(ty: Type, v: i128, b: u32) -> u8 {
    let u = uty(ty).wrap(v) as u128;
    ((u >> (8 * b)) & 0xff) as u8
}

/// A cell value of type `ty` with its byte `b` replaced.
pub fn with_byte(ty: Type, v: i128, b: u32, byte: u8) -> i128 {
    let u = uty(ty).wrap(v) as u128;
    let u = (u & !(0xffu128 << (8 * b))) | (u128::from(byte) << (8 * b));
    ty.wrap(u as i128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_of_cells_little_endian() {
        let t = Type::int(32, true);
        assert_eq!(byte_of(t, -2, 0), 0xfe);
        assert_eq!(byte_of(t, -2, 3), 0xff);
        assert_eq!(byte_of(t, 0x1234_5678, 1), 0x56);
        assert_eq!(with_byte(t, 0x1234_5678, 3, 0xff), t.wrap(0xff34_5678));
        assert_eq!(with_byte(Type::int(8, false), 7, 0, 9), 9);
    }

    /// The byte copies into the ghost slots give the cells' little-endian bytes, and the
    /// copies back reassemble the values (also a cell only partly overwritten), evaluated
    /// bit-precisely.
    #[test]
    fn byte_assignments_split_and_reassemble() {
        use crate::ir::{Scope, Var, VarId};
        let var = |name: &str, ty: Type| Var {
            name: name.into(),
            ty,
            scope: Scope::Global,
            init: None,
            is_temp: false,
            loc: None,
        };
        let (u32t, i16t, u8t) = (
            Type::int(32, false),
            Type::int(16, true),
            Type::int(8, false),
        );
        let mut vars = vec![var("x", u32t), var("y", i16t)];
        for i in 0..6 {
            vars.push(var(&format!("g{i}"), u8t));
        }
        let prog = Program {
            vars,
            objects: Vec::new(),
            threads: Vec::new(),
            pointer_bits: 32,
            target: "ilp32".into(),
            floats: Default::default(),
        };
        let plan: Vec<(VarId, u32)> = (0..4)
            .map(|b| (VarId(0), b))
            .chain((0..2).map(|b| (VarId(1), b)))
            .collect();
        let slots: Vec<VarId> = (2..8).map(VarId).collect();
        for (x, y) in [
            (0x0a0b_0c0d_i128, -2_i128),
            (0xffff_ffff, 0x1234),
            (0x0100_00ff, -32768),
        ] {
            let env = |v: VarId| match v.0 {
                0 => Some(x),
                1 => Some(y),
                _ => None,
            };
            let into = byte_assignments(&prog, &plan, &slots, CopyDir::IntoQueue);
            assert_eq!(into.len(), 6);
            let mut bytes = Vec::new();
            for (k, (g, e)) in into.iter().enumerate() {
                assert_eq!(*g, slots[k]);
                let v = crate::ir::semantics::eval_defined(e, &prog.vars, &env).unwrap();
                let (cell, b) = plan[k];
                let want = byte_of(prog.var(cell).ty, if cell.0 == 0 { x } else { y }, b);
                assert_eq!(v, i128::from(want), "byte {k} of ({x:#x}, {y})");
                bytes.push(v);
            }
            // back: the slots hold those bytes, the cells something else
            let genv = |v: VarId| match v.0 {
                0 => Some(7),
                1 => Some(7),
                i => Some(bytes[i as usize - 2]),
            };
            let out = byte_assignments(&prog, &plan, &slots, CopyDir::OutOfQueue);
            for (c, e) in &out {
                let v = crate::ir::semantics::eval_defined(e, &prog.vars, &genv).unwrap();
                let want = if c.0 == 0 { x } else { y };
                assert_eq!(v, want);
            }
            // only bytes 1 and 2 of x read back: bytes 0 and 3 keep the cell's own (7)
            let part = byte_assignments(&prog, &plan[1..3], &slots[1..3], CopyDir::OutOfQueue);
            let v = crate::ir::semantics::eval_defined(&part[0].1, &prog.vars, &genv).unwrap();
            assert_eq!(v, (x & 0x00ff_ff00) | 7);
        }
    }
}

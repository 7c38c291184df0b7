//! Unit tests for scheduler descriptions, binding, Sexec, Sched and the policies.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};

use super::bind::{cell_at, Timeout};
use super::spec::{glob, NotifyMode, Returns};
use super::state::{HandleKind, MutexKind, Pending, DEFAULT_MAX_THREADS, MAX_EVENTS, MAX_THREADS};
use super::*;
use crate::diag::Loc;
use crate::ir::{
    BinOp, CallArg, Cfg, Edge, EdgeId, Expr, LocId, Object, Op, Program, Scope, ThreadId, Type,
    Var, VarId,
};

// ---------------------------------------------------------------------------------------------
// Program builders.

fn int() -> Type {
    Type::int(32, true)
}

fn cfg(name: &str, ops: Vec<Op>) -> Cfg {
    let n = ops.len() as u32;
    let edges: Vec<Edge> = ops
        .into_iter()
        .enumerate()
        .map(|(i, op)| Edge {
            from: LocId(i as u32),
            to: LocId(i as u32 + 1),
            op,
            loc: Loc::default(),
        })
        .collect();
    let num_locs = n + 2;
    let mut out = vec![Vec::new(); num_locs as usize];
    for i in 0..n {
        out[i as usize].push(EdgeId(i));
    }
    Cfg {
        name: name.to_string(),
        num_locs,
        entry: LocId(0),
        exit: LocId(n),
        error: LocId(n + 1),
        edges,
        out,
        loc_src: vec![Loc::default(); num_locs as usize],
        loc_func: vec![name.to_string(); num_locs as usize],
        loops: Vec::new(),
        param: None,
        param2: None,
        ret: None,
    }
}

/// A program with the given thread entries (no edges) and one global int object per name in
/// `objs` (object i at base 0x1000 + 0x10 i, cell variable VarId(i)).
fn mkprog(threads: &[&str], objs: &[&str]) -> Program {
    let vars = objs
        .iter()
        .map(|n| Var {
            name: n.to_string(),
            ty: int(),
            scope: Scope::Global,
            init: Some(0),
            is_temp: false,
            loc: None,
        })
        .collect();
    let objects = objs
        .iter()
        .enumerate()
        .map(|(i, n)| Object {
            name: n.to_string(),
            base: 0x1000 + 0x10 * i as u64,
            size: 4,
            cells: vec![(0, VarId(i as u32))],
        })
        .collect();
    Program {
        vars,
        objects,
        threads: threads.iter().map(|n| cfg(n, Vec::new())).collect(),
        pointer_bits: 32,
        target: "ilp32".into(),
        floats: Default::default(),
    }
}

fn obj(i: usize) -> i128 {
    0x1000 + 0x10 * i as i128
}

fn add_var(p: &mut Program, name: &str, ty: Type, scope: Scope, init: Option<i128>) -> VarId {
    p.vars.push(Var {
        name: name.to_string(),
        ty,
        scope,
        init,
        is_temp: false,
        loc: None,
    });
    VarId(p.vars.len() as u32 - 1)
}

fn c32(v: i128) -> CallArg {
    CallArg::Value(Expr::Const(v, int()))
}
fn cptr(v: i128) -> CallArg {
    CallArg::Value(Expr::Const(v, Type::int(32, false)))
}

fn call_op(func: &str, args: Vec<CallArg>, ret: Option<VarId>) -> Op {
    Op::Call {
        func: func.to_string(),
        args,
        ret,
        may_write: Vec::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// Sexec helpers.

fn spec(name: &str) -> SchedulerSpec {
    SchedulerSpec::builtin(name).unwrap_or_else(|| panic!("builtin {name}"))
}

/// A call to a mapped primitive, without arguments (tests set the fields they need).
fn pc(spec: &SchedulerSpec, name: &str) -> PrimitiveCall {
    let p = spec
        .primitive(name)
        .unwrap_or_else(|| panic!("primitive {name}"));
    let mut c = PrimitiveCall::new(name, p.action, p.returns);
    c.mode = p.args.mode;
    c.front = p.args.front;
    c.main_after = p.args.main_after;
    c
}

fn with(mut c: PrimitiveCall, f: impl FnOnce(&mut PrimitiveCall)) -> PrimitiveCall {
    f(&mut c);
    c
}

fn run_all(
    spec: &SchedulerSpec,
    st: &SchedState,
    c: &PrimitiveCall,
) -> Vec<(ReturnValue, SchedState)> {
    sexec(spec, st, c).unwrap_or_else(|e| panic!("{}: {e}", c.func))
}

fn run1(spec: &SchedulerSpec, st: &SchedState, c: &PrimitiveCall) -> (ReturnValue, SchedState) {
    let mut v = run_all(spec, st, c);
    assert_eq!(v.len(), 1, "{}: expected one outcome, got {:?}", c.func, v);
    v.pop().unwrap()
}

/// Makes thread `t` the running one (others that were running become runnable).
fn switch_to(st: &SchedState, t: ThreadInstance) -> SchedState {
    let mut s = st.clone();
    if let Some(r) = running(&s) {
        s.thread_mut(r).status = ThreadStatus::Runnable;
    }
    s.thread_mut(t).status = ThreadStatus::Running;
    s
}

fn status(st: &SchedState, t: u8) -> ThreadStatus {
    st.thread(ThreadInstance(t)).status
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// Spawns threads for the given entries and returns the state (main still running).
fn spawn_all(spec: &SchedulerSpec, st: &SchedState, entries: &[(u32, i128)]) -> SchedState {
    let mut s = st.clone();
    let create = spec
        .primitives
        .values()
        .find(|p| p.action == Action::Spawn)
        .unwrap()
        .name
        .clone();
    for &(e, prio) in entries {
        let c = with(pc(spec, &create), |c| {
            c.entry = Some(ThreadId(e));
            c.priority = Some(prio);
        });
        s = run1(spec, &s, &c).1;
    }
    s
}

fn start(spec: &SchedulerSpec, st: &SchedState) -> SchedState {
    let name = spec
        .primitives
        .values()
        .find(|p| p.action == Action::Start)
        .unwrap()
        .name
        .clone();
    run1(spec, st, &pc(spec, &name)).1
}

/// The threads `sched` may dispatch.
fn dispatched(spec: &SchedulerSpec, st: &SchedState) -> Vec<u8> {
    sched(spec, st)
        .unwrap()
        .iter()
        .filter_map(|(s, _)| running(s).map(|r| r.0))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Descriptions.

#[test]
fn shipped_descriptions_load() {
    assert_eq!(builtin_names(), vec!["systemc", "freertos", "pthread"]);
    for n in builtin_names() {
        let s = SchedulerSpec::load(n).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(s.name, n);
        assert!(!s.primitives.is_empty());
    }
    let sc = spec("systemc");
    assert_eq!(sc.policy, Policy::Cooperative);
    assert_eq!(sc.time.model, spec::TimeModel::DeltaTimed);
    assert_eq!(
        sc.primitive("sc_notify_time").unwrap().args.mode,
        Some(NotifyMode::Timed)
    );
    assert_eq!(sc.primitive("sc_notify_time").unwrap().args.time, Some(1));
    let fr = spec("freertos");
    assert_eq!(fr.policy, Policy::FixedPriorityPreemptive);
    assert!(fr.priorities.inheritance);
    let create = fr.primitive("xTaskCreate").unwrap();
    assert_eq!(
        (
            create.args.entry,
            create.args.arg,
            create.args.priority,
            create.args.handle
        ),
        (Some(0), Some(3), Some(4), Some(5))
    );
    assert_eq!(create.returns, Returns::Const(1));
    assert_eq!(
        fr.primitive("xSemaphoreTake").unwrap().returns,
        Returns::SuccessFlag { ok: 1, fail: 0 }
    );
    assert!(fr.is_interrupt_handler("isr_uart"));
    assert!(fr.is_interrupt_handler("USART1_IRQHandler"));
    assert!(!fr.is_interrupt_handler("producer"));
    let pt = spec("pthread");
    assert_eq!(pt.policy, Policy::FullyPreemptive);
    assert_eq!(
        pt.primitive("pthread_mutex_trylock").unwrap().returns,
        Returns::SuccessFlag { ok: 0, fail: 16 }
    );
    assert_eq!(pt.primitive("pthread_create").unwrap().args.handle, Some(0));
}

/// Every function name the shipped headers of helper `pp` declare for the scheduler is mapped
/// (the header names are listed here so that the test fails when a mapping is dropped).
#[test]
fn shipped_descriptions_map_the_header_api() {
    let sc = spec("systemc");
    for f in [
        "sc_thread_create",
        "sc_wait",
        "sc_wait_time",
        "sc_notify",
        "sc_notify_delta",
        "sc_notify_time",
        "sc_time_stamp",
        "sc_start",
    ] {
        assert!(sc.primitive(f).is_some(), "systemc: {f}");
    }
    let fr = spec("freertos");
    for f in [
        "xTaskCreate",
        "vTaskDelete",
        "vTaskStartScheduler",
        "vTaskDelay",
        "vTaskDelayUntil",
        "vTaskSuspend",
        "vTaskResume",
        "vTaskPrioritySet",
        "uxTaskPriorityGet",
        "xTaskGetCurrentTaskHandle",
        "xTaskGetTickCount",
        "vTaskSuspendAll",
        "xTaskResumeAll",
        "vTaskYield_schedmc",
        "vTaskEnterCritical",
        "vTaskExitCritical",
        "xSemaphoreCreateBinary",
        "xSemaphoreCreateCounting",
        "xSemaphoreCreateMutex",
        "xSemaphoreTake",
        "xSemaphoreGive",
        "vSemaphoreDelete",
        "xQueueCreate",
        "xQueueSend",
        "xQueueSendToBack",
        "xQueueSendToFront",
        "xQueueReceive",
        "uxQueueMessagesWaiting",
        "vQueueDelete",
    ] {
        assert!(fr.primitive(f).is_some(), "freertos: {f}");
    }
    let pt = spec("pthread");
    for f in [
        "pthread_create",
        "pthread_join",
        "pthread_exit",
        "pthread_self",
        "pthread_mutex_init",
        "pthread_mutex_destroy",
        "pthread_mutex_lock",
        "pthread_mutex_trylock",
        "pthread_mutex_unlock",
        "pthread_cond_init",
        "pthread_cond_wait",
        "pthread_cond_signal",
        "pthread_cond_broadcast",
        "__VERIFIER_atomic_begin",
        "__VERIFIER_atomic_end",
    ] {
        assert!(pt.primitive(f).is_some(), "pthread: {f}");
    }
}

fn parse_err(text: &str) -> String {
    SchedulerSpec::parse(text, "bad.toml", "bad.toml")
        .expect_err("malformed description accepted")
        .message
}

const HEAD: &str = "name = \"x\"\npolicy = \"cooperative\"\n";

#[test]
fn malformed_syntax_error_names_file_and_line() {
    let m = parse_err(&format!("{HEAD}[primitives\nfoo = 1\n"));
    assert!(m.starts_with("bad.toml:3:"), "{m}");
}

#[test]
fn malformed_unknown_key_names_line_and_key() {
    let m = parse_err(&format!(
        "{HEAD}[primitives]\nsc_wait = {{ action = \"wait-event\", object = 0, bogus = 3 }}\n"
    ));
    assert!(m.starts_with("bad.toml:4:"), "{m}");
    assert!(m.contains("bogus"), "{m}");
    let m = parse_err(&format!(
        "{HEAD}[preemption]\nat = \"ticks\"\nfrobs = true\n"
    ));
    assert!(m.starts_with("bad.toml:5:"), "{m}");
    assert!(m.contains("frobs"), "{m}");
}

#[test]
fn malformed_wrong_type_names_line_and_key() {
    let m = parse_err(&format!("{HEAD}[priorities]\nlevels = \"many\"\n"));
    assert!(m.starts_with("bad.toml:4:"), "{m}");
    assert!(m.contains("levels"), "{m}");
    let m = parse_err(&format!(
        "{HEAD}[primitives]\nsc_wait = {{ action = \"wait-event\", object = \"first\" }}\n"
    ));
    assert!(m.starts_with("bad.toml:4:"), "{m}");
    assert!(m.contains("object"), "{m}");
}

#[test]
fn malformed_unknown_action_names_line_and_key() {
    let m = parse_err(&format!(
        "{HEAD}[primitives]\n\nsc_frob = {{ action = \"frobnicate\" }}\n"
    ));
    assert!(m.starts_with("bad.toml:5:"), "{m}");
    assert!(m.contains("frobnicate") && m.contains("action"), "{m}");
    let m = parse_err("name = \"x\"\npolicy = \"round-robin\"\n");
    assert!(m.starts_with("bad.toml:2:") && m.contains("policy"), "{m}");
}

#[test]
fn malformed_missing_and_unused_keys() {
    let m = parse_err(&format!(
        "{HEAD}[primitives]\nmk = {{ action = \"spawn\" }}\n"
    ));
    assert!(
        m.starts_with("bad.toml:4:") && m.contains("needs key `entry`"),
        "{m}"
    );
    let m = parse_err(&format!(
        "{HEAD}[primitives]\ny = {{ action = \"yield\", time = 0 }}\n"
    ));
    assert!(
        m.contains("key `time` is not used by action `yield`"),
        "{m}"
    );
    let m = parse_err(&format!(
        "{HEAD}[primitives]\ny = {{ action = \"yield\", returns = \"handle\" }}\n"
    ));
    assert!(m.contains("cannot return a handle"), "{m}");
    let m = parse_err(&format!(
        "{HEAD}[primitives]\nn = {{ action = \"notify\", object = 0, mode = \"timed\" }}\n"
    ));
    assert!(m.contains("needs key `time`"), "{m}");
    let m = parse_err(&format!(
        "{HEAD}[primitives]\ny = {{ action = \"yield\", returns = \"maybe\" }}\n"
    ));
    assert!(m.contains("unknown `returns` value `maybe`"), "{m}");
    let m = parse_err("policy = \"cooperative\"\n");
    assert!(
        m.contains("missing field `name`") && !m.contains("(key"),
        "{m}"
    );
}

#[test]
fn load_from_path_and_unknown_name() {
    let dir = std::env::temp_dir().join(format!("schedmc-sched-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("mine.toml");
    std::fs::write(
        &good,
        "name = \"mine\"\npolicy = \"fully-preemptive\"\n[primitives]\nspawn_it = { action = \"spawn\", entry = 1 }\n",
    )
    .unwrap();
    let s = SchedulerSpec::load(good.to_str().unwrap()).unwrap();
    assert_eq!(s.name, "mine");
    assert_eq!(s.preemption.at, spec::PreemptAt::SharedAccess);
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "name = \"b\"\npolicy = \"cooperative\"\nextra = 1\n").unwrap();
    let e = SchedulerSpec::load(bad.to_str().unwrap()).unwrap_err();
    assert!(
        e.message.starts_with(&format!("{}:3:", bad.display())) && e.message.contains("extra"),
        "{}",
        e.message
    );
    let e = SchedulerSpec::load("nosuchscheduler").unwrap_err();
    assert!(e.message.contains("unknown scheduler"), "{}", e.message);
    let e = SchedulerSpec::load(dir.join("missing.toml").to_str().unwrap()).unwrap_err();
    assert!(e.message.contains("cannot read"), "{}", e.message);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn glob_patterns() {
    assert!(glob("isr_*", "isr_uart"));
    assert!(glob("isr_*", "isr_"));
    assert!(!glob("isr_*", "my_isr_uart"));
    assert!(glob("*_IRQHandler", "TIM2_IRQHandler"));
    assert!(glob("*a*b", "xxaybb"));
    assert!(!glob("a", "ab"));
}

// ---------------------------------------------------------------------------------------------
// infer and bind.

#[test]
fn infer_from_called_primitives() {
    let mut p = mkprog(&["main", "worker"], &["t"]);
    p.threads[0] = cfg(
        "main",
        vec![call_op(
            "pthread_create",
            vec![cptr(obj(0)), cptr(0), CallArg::Thread(ThreadId(1)), cptr(0)],
            None,
        )],
    );
    assert_eq!(infer(&p), Some("pthread"));
    p.threads[0] = cfg(
        "main",
        vec![
            call_op(
                "xTaskCreate",
                vec![
                    CallArg::Thread(ThreadId(1)),
                    CallArg::Str("w".into()),
                    c32(128),
                    cptr(0),
                    c32(1),
                    cptr(0),
                ],
                None,
            ),
            call_op("vTaskStartScheduler", vec![], None),
        ],
    );
    assert_eq!(infer(&p), Some("freertos"));
    p.threads[0] = cfg(
        "main",
        vec![
            call_op("sc_thread_create", vec![CallArg::Thread(ThreadId(1))], None),
            call_op("sc_start", vec![], None),
        ],
    );
    assert_eq!(infer(&p), Some("systemc"));
    p.threads[0] = cfg(
        "main",
        vec![call_op("printf", vec![], None), Op::AtomicBegin],
    );
    assert_eq!(infer(&p), None);
    // atomic sections alone do not make a pthread program
    p.threads[0] = cfg(
        "main",
        vec![call_op("__VERIFIER_atomic_begin", vec![], None)],
    );
    assert_eq!(infer(&p), None);
}

#[test]
fn bind_constant_arguments() {
    let fr = spec("freertos");
    let mut p = mkprog(&["main", "producer"], &["handle"]);
    let op = call_op(
        "xTaskCreate",
        vec![
            CallArg::Thread(ThreadId(1)),
            CallArg::Str("producer".into()),
            c32(128),
            cptr(obj(0)),
            CallArg::Value(Expr::bin(
                BinOp::Add,
                Expr::Const(0, int()),
                Expr::Const(2, int()),
            )),
            cptr(obj(0)),
        ],
        None,
    );
    let c = bind(&fr, &op, &p).unwrap().unwrap();
    assert_eq!(c.action, Action::Spawn);
    assert_eq!(c.entry, Some(ThreadId(1)));
    assert_eq!(c.priority, Some(2));
    assert_eq!(c.handle_out.map(|v| v.var), Some(VarId(0)));
    assert_eq!(c.data_arg, Some(Expr::Const(obj(0), Type::int(32, false))));
    // externals are not primitives
    assert_eq!(
        bind(&fr, &call_op("printf", vec![], None), &p).unwrap(),
        None
    );
    assert_eq!(bind(&fr, &Op::Skip, &p).unwrap(), None);
    // atomic sections bind without a mapping
    assert_eq!(
        bind(&fr, &Op::AtomicBegin, &p).unwrap().unwrap().action,
        Action::AtomicBegin
    );
    // timeouts: the largest value of the type is "forever"
    let t = Type::int(32, false);
    let take = |v: i128| {
        call_op(
            "xSemaphoreTake",
            vec![cptr(0x7000_0001), CallArg::Value(Expr::Const(v, t))],
            None,
        )
    };
    assert_eq!(
        bind(&fr, &take(0xffff_ffff), &p).unwrap().unwrap().timeout,
        Some(Timeout::Forever)
    );
    assert_eq!(
        bind(&fr, &take(10), &p).unwrap().unwrap().timeout,
        Some(Timeout::Ticks(10))
    );
    // a non-constant argument
    let x = add_var(&mut p, "sem", Type::int(32, false), Scope::Global, Some(0));
    let op = call_op(
        "xSemaphoreTake",
        vec![CallArg::Value(Expr::Var(x)), c32(0)],
        None,
    );
    let e = bind(&fr, &op, &p).unwrap_err();
    assert!(matches!(e, BindError::NonConstant { .. }));
    assert!(
        e.to_string()
            .starts_with("unsupported: non-constant argument to xSemaphoreTake"),
        "{e}"
    );
    // missing arguments and bad pointers
    let e = bind(&fr, &call_op("xSemaphoreTake", vec![], None), &p).unwrap_err();
    assert!(matches!(e, BindError::MissingArgument { .. }), "{e}");
    let op = call_op(
        "xTaskCreate",
        vec![c32(5), c32(0), c32(0), c32(0), c32(1), c32(0)],
        None,
    );
    assert!(matches!(
        bind(&fr, &op, &p).unwrap_err(),
        BindError::NotAThread { .. }
    ));
    let op = call_op(
        "xTaskCreate",
        vec![
            CallArg::Thread(ThreadId(1)),
            c32(0),
            c32(0),
            c32(0),
            c32(1),
            cptr(0x9999),
        ],
        None,
    );
    assert!(matches!(
        bind(&fr, &op, &p).unwrap_err(),
        BindError::BadPointer { .. }
    ));
    assert_eq!(cell_at(&p, obj(0)), Some(VarId(0)));
    assert_eq!(cell_at(&p, obj(0) + 1), None);
}

/// `SemaphoreHandle_t s = xSemaphoreCreateMutex(); xSemaphoreTake(s, ..)`: the handle flows
/// from the call's temporary through a global into the next call.
#[test]
fn binder_tracks_handle_variables() {
    let fr = spec("freertos");
    let mut p = mkprog(&["main"], &[]);
    let pt = Type::int(32, false);
    let tmp = add_var(&mut p, "tmp$1", pt, Scope::Local(ThreadId(0)), None);
    let s = add_var(&mut p, "s", pt, Scope::Global, Some(0));
    let other = add_var(&mut p, "other", pt, Scope::Global, Some(0));
    let n = add_var(&mut p, "n", int(), Scope::Global, Some(0));
    let create = call_op("xSemaphoreCreateMutex", vec![], Some(tmp));
    let copy = Op::Assign(s, Expr::Var(tmp));
    let take = call_op(
        "xSemaphoreTake",
        vec![
            CallArg::Value(Expr::Var(s)),
            CallArg::Value(Expr::Const(0xffff_ffff, pt)),
        ],
        None,
    );
    p.threads[0] = cfg(
        "main",
        vec![
            create.clone(),
            copy.clone(),
            take.clone(),
            Op::Assign(other, Expr::Var(n)),
            Op::Skip,
            Op::Nondet(n),
        ],
    );
    // a loop counter (only constant-valued writes) is not scheduler-valued
    let i = add_var(&mut p, "i", int(), Scope::Global, Some(0));
    let inc = Op::Assign(
        i,
        Expr::bin(BinOp::Add, Expr::Var(i), Expr::Const(1, int())),
    );
    p.threads[0].edges[4].op = inc;
    let b = Binder::new(&fr, &p);
    assert!(!b.is_tracked(i));
    assert!(b.is_tracked(tmp) && b.is_tracked(s));
    assert!(!b.is_tracked(other) && !b.is_tracked(n));
    let st0 = initial(&fr, &p).unwrap();
    let main = ThreadInstance::MAIN;
    // before the write, the global has its initial value (NULL)
    assert_eq!(b.value(&st0, main, s), Some(0));
    let c = b.bind(&create, &st0, main).unwrap().unwrap();
    let (rv, st1) = run1(&fr, &st0, &c);
    let h = rv.ret.unwrap();
    assert_eq!(st1.decode_handle(h), Some((HandleKind::Mutex, 0)));
    assert_eq!(b.value(&st1, main, tmp), Some(h));
    let st2 = b.track(&st1, main, &copy).unwrap().unwrap();
    assert_eq!(b.value(&st2, main, s), Some(h));
    assert_eq!(b.track(&st2, main, &copy).unwrap(), None, "unchanged");
    let c = b.bind(&take, &st2, main).unwrap().unwrap();
    assert_eq!(c.object, Some(h));
    let (rv, st3) = run1(&fr, &st2, &c);
    assert_eq!(rv.ret, Some(1));
    assert_eq!(st3.mutexes[0].owner, Some(main));
    // without the state, the handle is not constant
    assert!(matches!(
        bind(&fr, &take, &p),
        Err(BindError::NonConstant { .. })
    ));
}

/// `pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0);` with the lowering's
/// `may_write` on the create call: the handle reaches the join through the out-parameter.
#[test]
fn binder_tracks_out_parameter_handles() {
    let pt = spec("pthread");
    let mut p = mkprog(&["main", "worker"], &["t", "data"]);
    let ut = Type::int(32, false);
    p.vars[0].ty = ut;
    let create = Op::Call {
        func: "pthread_create".into(),
        args: vec![
            cptr(obj(0)),
            cptr(0),
            CallArg::Thread(ThreadId(1)),
            cptr(obj(1)),
        ],
        ret: None,
        may_write: vec![VarId(0), VarId(1)],
    };
    let join = call_op(
        "pthread_join",
        vec![CallArg::Value(Expr::Var(VarId(0))), cptr(0)],
        None,
    );
    let ext = Op::Call {
        func: "memset".into(),
        args: vec![cptr(obj(1))],
        ret: None,
        may_write: vec![VarId(1)],
    };
    p.threads[0] = cfg("main", vec![create.clone(), ext, join.clone()]);
    let b = Binder::new(&pt, &p);
    assert!(
        b.is_tracked(VarId(0)),
        "t is only written by pthread_create"
    );
    assert!(!b.is_tracked(VarId(1)), "data is written by an external");
    let st = initial(&pt, &p).unwrap();
    let c = b.bind(&create, &st, ThreadInstance::MAIN).unwrap().unwrap();
    assert_eq!(c.data_arg, Some(Expr::Const(obj(1), ut)));
    let (rv, st) = run1(&pt, &st, &c);
    let h = st.handle(HandleKind::Thread, 1);
    assert_eq!(rv.writes, vec![(VarId(0), h)]);
    let j = b.bind(&join, &st, ThreadInstance::MAIN).unwrap().unwrap();
    assert_eq!(j.object, Some(h));
    let (rv, _) = run1(&pt, &st, &j);
    assert!(!rv.advance, "worker has not finished");
    // a constant store keeps the value known; a store of an unknown value (a copy of a
    // variable an external overwrote, a nondet, an external's may_write) keeps t tracked with
    // an unknown value, which a later primitive refuses
    let mut p2 = p.clone();
    p2.threads[1] = cfg("worker", vec![Op::Assign(VarId(0), Expr::Const(0, ut))]);
    assert!(Binder::new(&pt, &p2).is_tracked(VarId(0)));
    let ext_t = Op::Call {
        func: "memset".into(),
        args: vec![cptr(obj(0))],
        ret: None,
        may_write: vec![VarId(0)],
    };
    for w in [
        Op::Assign(VarId(0), Expr::Var(VarId(1))),
        Op::Nondet(VarId(0)),
        ext_t,
    ] {
        p2.threads[1] = cfg("worker", vec![w.clone()]);
        let b2 = Binder::new(&pt, &p2);
        assert!(b2.is_tracked(VarId(0)), "{w:?}");
        let ext = &p2.threads[0].edges[1].op;
        let s1 = match b2.track(&st, ThreadInstance::MAIN, ext).unwrap() {
            Some(s) => s,
            None => st.clone(),
        };
        let s2 = b2.track(&s1, ThreadInstance::MAIN, &w).unwrap().unwrap();
        assert_eq!(b2.value(&s2, ThreadInstance::MAIN, VarId(0)), None, "{w:?}");
        assert!(matches!(
            b2.bind(&join, &s2, ThreadInstance::MAIN),
            Err(BindError::NonConstant { .. })
        ));
        // a primitive's write makes it known again
        let c = b2
            .bind(&create, &s2, ThreadInstance::MAIN)
            .unwrap()
            .unwrap();
        let (_, s3) = run1(&pt, &s2, &c);
        assert!(b2.value(&s3, ThreadInstance::MAIN, VarId(0)).is_some());
    }
    // the thread parameter is written by the engine at spawn time (`Binder::spawned`): tracked
    // when a scheduler argument reads it, with the spawn's argument as its value
    let mut p4 = mkprog(&["main", "worker"], &["m"]);
    let prm = add_var(&mut p4, "arg", ut, Scope::Local(ThreadId(1)), None);
    p4.threads[1] = cfg(
        "worker",
        vec![call_op(
            "pthread_mutex_lock",
            vec![CallArg::Value(Expr::Var(prm))],
            None,
        )],
    );
    p4.threads[1].param = Some(prm);
    let b4 = Binder::new(&pt, &p4);
    assert!(b4.is_tracked(prm));
    let mut s4 = initial(&pt, &p4).unwrap();
    let w = ThreadInstance(1);
    s4.add_thread(super::state::ThreadInfo::new(
        ThreadId(1),
        super::state::ThreadStatus::Runnable,
        0,
    ))
    .unwrap();
    let arg = Expr::Const(obj(0), ut);
    b4.spawned(
        &mut s4,
        Some(ThreadInstance::MAIN),
        w,
        ThreadId(1),
        Some(&arg),
    )
    .unwrap();
    assert_eq!(b4.value(&s4, w, prm), Some(obj(0)));
    let lock = &p4.threads[1].edges[0].op;
    assert_eq!(b4.bind(lock, &s4, w).unwrap().unwrap().object, Some(obj(0)));
    // a restart forgets the instance's values
    b4.spawned(&mut s4, None, w, ThreadId(1), None).unwrap();
    assert_eq!(b4.value(&s4, w, prm), None);
    // and an unknown value recorded by a copy is not the initial value
    let mut p3 = mkprog(&["main"], &["t"]);
    let u = add_var(&mut p3, "u", ut, Scope::Local(ThreadId(0)), None);
    p3.threads[0] = cfg(
        "main",
        vec![
            call_op("pthread_self", vec![], Some(u)),
            Op::Assign(VarId(0), Expr::Var(u)),
        ],
    );
    let b3 = Binder::new(&pt, &p3);
    assert!(b3.is_tracked(VarId(0)) && b3.is_tracked(u));
    let st3 = initial(&pt, &p3).unwrap();
    assert_eq!(
        b3.value(&st3, ThreadInstance::MAIN, VarId(0)),
        Some(0),
        "initial value"
    );
    let st4 = b3
        .track(
            &st3,
            ThreadInstance::MAIN,
            &Op::Assign(VarId(0), Expr::Var(u)),
        )
        .unwrap()
        .unwrap();
    assert_eq!(
        b3.value(&st4, ThreadInstance::MAIN, VarId(0)),
        None,
        "u unknown: t unknown"
    );
    let self_call = b3
        .bind(
            &call_op("pthread_self", vec![], Some(u)),
            &st3,
            ThreadInstance::MAIN,
        )
        .unwrap()
        .unwrap();
    let (rv, st5) = run1(&pt, &st3, &self_call);
    assert_eq!(rv.ret, Some(st5.handle(HandleKind::Thread, 0)));
    assert_eq!(b3.value(&st5, ThreadInstance::MAIN, u), rv.ret);
}

#[test]
fn no_effect_primitives() {
    let pt = spec("pthread");
    let fr = spec("freertos");
    let p = mkprog(&["main"], &["c"]);
    let st = initial(&pt, &p).unwrap();
    for f in [
        "pthread_detach",
        "pthread_attr_init",
        "pthread_cond_destroy",
    ] {
        let (rv, s) = run1(&pt, &st, &pc(&pt, f));
        assert_eq!((rv.ret, rv.advance), (Some(0), true), "{f}");
        assert_eq!(s, st, "{f}");
    }
    let (rv, s) = run1(
        &pt,
        &st,
        &with(pc(&pt, "pthread_cond_init"), |c| c.object = Some(obj(0))),
    );
    assert_eq!(rv.ret, Some(0));
    assert_eq!(s.cond_index(obj(0)), Some(0));
    let st = initial(&fr, &p).unwrap();
    let (rv, s) = run1(
        &fr,
        &st,
        &with(pc(&fr, "xQueueCreate"), |c| c.length = Some(1)),
    );
    let (rv2, s2) = run1(
        &fr,
        &s,
        &with(pc(&fr, "vQueueDelete"), |c| c.object = rv.ret),
    );
    assert_eq!((rv2.ret, s2 == s), (None, true), "void, no effect");
}

// ---------------------------------------------------------------------------------------------
// State.

#[test]
fn equal_states_hash_equal_and_ghosts_are_ignored() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let s0 = initial(&fr, &p).unwrap();
    let s1 = spawn_all(&fr, &s0, &[(1, 1), (2, 1)]);
    let s2 = spawn_all(&fr, &s0, &[(1, 1), (2, 1)]);
    assert_eq!(s1, s2);
    assert_eq!(hash_of(&s1), hash_of(&s2));
    let mut s3 = s2.clone();
    s3.ghost.0.delta = 42;
    s3.ghost.0.abs_time = 7;
    assert_eq!(s1, s3);
    assert_eq!(hash_of(&s1), hash_of(&s3));
    let s4 = spawn_all(&fr, &s0, &[(1, 1), (2, 2)]);
    assert_ne!(s1, s4);
    let set: HashSet<SchedState> = [s1.clone(), s2, s3, s4].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn capacity_errors_are_values() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w"], &[]);
    let mut st = initial(&pt, &p).unwrap();
    assert_eq!(usize::from(st.max_threads), DEFAULT_MAX_THREADS);
    st.max_threads = 5;
    let c = with(pc(&pt, "pthread_create"), |c| c.entry = Some(ThreadId(1)));
    for _ in 1..5 {
        st = run1(&pt, &st, &c).1;
    }
    let e = sexec(&pt, &st, &c).unwrap_err();
    assert!(matches!(e, SchedError::CapacityExceeded(_)));
    assert!(e.to_string().contains("more than 5 threads"), "{e}");
    let sc = spec("systemc");
    let mut st = initial(&sc, &p).unwrap();
    for i in 0..MAX_EVENTS {
        let c = with(pc(&sc, "sc_notify_delta"), |c| {
            c.object = Some(0x1000 + i as i128)
        });
        st = run1(&sc, &st, &c).1;
    }
    let c = with(pc(&sc, "sc_notify_delta"), |c| c.object = Some(0x9000));
    let e = sexec(&sc, &st, &c).unwrap_err();
    assert!(matches!(e, SchedError::CapacityExceeded(_)));
    assert!(e.to_string().contains("events"), "{e}");
    // a queue longer than the slot bound
    let fr = spec("freertos");
    let st = initial(&fr, &p).unwrap();
    let c = with(pc(&fr, "xQueueCreate"), |c| c.length = Some(1000));
    assert!(matches!(
        sexec(&fr, &st, &c),
        Err(SchedError::CapacityExceeded(_))
    ));
    // no running thread
    let mut st2 = st.clone();
    st2.thread_mut(ThreadInstance::MAIN).status = ThreadStatus::Runnable;
    assert_eq!(
        sexec(&fr, &st2, &pc(&fr, "vTaskYield_schedmc")).unwrap_err(),
        SchedError::NoRunningThread
    );
}

#[test]
fn handles_round_trip() {
    for bits in [16u16, 32, 64] {
        let st = SchedState::empty(bits);
        for k in [HandleKind::Thread, HandleKind::Mutex, HandleKind::Queue] {
            let h = st.handle(k, 3);
            assert!(h > 0 && h < (1i128 << bits));
            assert_eq!(st.decode_handle(h), Some((k, 3)));
        }
        assert_eq!(st.decode_handle(0x1000), None);
        assert_eq!(st.decode_handle(0), None);
    }
}

// ---------------------------------------------------------------------------------------------
// Spawn / start / yield / exit / join.

#[test]
fn freertos_spawn_start_highest_priority_runs() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "low", "high", "high2"], &["h"]);
    let st = initial(&fr, &p).unwrap();
    assert_eq!(running(&st), Some(ThreadInstance::MAIN));
    assert!(!st.started);
    let c = with(pc(&fr, "xTaskCreate"), |c| {
        c.entry = Some(ThreadId(1));
        c.priority = Some(1);
        c.handle_out = Some(VarRef {
            var: VarId(0),
            ty: Type::int(32, false),
            local: false,
            tracked: false,
        });
    });
    let (rv, st) = run1(&fr, &st, &c);
    assert_eq!(rv.ret, Some(1), "pdPASS");
    assert_eq!(rv.spawned, Some(ThreadInstance(1)));
    assert_eq!(
        rv.writes,
        vec![(VarId(0), st.handle(HandleKind::Thread, 1))]
    );
    assert_eq!(status(&st, 1), ThreadStatus::NotStarted);
    assert_eq!(
        running(&st),
        Some(ThreadInstance::MAIN),
        "no preemption before the start"
    );
    let st = spawn_all(&fr, &st, &[(2, 3), (3, 3)]);
    let st = start(&fr, &st);
    assert_eq!(status(&st, 0), ThreadStatus::Finished);
    assert_eq!(running(&st), None);
    // both priority-3 tasks are candidates, the priority-1 task is not
    assert_eq!(dispatched(&fr, &st), vec![2, 3]);
    let succ = sched(&fr, &st).unwrap();
    assert!(
        succ[0].1.text.contains("highest ready priority 3"),
        "{}",
        succ[0].1.text
    );
    // priorities above the configured levels are clamped
    let st2 = spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1000)]);
    assert_eq!(
        st2.thread(ThreadInstance(1)).base_prio,
        fr.priorities.levels - 1
    );
}

#[test]
fn freertos_spawn_of_higher_priority_preempts_creator() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let st = start(&fr, &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1)]));
    let st = switch_to(&st, ThreadInstance(1));
    let c = with(pc(&fr, "xTaskCreate"), |c| {
        c.entry = Some(ThreadId(2));
        c.priority = Some(2);
    });
    let (rv, st) = run1(&fr, &st, &c);
    assert!(rv.advance && rv.label.contains("preempted"), "{}", rv.label);
    assert_eq!(running(&st), None);
    assert_eq!(dispatched(&fr, &st), vec![2]);
    // an equal priority does not preempt
    let st = start(&fr, &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1)]));
    let st = switch_to(&st, ThreadInstance(1));
    let c = with(c, |c| c.priority = Some(1));
    let (_, st) = run1(&fr, &st, &c);
    assert_eq!(running(&st), Some(ThreadInstance(1)));
}

#[test]
fn equal_priorities_interleave_at_yield() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b", "low"], &[]);
    let st = start(
        &fr,
        &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 2), (2, 2), (3, 1)]),
    );
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&fr, &st, &pc(&fr, "vTaskYield_schedmc"));
    assert!(rv.advance);
    assert_eq!(status(&st, 1), ThreadStatus::Runnable);
    assert_eq!(dispatched(&fr, &st), vec![1, 2]);
    // vTaskDelay(0) is a yield
    let (_, st) = run1(
        &fr,
        &switch_to(&st, ThreadInstance(2)),
        &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(0)),
    );
    assert_eq!(status(&st, 2), ThreadStatus::Runnable);
}

#[test]
fn equal_priorities_interleave_at_ticks_with_time_slicing() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &["x"]);
    let st = start(
        &fr,
        &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 2), (2, 2)]),
    );
    let st = switch_to(&st, ThreadInstance(1));
    let op = Op::Assign(VarId(0), Expr::Const(1, int()));
    assert!(is_preemption_point(&fr, &st, &op, &p));
    let succ = preempt(&fr, &st).unwrap();
    assert_eq!(succ[0].1.kind, SchedEventKind::Continue);
    assert!(succ
        .iter()
        .any(|(s, e)| running(s) == Some(ThreadInstance(2)) && e.text.contains("time slice")));
    // a local operation is no preemption point
    let mut p2 = p.clone();
    let l = add_var(&mut p2, "l", int(), Scope::Local(ThreadId(1)), None);
    assert!(!is_preemption_point(
        &fr,
        &st,
        &Op::Assign(l, Expr::Const(1, int())),
        &p2
    ));
    // without time slicing and without anything delayed, a tick changes nothing
    let mut nts = fr.clone();
    nts.preemption.time_slicing = false;
    assert!(!is_preemption_point(&nts, &st, &op, &p));
    assert_eq!(preempt(&nts, &st).unwrap().len(), 1);
}

#[test]
fn pthread_join_and_exit() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "worker"], &["t"]);
    let st = initial(&pt, &p).unwrap();
    assert!(st.started);
    let tref = VarRef {
        var: VarId(0),
        ty: Type::int(32, false),
        local: false,
        tracked: false,
    };
    let c = with(pc(&pt, "pthread_create"), |c| {
        c.entry = Some(ThreadId(1));
        c.handle_out = Some(tref);
    });
    let (rv, st) = run1(&pt, &st, &c);
    assert_eq!(rv.ret, Some(0));
    let h = rv.writes[0].1;
    assert_eq!(status(&st, 1), ThreadStatus::Runnable, "runs at once");
    let join = with(pc(&pt, "pthread_join"), |c| c.object = Some(h));
    let (rv, st) = run1(&pt, &st, &join);
    assert!(!rv.advance, "blocks");
    assert_eq!(
        status(&st, 0),
        ThreadStatus::Blocked {
            on: BlockOn::Join(ThreadInstance(1))
        }
    );
    assert_eq!(dispatched(&pt, &st), vec![1]);
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&pt, &st, &pc(&pt, "pthread_exit"));
    assert!(rv.advance);
    assert_eq!(status(&st, 1), ThreadStatus::Finished);
    assert_eq!(status(&st, 0), ThreadStatus::Runnable, "joiner woken");
    let st = switch_to(&st, ThreadInstance::MAIN);
    let (rv, st) = run1(&pt, &st, &join);
    assert!(rv.advance);
    assert_eq!(rv.ret, Some(0));
    // self-join fails
    let self_join = with(pc(&pt, "pthread_join"), |c| {
        c.object = Some(st.handle(HandleKind::Thread, 0))
    });
    assert_eq!(run1(&pt, &st, &self_join).0.ret, Some(35));
    // invalid handle
    let bad = with(pc(&pt, "pthread_join"), |c| c.object = Some(0x1234));
    assert!(matches!(
        sexec(&pt, &st, &bad),
        Err(SchedError::InvalidObject { .. })
    ));
    // main returning ends the program
    let st = thread_exit(&pt, &st, ThreadInstance::MAIN).unwrap();
    assert!(st.ended && all_finished(&st));
    assert!(sched(&pt, &st).unwrap().is_empty());
}

#[test]
fn main_return_ends_other_threads() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "worker"], &[]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0)]);
    let st = thread_exit(&pt, &st, ThreadInstance::MAIN).unwrap();
    assert_eq!(status(&st, 1), ThreadStatus::Finished);
    let mut cont = pt.clone();
    cont.preemption.main_return = spec::MainReturn::ExitsThread;
    let st = spawn_all(&cont, &initial(&cont, &p).unwrap(), &[(1, 0)]);
    let st = thread_exit(&cont, &st, ThreadInstance::MAIN).unwrap();
    assert_eq!(status(&st, 1), ThreadStatus::Runnable);
    assert!(!all_finished(&st));
    assert_eq!(dispatched(&cont, &st), vec![1]);
}

#[test]
fn pthread_any_enabled_thread_at_preemption_points() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "a", "b"], &["x"]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0), (2, 0)]);
    let op = Op::Assign(VarId(0), Expr::Const(1, int()));
    assert!(is_preemption_point(&pt, &st, &op, &p));
    let succ = preempt(&pt, &st).unwrap();
    let runs: Vec<u8> = succ.iter().map(|(s, _)| running(s).unwrap().0).collect();
    assert_eq!(runs, vec![0, 1, 2]);
    assert!(
        succ[1].1.text.starts_with("switch main -> a"),
        "{}",
        succ[1].1.text
    );
    assert_eq!(enabled(&st).len(), 3);
    // every primitive is a preemption point
    let lock = call_op("pthread_mutex_lock", vec![cptr(obj(0))], None);
    assert!(is_preemption_point(&pt, &st, &lock, &p));
    // alone, nothing to preempt
    let alone = initial(&pt, &p).unwrap();
    assert!(!is_preemption_point(&pt, &alone, &op, &p));
    // an atomic section's start is a preemption point (its body runs unpreempted), a local
    // op is not, and inside the section nothing is
    assert!(is_preemption_point(&pt, &st, &Op::AtomicBegin, &p));
    assert!(!is_preemption_point(&pt, &st, &Op::Skip, &p));
    let c = bind(&pt, &Op::AtomicBegin, &p).unwrap().unwrap();
    let (_, inside) = run1(&pt, &st, &c);
    assert!(!is_preemption_point(&pt, &inside, &op, &p));
    assert!(!is_preemption_point(&pt, &inside, &Op::AtomicBegin, &p));
    // the edge reaching the thread's exit is one (main's return ends the program)
    let e = |to: u32| crate::ir::Edge {
        from: crate::ir::LocId(0),
        to: crate::ir::LocId(to),
        op: Op::Skip,
        loc: crate::diag::Loc::default(),
    };
    let exit = crate::ir::LocId(5);
    assert!(is_preemption_point_edge(&pt, &st, &e(5), exit, &p));
    assert!(!is_preemption_point_edge(&pt, &st, &e(3), exit, &p));
    assert!(!is_preemption_point_edge(&pt, &alone, &e(5), exit, &p));
    assert!(!is_preemption_point_edge(&pt, &inside, &e(5), exit, &p));
}

// ---------------------------------------------------------------------------------------------
// Mutexes.

fn two_tasks(fr: &SchedulerSpec, p: &Program, lo: i128, hi: i128) -> SchedState {
    start(
        fr,
        &spawn_all(fr, &initial(fr, p).unwrap(), &[(1, lo), (2, hi)]),
    )
}

#[test]
fn mutex_priority_inheritance() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "low", "high", "mid"], &[]);
    let st = start(
        &fr,
        &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1), (2, 3), (3, 2)]),
    );
    // the high task is asleep, low runs and creates + takes the mutex
    let st = switch_to(&st, ThreadInstance(2));
    let (_, st) = run1(&fr, &st, &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(5)));
    let mut st = st;
    st.thread_mut(ThreadInstance(3)).status = ThreadStatus::Suspended;
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&fr, &st, &pc(&fr, "xSemaphoreCreateMutex"));
    let m = rv.ret.unwrap();
    let take = with(pc(&fr, "xSemaphoreTake"), |c| {
        c.object = Some(m);
        c.timeout = Some(Timeout::Forever);
    });
    let (rv, st) = run1(&fr, &st, &take);
    assert_eq!(rv.ret, Some(1));
    // high wakes (tick at a preemption point jumps... here: set it runnable by hand) and blocks
    let mut st = st;
    st.thread_mut(ThreadInstance(2)).status = ThreadStatus::Runnable;
    st.thread_mut(ThreadInstance(1)).status = ThreadStatus::Runnable;
    let st = switch_to(&st, ThreadInstance(2));
    let (rv, st) = run1(&fr, &st, &take);
    assert!(!rv.advance, "high blocks on the mutex");
    assert_eq!(
        st.thread(ThreadInstance(1)).eff_prio,
        3,
        "low inherits priority 3"
    );
    assert_eq!(st.thread(ThreadInstance(1)).base_prio, 1);
    // mid (priority 2) is ready: low still wins thanks to inheritance
    let mut st = st;
    st.thread_mut(ThreadInstance(3)).status = ThreadStatus::Runnable;
    assert_eq!(dispatched(&fr, &st), vec![1]);
    let st = switch_to(&st, ThreadInstance(1));
    let give = with(pc(&fr, "xSemaphoreGive"), |c| c.object = Some(m));
    let (rv, st) = run1(&fr, &st, &give);
    assert_eq!(rv.ret, Some(1));
    assert!(rv.label.contains("preempted"), "{}", rv.label);
    assert_eq!(st.thread(ThreadInstance(1)).eff_prio, 1, "inheritance ends");
    assert_eq!(status(&st, 2), ThreadStatus::Runnable);
    assert_eq!(dispatched(&fr, &st), vec![2]);
    // high retries and gets the mutex
    let (rv, st) = run1(&fr, &switch_to(&st, ThreadInstance(2)), &take);
    assert!(rv.advance && rv.ret == Some(1));
    assert_eq!(st.mutexes[0].owner, Some(ThreadInstance(2)));
}

#[test]
fn mutex_without_inheritance_and_errors() {
    let mut fr = spec("freertos");
    fr.priorities.inheritance = false;
    let p = mkprog(&["main", "low", "high"], &[]);
    let mut st = two_tasks(&fr, &p, 1, 3);
    st.thread_mut(ThreadInstance(2)).status = ThreadStatus::Suspended;
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&fr, &st, &pc(&fr, "xSemaphoreCreateMutex"));
    let m = rv.ret.unwrap();
    let take = with(pc(&fr, "xSemaphoreTake"), |c| {
        c.object = Some(m);
        c.timeout = Some(Timeout::Forever);
    });
    let (_, st) = run1(&fr, &st, &take);
    let mut st = st;
    st.thread_mut(ThreadInstance(1)).status = ThreadStatus::Runnable;
    st.thread_mut(ThreadInstance(2)).status = ThreadStatus::Runnable;
    let st = switch_to(&st, ThreadInstance(2));
    let (rv, st) = run1(&fr, &st, &take);
    assert!(!rv.advance);
    assert_eq!(st.thread(ThreadInstance(1)).eff_prio, 1, "no inheritance");
    // giving a mutex one does not own fails
    let st2 = switch_to(&st, ThreadInstance(1));
    let mut st3 = st2.clone();
    st3.mutexes[0].owner = Some(ThreadInstance(2));
    let give = with(pc(&fr, "xSemaphoreGive"), |c| c.object = Some(m));
    assert_eq!(run1(&fr, &st3, &give).0.ret, Some(0));
}

#[test]
fn pthread_mutex_lock_unlock_trylock() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w"], &["m"]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0)]);
    let m = obj(0);
    let init = with(pc(&pt, "pthread_mutex_init"), |c| c.object = Some(m));
    let (rv, st) = run1(&pt, &st, &init);
    assert_eq!(rv.ret, Some(0));
    let lock = with(pc(&pt, "pthread_mutex_lock"), |c| c.object = Some(m));
    let unlock = with(pc(&pt, "pthread_mutex_unlock"), |c| c.object = Some(m));
    let trylock = with(pc(&pt, "pthread_mutex_trylock"), |c| c.object = Some(m));
    // trylock on a free mutex succeeds
    let (rv, st_t) = run1(&pt, &st, &trylock);
    assert_eq!(rv.ret, Some(0));
    assert_eq!(st_t.mutexes[0].owner, Some(ThreadInstance::MAIN));
    // trylock on an owned mutex fails (EBUSY), the state keeps the owner
    let (rv, st_f) = run1(&pt, &switch_to(&st_t, ThreadInstance(1)), &trylock);
    assert_eq!(rv.ret, Some(16));
    assert!(rv.advance);
    assert_eq!(st_f.mutexes[0].owner, Some(ThreadInstance::MAIN));
    // lock blocks while owned
    let (rv, st_b) = run1(&pt, &switch_to(&st_t, ThreadInstance(1)), &lock);
    assert!(!rv.advance);
    assert_eq!(
        status(&st_b, 1),
        ThreadStatus::Blocked {
            on: BlockOn::Mutex(0)
        }
    );
    assert!(deadlocked(&{
        let mut s = st_b.clone();
        s.thread_mut(ThreadInstance::MAIN).status = ThreadStatus::Blocked {
            on: BlockOn::Mutex(0),
        };
        s
    }));
    // the owner unlocks: the waiter wakes and retries successfully
    let (rv, st_u) = run1(&pt, &switch_to(&st_b, ThreadInstance::MAIN), &unlock);
    assert_eq!(rv.ret, Some(0));
    assert_eq!(status(&st_u, 1), ThreadStatus::Runnable);
    let (rv, st_l) = run1(&pt, &switch_to(&st_u, ThreadInstance(1)), &lock);
    assert!(rv.advance);
    assert_eq!(st_l.mutexes[0].owner, Some(ThreadInstance(1)));
    // unlocking a mutex owned by another thread fails
    let (rv, _) = run1(&pt, &switch_to(&st_l, ThreadInstance::MAIN), &unlock);
    assert_eq!(rv.ret, Some(1));
    // statically initialised mutexes are created on first use
    let lock2 = with(pc(&pt, "pthread_mutex_lock"), |c| c.object = Some(0x2000));
    let (rv, st2) = run1(&pt, &st, &lock2);
    assert!(rv.advance && st2.mutex_index(0x2000).is_some());
    let destroy = with(pc(&pt, "pthread_mutex_destroy"), |c| c.object = Some(m));
    assert_eq!(run1(&pt, &st, &destroy).0.ret, Some(0));
}

#[test]
fn pthread_mutex_types_recursive_and_error_checking() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w"], &["m", "a"]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0)]);
    let (m, a) = (obj(0), obj(1));
    let settype = |t| {
        with(pc(&pt, "pthread_mutexattr_settype"), |c| {
            c.object = Some(a);
            c.value = Some(t);
        })
    };
    let init = with(pc(&pt, "pthread_mutex_init"), |c| {
        c.object = Some(m);
        c.attr = Some(a);
    });
    let lock = with(pc(&pt, "pthread_mutex_lock"), |c| c.object = Some(m));
    let unlock = with(pc(&pt, "pthread_mutex_unlock"), |c| c.object = Some(m));
    let trylock = with(pc(&pt, "pthread_mutex_trylock"), |c| c.object = Some(m));
    // an invalid type fails (EINVAL) and leaves the attribute normal
    let (rv, st_bad) = run1(&pt, &st, &settype(7));
    assert_eq!(rv.ret, Some(22));
    assert_eq!(st_bad.mutex_attr_kind(a), MutexKind::Normal);
    // recursive: the owner's locks and trylocks count, as many unlocks free it
    let (rv, st_r) = run1(&pt, &st, &settype(1));
    assert_eq!(rv.ret, Some(0));
    let (_, st_r) = run1(&pt, &st_r, &init);
    assert_eq!(st_r.mutexes[0].kind, MutexKind::Recursive);
    let (rv, s) = run1(&pt, &st_r, &lock);
    assert_eq!((rv.ret, rv.advance), (Some(0), true));
    let (rv, s) = run1(&pt, &s, &lock);
    assert_eq!((rv.ret, rv.advance), (Some(0), true));
    let (rv, s) = run1(&pt, &s, &trylock);
    assert_eq!(rv.ret, Some(0));
    assert_eq!(s.mutexes[0].depth, 2);
    // another thread neither gets it nor may unlock it
    let (rv, _) = run1(&pt, &switch_to(&s, ThreadInstance(1)), &trylock);
    assert_eq!(rv.ret, Some(16));
    let (rv, s_other) = run1(&pt, &switch_to(&s, ThreadInstance(1)), &unlock);
    assert_eq!(rv.ret, Some(1));
    assert_eq!(s_other.mutexes[0].depth, 2);
    let (_, s) = run1(&pt, &s, &unlock);
    let (_, s) = run1(&pt, &s, &unlock);
    assert_eq!(s.mutexes[0].owner, Some(ThreadInstance::MAIN));
    let (rv, s) = run1(&pt, &s, &unlock);
    assert_eq!(rv.ret, Some(0));
    assert_eq!(s.mutexes[0].owner, None);
    assert_eq!(run1(&pt, &s, &unlock).0.ret, Some(1));
    // error-checking: the owner's relock fails with EDEADLK (trylock: EBUSY) and keeps it
    let (_, st_e) = run1(&pt, &st, &settype(2));
    let (_, st_e) = run1(&pt, &st_e, &init);
    assert_eq!(st_e.mutexes[0].kind, MutexKind::ErrorCheck);
    assert_eq!(run1(&pt, &st_e, &unlock).0.ret, Some(1));
    let (_, s) = run1(&pt, &st_e, &lock);
    let (rv, s2) = run1(&pt, &s, &lock);
    assert_eq!((rv.ret, rv.advance), (Some(35), true));
    assert_eq!(s2.mutexes[0].owner, Some(ThreadInstance::MAIN));
    assert_eq!(run1(&pt, &s, &trylock).0.ret, Some(16));
    // normal (the default, or after mutexattr_init): the owner's relock blocks
    let reset = with(pc(&pt, "pthread_mutexattr_init"), |c| c.object = Some(a));
    let (_, st_n) = run1(&pt, &st_e, &reset);
    assert_eq!(st_n.mutex_attr_kind(a), MutexKind::Normal);
    let (_, st_n) = run1(&pt, &st_n, &init);
    assert_eq!(st_n.mutexes[0].kind, MutexKind::Normal);
    let (_, s) = run1(&pt, &st_n, &lock);
    let (rv, s) = run1(&pt, &s, &lock);
    assert!(!rv.advance);
    assert_eq!(
        status(&s, 0),
        ThreadStatus::Blocked {
            on: BlockOn::Mutex(0)
        }
    );
    // gettype reports the attribute's type through its out-parameter
    let (_, st_g) = run1(&pt, &st, &settype(1));
    let cell = VarRef {
        var: VarId(0),
        ty: int(),
        local: false,
        tracked: false,
    };
    let get = with(pc(&pt, "pthread_mutexattr_gettype"), |c| {
        c.object = Some(a);
        c.value_out = Some(cell);
    });
    let (rv, _) = run1(&pt, &st_g, &get);
    assert_eq!(rv.writes, vec![(VarId(0), 1)]);
}

// ---------------------------------------------------------------------------------------------
// Semaphores.

#[test]
fn semaphore_take_give_without_and_with_timeout() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let st = two_tasks(&fr, &p, 2, 2);
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&fr, &st, &pc(&fr, "xSemaphoreCreateBinary"));
    let s = rv.ret.unwrap();
    assert_eq!(st.semaphores[0].count, 0);
    let take = |t: Option<Timeout>| {
        with(pc(&fr, "xSemaphoreTake"), |c| {
            c.object = Some(s);
            c.timeout = t;
        })
    };
    let give = with(pc(&fr, "xSemaphoreGive"), |c| c.object = Some(s));
    // zero timeout: fails at once
    let (rv, st0) = run1(&fr, &st, &take(Some(Timeout::Ticks(0))));
    assert!(rv.advance && rv.ret == Some(0));
    assert_eq!(running(&st0), Some(ThreadInstance(1)));
    // forever: blocks
    let (rv, stb) = run1(&fr, &st, &take(Some(Timeout::Forever)));
    assert!(!rv.advance);
    assert_eq!(
        status(&stb, 1),
        ThreadStatus::Blocked {
            on: BlockOn::Semaphore(0)
        }
    );
    // b gives: a wakes; give again fails (binary semaphore full)
    let (rv, stg) = run1(&fr, &switch_to(&stb, ThreadInstance(2)), &give);
    assert_eq!(rv.ret, Some(1));
    assert_eq!(stg.semaphores[0].count, 1);
    assert_eq!(status(&stg, 1), ThreadStatus::Runnable);
    assert_eq!(run1(&fr, &stg, &give).0.ret, Some(0));
    // a retries and takes
    let (rv, stt) = run1(
        &fr,
        &switch_to(&stg, ThreadInstance(1)),
        &take(Some(Timeout::Forever)),
    );
    assert!(rv.advance && rv.ret == Some(1));
    assert_eq!(stt.semaphores[0].count, 0);
    // finite timeout with ticks: blocked until tick 4, then the retry fails
    let (rv, stw) = run1(&fr, &st, &take(Some(Timeout::Ticks(4))));
    assert!(!rv.advance);
    let mut stw = stw;
    stw.thread_mut(ThreadInstance(2)).status = ThreadStatus::Suspended;
    let succ = sched(&fr, &stw).unwrap();
    assert_eq!(succ.len(), 1);
    let (stx, ev) = &succ[0];
    assert_eq!(ev.kind, SchedEventKind::Tick);
    assert!(ev.text.starts_with("tick 4: a unblocked"), "{}", ev.text);
    assert!(stx.thread(ThreadInstance(1)).timed_out);
    let (rv, sty) = run1(&fr, stx, &take(Some(Timeout::Ticks(4))));
    assert!(rv.advance && rv.ret == Some(0), "timed out");
    assert!(!sty.thread(ThreadInstance(1)).timed_out);
    // counting semaphores
    let cnt = with(pc(&fr, "xSemaphoreCreateCounting"), |c| {
        c.max = Some(3);
        c.initial = Some(2);
    });
    let (rv, stc) = run1(&fr, &st, &cnt);
    let cs = rv.ret.unwrap();
    assert_eq!((stc.semaphores[1].count, stc.semaphores[1].max), (2, 3));
    let bad = with(cnt.clone(), |c| c.initial = Some(5));
    assert_eq!(run1(&fr, &st, &bad).0.ret, Some(0), "NULL");
    let tk = with(pc(&fr, "xSemaphoreTake"), |c| {
        c.object = Some(cs);
        c.timeout = Some(Timeout::Ticks(0));
    });
    let (_, stc) = run1(&fr, &stc, &tk);
    let (_, stc) = run1(&fr, &stc, &tk);
    assert_eq!(stc.semaphores[1].count, 0);
    assert_eq!(run1(&fr, &stc, &tk).0.ret, Some(0));
    // unknown handles are errors
    let bad = with(pc(&fr, "xSemaphoreTake"), |c| c.object = Some(0x4444));
    assert!(matches!(
        sexec(&fr, &st, &bad),
        Err(SchedError::InvalidObject { .. })
    ));
}

#[test]
fn finite_timeout_without_time_model_is_nondeterministic() {
    let text = "name = \"t\"\npolicy = \"fully-preemptive\"\n[time]\nmodel = \"none\"\n[primitives]\nmk = { action = \"sem-create-binary\", returns = \"handle\" }\ntake = { action = \"sem-take\", object = 0, timeout = 1, returns = \"success-flag\", ok = 1, fail = 0 }\n";
    let s = SchedulerSpec::parse(text, "t.toml", "t.toml").unwrap();
    let p = mkprog(&["main"], &[]);
    let st = initial(&s, &p).unwrap();
    let (rv, st) = run1(&s, &st, &pc(&s, "mk"));
    let take = with(pc(&s, "take"), |c| {
        c.object = rv.ret;
        c.timeout = Some(Timeout::Ticks(10));
    });
    let outs = run_all(&s, &st, &take);
    assert_eq!(outs.len(), 2);
    assert!(!outs[0].0.advance, "blocks until given");
    assert!(
        outs[1].0.advance && outs[1].0.ret == Some(0),
        "or times out"
    );
}

// ---------------------------------------------------------------------------------------------
// Queues.

#[test]
fn queue_send_receive_full_and_empty() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "prod", "cons"], &["item", "buf"]);
    let st = two_tasks(&fr, &p, 2, 2);
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(
        &fr,
        &st,
        &with(pc(&fr, "xQueueCreate"), |c| {
            c.length = Some(2);
            c.item_size = Some(4);
        }),
    );
    let q = rv.ret.unwrap();
    assert_eq!(st.decode_handle(q), Some((HandleKind::Queue, 0)));
    let item = Expr::Const(obj(0), Type::int(32, false));
    let buf = Expr::Const(obj(1), Type::int(32, false));
    let send = |t: Timeout| {
        with(pc(&fr, "xQueueSend"), |c| {
            c.object = Some(q);
            c.item = Some(item.clone());
            c.timeout = Some(t);
        })
    };
    let recv = |t: Timeout| {
        with(pc(&fr, "xQueueReceive"), |c| {
            c.object = Some(q);
            c.item = Some(buf.clone());
            c.timeout = Some(t);
        })
    };
    // empty: zero timeout fails, infinite blocks
    let (rv, _) = run1(
        &fr,
        &switch_to(&st, ThreadInstance(2)),
        &recv(Timeout::Ticks(0)),
    );
    assert_eq!((rv.ret, rv.copy.is_none()), (Some(0), true));
    let (rv, stb) = run1(
        &fr,
        &switch_to(&st, ThreadInstance(2)),
        &recv(Timeout::Forever),
    );
    assert!(!rv.advance);
    assert_eq!(
        status(&stb, 2),
        ThreadStatus::Blocked {
            on: BlockOn::QueueReceive(0)
        }
    );
    // two sends fill slots 0 and 1 and wake the receiver
    let st1 = switch_to(&stb, ThreadInstance(1));
    let (rv, st1) = run1(&fr, &st1, &send(Timeout::Forever));
    assert_eq!(rv.ret, Some(1));
    let cp = rv.copy.unwrap();
    assert_eq!(
        (cp.queue, cp.slot, cp.dir, cp.item_size),
        (0, 0, CopyDir::IntoQueue, 4)
    );
    assert_eq!(cp.item, item);
    assert_eq!(status(&st1, 2), ThreadStatus::Runnable);
    let (rv, st2) = run1(&fr, &st1, &send(Timeout::Forever));
    assert_eq!(rv.copy.unwrap().slot, 1);
    assert_eq!(st2.queues[0].count, 2);
    // full: zero timeout fails, infinite blocks
    assert_eq!(run1(&fr, &st2, &send(Timeout::Ticks(0))).0.ret, Some(0));
    let (rv, st3) = run1(&fr, &st2, &send(Timeout::Forever));
    assert!(!rv.advance);
    assert_eq!(
        status(&st3, 1),
        ThreadStatus::Blocked {
            on: BlockOn::QueueSend(0)
        }
    );
    // the receiver gets slot 0 first (FIFO) and wakes the sender
    let (rv, st4) = run1(
        &fr,
        &switch_to(&st3, ThreadInstance(2)),
        &recv(Timeout::Forever),
    );
    let cp = rv.copy.unwrap();
    assert_eq!((cp.slot, cp.dir), (0, CopyDir::OutOfQueue));
    assert_eq!(cp.item, buf);
    assert_eq!(status(&st4, 1), ThreadStatus::Runnable);
    assert_eq!((st4.queues[0].count, st4.queues[0].head), (1, 1));
    // the sender retries: slot 0 is free again (ring buffer)
    let (rv, st5) = run1(
        &fr,
        &switch_to(&st4, ThreadInstance(1)),
        &send(Timeout::Forever),
    );
    assert_eq!(rv.copy.unwrap().slot, 0);
    let count = with(pc(&fr, "uxQueueMessagesWaiting"), |c| c.object = Some(q));
    assert_eq!(run1(&fr, &st5, &count).0.ret, Some(2));
    // send to front writes before the head
    let (_, st6) = run1(
        &fr,
        &switch_to(&st4, ThreadInstance(2)),
        &recv(Timeout::Forever),
    );
    let front = with(pc(&fr, "xQueueSendToFront"), |c| {
        c.object = Some(q);
        c.item = Some(item.clone());
        c.timeout = Some(Timeout::Forever);
    });
    assert!(front.front);
    let (rv, st7) = run1(&fr, &st6, &front);
    assert_eq!(rv.copy.unwrap().slot, 1);
    assert_eq!(st7.queues[0].head, 1);
    let (rv, _) = run1(&fr, &st7, &recv(Timeout::Forever));
    assert_eq!(rv.copy.unwrap().slot, 1, "the front item comes out first");
    // zero-length queue: NULL
    let (rv, _) = run1(
        &fr,
        &st,
        &with(pc(&fr, "xQueueCreate"), |c| c.length = Some(0)),
    );
    assert_eq!(rv.ret, Some(0));
}

// ---------------------------------------------------------------------------------------------
// Delays and ticks.

#[test]
fn delayed_task_wakes_at_the_right_tick() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let st = two_tasks(&fr, &p, 1, 2);
    let st = switch_to(&st, ThreadInstance(2));
    let (rv, st) = run1(&fr, &st, &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(3)));
    assert!(rv.advance);
    assert_eq!(status(&st, 2), ThreadStatus::Sleeping { until: 3 });
    // a runs; at its preemption points ticks arrive one by one
    let st = switch_to(&st, ThreadInstance(1));
    let x = Op::Assign(VarId(0), Expr::Const(0, int()));
    let mut p2 = p.clone();
    add_var(&mut p2, "x", int(), Scope::Global, Some(0));
    assert!(is_preemption_point(&fr, &st, &x, &p2));
    let mut cur = st.clone();
    for t in 1..=3u64 {
        let succ = preempt(&fr, &cur).unwrap();
        let ticked: Vec<&(SchedState, SchedEvent)> = succ
            .iter()
            .filter(|(_, e)| e.kind == SchedEventKind::Tick)
            .collect();
        assert_eq!(ticked.len(), 1, "tick {t}: {succ:?}");
        let (s, e) = ticked[0];
        assert!(e.text.starts_with(&format!("tick {t}")), "{}", e.text);
        if t < 3 {
            assert_eq!(running(s), Some(ThreadInstance(1)));
            assert_eq!(
                status(s, 2),
                ThreadStatus::Sleeping { until: 3 - t },
                "relative time"
            );
        } else {
            assert!(e.text.contains("b unblocked"), "{}", e.text);
            assert_eq!(
                running(s),
                Some(ThreadInstance(2)),
                "higher priority preempts"
            );
            assert_eq!(status(s, 1), ThreadStatus::Runnable);
        }
        cur = s.clone();
    }
    // when every task is delayed, the tick jumps to the earliest wake-up
    let mut idle = st.clone();
    let (_, s2) = run1(
        &fr,
        &idle,
        &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(7)),
    );
    idle = s2;
    let succ = sched(&fr, &idle).unwrap();
    assert_eq!(succ.len(), 1);
    assert!(
        succ[0]
            .1
            .text
            .starts_with("tick 3: b unblocked; switch a -> b"),
        "{}",
        succ[0].1.text
    );
    assert_eq!(status(&succ[0].0, 1), ThreadStatus::Sleeping { until: 4 });
}

#[test]
fn delay_until_over_an_observable_tick_counter() {
    let fr = spec("freertos");
    let mut p = mkprog(&["main", "a"], &["last"]);
    p.threads[1] = cfg(
        "a",
        vec![
            call_op("xTaskGetTickCount", vec![], None),
            call_op("vTaskDelayUntil", vec![cptr(obj(0)), c32(5)], None),
        ],
    );
    let st = start(&fr, &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1)]));
    assert!(st.time_observable);
    let st = switch_to(&st, ThreadInstance(1));
    let last = VarRef {
        var: VarId(0),
        ty: Type::int(32, false),
        local: false,
        tracked: true,
    };
    let du = |prev: i128| {
        with(pc(&fr, "vTaskDelayUntil"), |c| {
            c.prev = Some((last, prev));
            c.time = Some(5);
        })
    };
    let (rv, st1) = run1(&fr, &st, &du(0));
    assert_eq!(rv.writes, vec![(VarId(0), 5)]);
    assert_eq!(status(&st1, 1), ThreadStatus::Sleeping { until: 5 });
    assert_eq!(st1.binding(VarId(0), None), Some(Some(5)));
    let succ = sched(&fr, &st1).unwrap();
    let (st2, e) = &succ[0];
    assert!(e.text.starts_with("tick 5"), "{}", e.text);
    assert_eq!(st2.now, 5);
    let get = pc(&fr, "xTaskGetTickCount");
    assert_eq!(run1(&fr, st2, &get).0.ret, Some(5));
    // the next period starts from the previous wake time, not from now
    let mut late = st2.clone();
    late.now = 7;
    let (rv, st3) = run1(&fr, &late, &du(5));
    assert_eq!(rv.writes, vec![(VarId(0), 10)]);
    assert_eq!(status(&st3, 1), ThreadStatus::Sleeping { until: 10 });
    // a wake time in the past does not delay (a yield)
    late.now = 12;
    let (rv, st4) = run1(&fr, &late, &du(5));
    assert_eq!(rv.writes, vec![(VarId(0), 10)]);
    assert_eq!(status(&st4, 1), ThreadStatus::Runnable);
    // the tick bound
    let mut far = st2.clone();
    far.now = fr.time.max;
    let d = with(pc(&fr, "vTaskDelay"), |c| c.time = Some(1));
    assert!(matches!(
        sexec(&fr, &far, &d),
        Err(SchedError::CapacityExceeded(_))
    ));
}

#[test]
fn explicit_tick_primitive() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let st = two_tasks(&fr, &p, 1, 2);
    let (_, st) = run1(
        &fr,
        &switch_to(&st, ThreadInstance(2)),
        &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(1)),
    );
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&fr, &st, &pc(&fr, "xTaskIncrementTick"));
    assert!(rv.label.contains("b"), "{}", rv.label);
    assert_eq!(running(&st), None, "woken higher priority task preempts");
    assert_eq!(dispatched(&fr, &st), vec![2]);
}

// ---------------------------------------------------------------------------------------------
// Critical sections, atomic sections, interrupts.

#[test]
fn interrupts_fire_only_while_unmasked() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "task", "isr_uart"], &["x"]);
    let st0 = initial(&fr, &p).unwrap();
    assert!(
        st0.thread(ThreadInstance(1)).is_isr,
        "isr_uart is an interrupt handler"
    );
    let st = start(&fr, &spawn_all(&fr, &st0, &[(1, 1)]));
    // task instance 2 (spawned after the ISR instance 1)
    let task = ThreadInstance(2);
    let isr = ThreadInstance(1);
    let st = switch_to(&st, task);
    let op = Op::Assign(VarId(0), Expr::Const(1, int()));
    assert!(is_preemption_point(&fr, &st, &op, &p));
    let succ = preempt(&fr, &st).unwrap();
    let fired: Vec<&(SchedState, SchedEvent)> = succ
        .iter()
        .filter(|(_, e)| matches!(e.kind, SchedEventKind::Interrupt { .. }))
        .collect();
    assert_eq!(fired.len(), 1);
    let (s, e) = fired[0];
    assert_eq!(e.restart(), Some(isr));
    assert_eq!(e.text, "interrupt isr_uart fires (interrupts task)");
    assert_eq!(running(s), Some(isr));
    // inside the handler: no preemption, no nested interrupt
    assert!(!is_preemption_point(&fr, s, &op, &p));
    assert_eq!(preempt(&fr, s).unwrap().len(), 1);
    // the handler gives a semaphore (no blocking allowed) and ends: the task resumes
    let back = thread_exit(&fr, s, isr).unwrap();
    assert_eq!(status(&back, 1), ThreadStatus::Idle);
    assert_eq!(running(&back), Some(task));
    // blocking in a handler is an error
    let mut s2 = s.clone();
    let (rv, s3) = run1(&fr, &s2, &pc(&fr, "xSemaphoreCreateBinary"));
    s2 = s3;
    let take = with(pc(&fr, "xSemaphoreTake"), |c| {
        c.object = rv.ret;
        c.timeout = Some(Timeout::Forever);
    });
    assert!(matches!(sexec(&fr, &s2, &take), Err(SchedError::Misuse(_))));
    // masked in a critical section
    let (rv, stc) = run1(&fr, &st, &pc(&fr, "vTaskEnterCritical"));
    assert!(rv.advance);
    assert_eq!(stc.critical, 1);
    let succ = preempt(&fr, &stc).unwrap();
    assert!(succ.iter().all(|(_, e)| !matches!(
        e.kind,
        SchedEventKind::Interrupt { .. } | SchedEventKind::Tick
    )));
    let (_, stc2) = run1(&fr, &stc, &pc(&fr, "vTaskEnterCritical"));
    let (_, stc1) = run1(&fr, &stc2, &pc(&fr, "vTaskExitCritical"));
    assert_eq!(stc1.critical, 1, "nesting");
    let (_, st_open) = run1(&fr, &stc1, &pc(&fr, "vTaskExitCritical"));
    assert_eq!(st_open.critical, 0);
    assert!(preempt(&fr, &st_open)
        .unwrap()
        .iter()
        .any(|(_, e)| matches!(e.kind, SchedEventKind::Interrupt { .. })));
    assert!(matches!(
        sexec(&fr, &st_open, &pc(&fr, "vTaskExitCritical")),
        Err(SchedError::Misuse(_))
    ));
    // blocking or delaying inside a critical section is an error, not a masked context switch
    let delay = with(pc(&fr, "vTaskDelay"), |c| c.time = Some(2));
    assert!(matches!(
        sexec(&fr, &stc, &delay),
        Err(SchedError::Misuse(_))
    ));
    assert!(sexec(&fr, &st_open, &delay).is_ok());
    // not before the scheduler starts
    assert!(preempt(&fr, &st0)
        .unwrap()
        .iter()
        .all(|(_, e)| !matches!(e.kind, SchedEventKind::Interrupt { .. })));
    // when every task is blocked, interrupts still fire
    let mut idle = st.clone();
    idle.thread_mut(task).status = ThreadStatus::Suspended;
    let succ = sched(&fr, &idle).unwrap();
    assert_eq!(succ.len(), 1);
    assert_eq!(succ[0].1.restart(), Some(isr));
    assert!(!deadlocked(&idle), "an interrupt may still come");
}

#[test]
fn interrupt_waking_a_higher_priority_task_preempts_after_the_handler() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "low", "high", "isr_timer"], &[]);
    let st = start(
        &fr,
        &spawn_all(&fr, &initial(&fr, &p).unwrap(), &[(1, 1), (2, 3)]),
    );
    let (low, high, isr) = (ThreadInstance(2), ThreadInstance(3), ThreadInstance(1));
    // high waits on a binary semaphore, low runs
    let st = switch_to(&st, high);
    let (rv, st) = run1(&fr, &st, &pc(&fr, "xSemaphoreCreateBinary"));
    let s = rv.ret;
    let (_, st) = run1(
        &fr,
        &st,
        &with(pc(&fr, "xSemaphoreTake"), |c| {
            c.object = s;
            c.timeout = Some(Timeout::Forever);
        }),
    );
    assert_eq!(dispatched(&fr, &st), vec![low.0]);
    let st = switch_to(&st, low);
    let fired = preempt(&fr, &st)
        .unwrap()
        .into_iter()
        .find(|(_, e)| e.restart() == Some(isr))
        .unwrap()
        .0;
    let (_, in_isr) = run1(
        &fr,
        &fired,
        &with(pc(&fr, "xSemaphoreGive"), |c| c.object = s),
    );
    assert_eq!(running(&in_isr), Some(isr), "handlers are not preempted");
    // FreeRTOS: without portYIELD_FROM_ISR the interrupted task continues; the readied task
    // runs at the next tick (a preemption point is possible at once)
    let cont = thread_exit(&fr, &in_isr, isr).unwrap();
    assert_eq!(running(&cont), Some(low));
    let ticked = preempt(&fr, &cont).unwrap();
    assert!(ticked.iter().any(|(s, _)| running(s) == Some(high)));
    // with portYIELD_FROM_ISR(pdTRUE) the handler's end switches to it
    let (_, asked) = run1(
        &fr,
        &in_isr,
        &with(pc(&fr, "__schedmc_yield_from_isr"), |c| c.flag = Some(1)),
    );
    let after = thread_exit(&fr, &asked, isr).unwrap();
    assert_eq!(running(&after), None);
    assert_eq!(dispatched(&fr, &after), vec![high.0]);
    // a description that switches when every handler ends
    let mut always = fr.clone();
    always.switch_at_exit = spec::SwitchAtExit::Always;
    let after = thread_exit(&always, &in_isr, isr).unwrap();
    assert_eq!(running(&after), None);
}

#[test]
fn software_interrupt_trigger() {
    let text = "name = \"t\"\npolicy = \"fully-preemptive\"\n[interrupts]\nhandlers = [\"isr_*\"]\n[primitives]\nraise = { action = \"interrupt-trigger\", entry = 0 }\n";
    let s = SchedulerSpec::parse(text, "t.toml", "t.toml").unwrap();
    let p = mkprog(&["main", "isr_a"], &[]);
    let st = initial(&s, &p).unwrap();
    let c = with(pc(&s, "raise"), |c| c.entry = Some(ThreadId(1)));
    let (rv, st1) = run1(&s, &st, &c);
    assert_eq!(rv.restart, Some(ThreadInstance(1)));
    assert_eq!(running(&st1), Some(ThreadInstance(1)));
    let back = thread_exit(&s, &st1, ThreadInstance(1)).unwrap();
    assert_eq!(running(&back), Some(ThreadInstance::MAIN));
    let bad = with(pc(&s, "raise"), |c| c.entry = Some(ThreadId(0)));
    assert!(matches!(
        sexec(&s, &st, &bad),
        Err(SchedError::Unsupported(_))
    ));
}

#[test]
fn scheduler_suspension_defers_switches() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "low", "high"], &[]);
    let st = two_tasks(&fr, &p, 1, 3);
    let (_, st) = run1(
        &fr,
        &switch_to(&st, ThreadInstance(2)),
        &with(pc(&fr, "vTaskDelay"), |c| c.time = Some(1)),
    );
    let st = switch_to(&st, ThreadInstance(1));
    let (_, sus) = run1(&fr, &st, &pc(&fr, "vTaskSuspendAll"));
    assert!(preempt(&fr, &sus)
        .unwrap()
        .iter()
        .all(|(_, e)| e.kind != SchedEventKind::Tick));
    let (_, res) = run1(&fr, &sus, &pc(&fr, "xTaskResumeAll"));
    assert!(preempt(&fr, &res)
        .unwrap()
        .iter()
        .any(|(_, e)| e.kind == SchedEventKind::Tick));
    assert!(matches!(
        sexec(&fr, &res, &pc(&fr, "xTaskResumeAll")),
        Err(SchedError::Misuse(_))
    ));
}

#[test]
fn atomic_sections_disable_preemption() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w"], &["x"]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0)]);
    let op = Op::Assign(VarId(0), Expr::Const(1, int()));
    assert!(is_preemption_point(&pt, &st, &op, &p));
    let b = bind(&pt, &Op::AtomicBegin, &p).unwrap().unwrap();
    let e = bind(&pt, &Op::AtomicEnd, &p).unwrap().unwrap();
    let (_, sa) = run1(&pt, &st, &b);
    assert_eq!(sa.atomic, Some((ThreadInstance::MAIN, 1)));
    assert!(!is_preemption_point(&pt, &sa, &op, &p));
    assert_eq!(preempt(&pt, &sa).unwrap().len(), 1);
    let (_, sa2) = run1(&pt, &sa, &b);
    let (_, sa1) = run1(&pt, &sa2, &e);
    assert_eq!(sa1.atomic, Some((ThreadInstance::MAIN, 1)));
    let (_, s0) = run1(&pt, &sa1, &e);
    assert_eq!(s0.atomic, None);
    assert!(is_preemption_point(&pt, &s0, &op, &p));
    assert!(matches!(sexec(&pt, &s0, &e), Err(SchedError::Misuse(_))));
    // blocking inside an atomic section is not supported
    let mut held = sa.clone();
    held.mutexes
        .push(state::MutexInfo {
            key: obj(0),
            owner: Some(ThreadInstance(1)),
            depth: 0,
            kind: MutexKind::Normal,
        })
        .unwrap();
    let lock = with(pc(&pt, "pthread_mutex_lock"), |c| c.object = Some(obj(0)));
    assert!(matches!(
        sexec(&pt, &held, &lock),
        Err(SchedError::Unsupported(_))
    ));
    assert!(
        sexec(&pt, &sa, &lock).is_ok(),
        "a free mutex does not block"
    );
    // the mapped call form works too
    let (_, sc) = run1(&pt, &st, &pc(&pt, "__VERIFIER_atomic_begin"));
    assert!(sc.atomic.is_some());
}

// ---------------------------------------------------------------------------------------------
// Suspend / resume / priorities / current thread.

#[test]
fn suspend_resume_and_priority_set() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "a", "b"], &[]);
    let st = two_tasks(&fr, &p, 2, 1);
    let (a, b) = (ThreadInstance(1), ThreadInstance(2));
    let st = switch_to(&st, a);
    let ha = st.handle(HandleKind::Thread, 1);
    let hb = st.handle(HandleKind::Thread, 2);
    // suspend self (NULL)
    let (rv, s1) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskSuspend"), |c| c.object = Some(0)),
    );
    assert!(rv.advance);
    assert_eq!(status(&s1, 1), ThreadStatus::Suspended);
    assert_eq!(dispatched(&fr, &s1), vec![b.0]);
    // b resumes a: a has the higher priority and preempts b
    let (rv, s2) = run1(
        &fr,
        &switch_to(&s1, b),
        &with(pc(&fr, "vTaskResume"), |c| c.object = Some(ha)),
    );
    assert!(rv.label.contains("preempted"), "{}", rv.label);
    assert_eq!(dispatched(&fr, &s2), vec![a.0]);
    // suspending another task
    let (_, s3) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskSuspend"), |c| c.object = Some(hb)),
    );
    assert_eq!(status(&s3, 2), ThreadStatus::Suspended);
    // raising b above a preempts a
    let (rv, s4) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskPrioritySet"), |c| {
            c.object = Some(hb);
            c.priority = Some(4);
        }),
    );
    assert!(rv.label.contains("preempted"), "{}", rv.label);
    assert_eq!(dispatched(&fr, &s4), vec![b.0]);
    let get = with(pc(&fr, "uxTaskPriorityGet"), |c| c.object = Some(hb));
    assert_eq!(run1(&fr, &switch_to(&s4, b), &get).0.ret, Some(4));
    // lowering oneself below a ready task yields the processor
    let (_, s5) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskPrioritySet"), |c| {
            c.object = Some(0);
            c.priority = Some(0);
        }),
    );
    assert_eq!(dispatched(&fr, &s5), vec![b.0]);
    // current task handle
    assert_eq!(
        run1(&fr, &st, &pc(&fr, "xTaskGetCurrentTaskHandle")).0.ret,
        Some(ha)
    );
    // delete another task / self
    let (_, s6) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskDelete"), |c| c.object = Some(hb)),
    );
    assert_eq!(status(&s6, 2), ThreadStatus::Finished);
    let (_, s7) = run1(
        &fr,
        &st,
        &with(pc(&fr, "vTaskDelete"), |c| c.object = Some(0)),
    );
    assert_eq!(status(&s7, 1), ThreadStatus::Finished);
    assert_eq!(running(&s7), None);
}

// ---------------------------------------------------------------------------------------------
// Condition variables.

#[test]
fn pthread_condition_variables() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w"], &["m", "c"]);
    let st = spawn_all(&pt, &initial(&pt, &p).unwrap(), &[(1, 0)]);
    let (m, c) = (obj(0), obj(1));
    let lock = with(pc(&pt, "pthread_mutex_lock"), |x| x.object = Some(m));
    let unlock = with(pc(&pt, "pthread_mutex_unlock"), |x| x.object = Some(m));
    let wait = with(pc(&pt, "pthread_cond_wait"), |x| {
        x.object = Some(c);
        x.mutex = Some(m);
    });
    let signal = with(pc(&pt, "pthread_cond_signal"), |x| x.object = Some(c));
    let bcast = with(pc(&pt, "pthread_cond_broadcast"), |x| x.object = Some(c));
    // waiting without the mutex fails
    assert_eq!(run1(&pt, &st, &wait).0.ret, Some(1));
    let (_, s1) = run1(&pt, &st, &lock);
    let outs = run_all(&pt, &s1, &wait);
    assert_eq!(outs.len(), 2, "wait, or spurious wake-up");
    let (rv, s2) = &outs[0];
    assert!(!rv.advance);
    assert_eq!(status(s2, 0), ThreadStatus::WaitingCond { cond: 0 });
    assert_eq!(s2.mutexes[0].owner, None, "mutex released");
    let (rv_sp, s_sp) = &outs[1];
    assert!(!rv_sp.advance && s_sp.thread(ThreadInstance::MAIN).cond_woken);
    // w signals with nobody else waiting: main wakes, re-executes and re-acquires
    let s3 = switch_to(s2, ThreadInstance(1));
    let outs = run_all(&pt, &s3, &signal);
    assert_eq!(outs.len(), 1);
    let s4 = &outs[0].1;
    assert_eq!(status(s4, 0), ThreadStatus::Runnable);
    // w holds the mutex: main's re-acquire blocks, then succeeds after the unlock
    let (_, s5) = run1(&pt, s4, &lock);
    let (rv, s6) = run1(&pt, &switch_to(&s5, ThreadInstance::MAIN), &wait);
    assert!(!rv.advance);
    assert_eq!(
        status(&s6, 0),
        ThreadStatus::Blocked {
            on: BlockOn::Mutex(0)
        }
    );
    let (_, s7) = run1(&pt, &switch_to(&s6, ThreadInstance(1)), &unlock);
    let (rv, s8) = run1(&pt, &switch_to(&s7, ThreadInstance::MAIN), &wait);
    assert!(rv.advance && rv.ret == Some(0));
    assert_eq!(s8.mutexes[0].owner, Some(ThreadInstance::MAIN));
    // a signal without waiters is lost; broadcast wakes everyone
    assert!(run1(&pt, &s8, &signal).0.label.contains("no waiter"));
    let mut two = s2.clone();
    let w2 = two
        .add_thread(ThreadInfo::new(
            ThreadId(1),
            ThreadStatus::WaitingCond { cond: 0 },
            0,
        ))
        .unwrap();
    let two = switch_to(&two, ThreadInstance(1));
    assert_eq!(
        run_all(&pt, &two, &signal).len(),
        2,
        "signal picks one of two waiters"
    );
    let (_, all) = run1(&pt, &two, &bcast);
    assert_eq!(status(&all, 0), ThreadStatus::Runnable);
    assert_eq!(status(&all, w2.0), ThreadStatus::Runnable);
}

// ---------------------------------------------------------------------------------------------
// SystemC.

#[test]
fn systemc_wait_and_immediate_notify() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["e"]);
    let st = spawn_all(&sc, &initial(&sc, &p).unwrap(), &[(1, 0), (2, 0)]);
    assert_eq!(status(&st, 1), ThreadStatus::NotStarted);
    let (rv, st) = run1(&sc, &st, &pc(&sc, "sc_start"));
    assert!(rv.advance);
    assert_eq!(
        status(&st, 0),
        ThreadStatus::Blocked {
            on: BlockOn::SimulationEnd
        }
    );
    assert_eq!(dispatched(&sc, &st), vec![1, 2], "any runnable thread");
    let e = obj(0);
    let wait = with(pc(&sc, "sc_wait"), |c| c.object = Some(e));
    let notify = with(pc(&sc, "sc_notify"), |c| c.object = Some(e));
    // a notification nobody waits for is lost
    let (_, lost) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &notify);
    let (_, lost) = run1(&sc, &switch_to(&lost, ThreadInstance(1)), &wait);
    assert_eq!(status(&lost, 1), ThreadStatus::Waiting { event: 0 });
    // t1 waits, t2 notifies immediately: t1 is runnable in the same evaluation phase
    let (rv, s1) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &wait);
    assert!(rv.advance);
    assert_eq!(running(&s1), None);
    assert_eq!(dispatched(&sc, &s1), vec![2]);
    let (rv, s2) = run1(&sc, &switch_to(&s1, ThreadInstance(2)), &notify);
    assert!(rv.label.contains("wakes t1"), "{}", rv.label);
    assert_eq!(status(&s2, 1), ThreadStatus::Runnable);
    assert_eq!(
        running(&s2),
        Some(ThreadInstance(2)),
        "cooperative: the notifier keeps running"
    );
    // no preemption in the cooperative policy
    let op = Op::Assign(VarId(0), Expr::Const(1, int()));
    assert!(!is_preemption_point(&sc, &s2, &op, &p));
    assert_eq!(preempt(&sc, &s2).unwrap().len(), 1);
}

#[test]
fn systemc_delta_and_timed_notifications() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["e", "f"]);
    let st = run1(
        &sc,
        &spawn_all(&sc, &initial(&sc, &p).unwrap(), &[(1, 0), (2, 0)]),
        &pc(&sc, "sc_start"),
    )
    .1;
    let (e, f) = (obj(0), obj(1));
    let wait = |k| with(pc(&sc, "sc_wait"), |c| c.object = Some(k));
    // t1 waits for e, t2 notifies e for the next delta cycle and waits for f
    let (_, s) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &wait(e));
    let s = switch_to(&s, ThreadInstance(2));
    let (_, s) = run1(
        &sc,
        &s,
        &with(pc(&sc, "sc_notify_delta"), |c| c.object = Some(e)),
    );
    assert_eq!(status(&s, 1), ThreadStatus::Waiting { event: 0 }, "not yet");
    assert_eq!(s.events[0].pending, Pending::Delta);
    let (_, s) = run1(
        &sc,
        &s,
        &with(pc(&sc, "sc_notify_time"), |c| {
            c.object = Some(f);
            c.time = Some(10);
        }),
    );
    let (_, s) = run1(&sc, &s, &wait(f));
    assert_eq!(running(&s), None);
    // nothing runnable: delta cycle 1 fires e and dispatches t1
    let succ = sched(&sc, &s).unwrap();
    assert_eq!(succ.len(), 1);
    let (s1, ev) = &succ[0];
    assert_eq!(ev.kind, SchedEventKind::DeltaCycle);
    assert_eq!(
        ev.text,
        "delta cycle 1: notify e: t1 unblocked; switch t2 -> t1"
    );
    assert_eq!(running(s1), Some(ThreadInstance(1)));
    // t1 waits again: time advances to 10, f fires, t2 runs
    let (_, s2) = run1(&sc, s1, &wait(e));
    let succ = sched(&sc, &s2).unwrap();
    let (s3, ev) = &succ[0];
    assert_eq!(ev.kind, SchedEventKind::TimeAdvance);
    assert!(
        ev.text
            .starts_with("time advances to 10: notify f: t2 unblocked"),
        "{}",
        ev.text
    );
    assert_eq!(running(s3), Some(ThreadInstance(2)));
    assert_eq!(s3.abs_time(), 10);
    assert_eq!(s3.now, 0, "time unobservable: stored relative");
    // t2 waits for f again: nothing pending, the simulation ends and main resumes
    let (_, s4) = run1(&sc, s3, &wait(f));
    let succ = sched(&sc, &s4).unwrap();
    assert_eq!(succ.len(), 1);
    assert_eq!(succ[0].1.kind, SchedEventKind::SimulationEnd);
    assert_eq!(running(&succ[0].0), Some(ThreadInstance::MAIN));
    let end = thread_exit(&sc, &succ[0].0, ThreadInstance::MAIN).unwrap();
    assert!(end.ended && sched(&sc, &end).unwrap().is_empty());
}

#[test]
fn systemc_pending_notification_rules() {
    let sc = spec("systemc");
    let p = mkprog(&["main"], &["e"]);
    let st = initial(&sc, &p).unwrap();
    let e = obj(0);
    let timed = |t| {
        with(pc(&sc, "sc_notify_time"), |c| {
            c.object = Some(e);
            c.time = Some(t);
        })
    };
    let (_, s) = run1(&sc, &st, &timed(10));
    assert_eq!(s.events[0].pending, Pending::Timed(10));
    let (_, s) = run1(&sc, &s, &timed(5));
    assert_eq!(
        s.events[0].pending,
        Pending::Timed(5),
        "the earlier one survives"
    );
    let (_, s) = run1(&sc, &s, &timed(7));
    assert_eq!(s.events[0].pending, Pending::Timed(5));
    let (_, s) = run1(&sc, &s, &timed(0));
    assert_eq!(
        s.events[0].pending,
        Pending::Delta,
        "SC_ZERO_TIME is a delta notification"
    );
    let (_, s) = run1(&sc, &s, &timed(3));
    assert_eq!(s.events[0].pending, Pending::Delta, "delta beats timed");
    let (_, s) = run1(&sc, &s, &with(pc(&sc, "sc_notify"), |c| c.object = Some(e)));
    assert_eq!(
        s.events[0].pending,
        Pending::None,
        "immediate cancels pending"
    );
}

#[test]
fn systemc_wait_time_and_time_stamp() {
    let sc = spec("systemc");
    let mut p = mkprog(&["main", "t1", "t2"], &[]);
    p.threads[1] = cfg("t1", vec![call_op("sc_time_stamp", vec![], None)]);
    let st = run1(
        &sc,
        &spawn_all(&sc, &initial(&sc, &p).unwrap(), &[(1, 0), (2, 0)]),
        &pc(&sc, "sc_start"),
    )
    .1;
    assert!(st.time_observable);
    let wt = |t| with(pc(&sc, "sc_wait_time"), |c| c.time = Some(t));
    let (rv, s) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &wt(5));
    assert!(rv.label.contains("sleeps until 5"), "{}", rv.label);
    let (rv, s) = run1(&sc, &switch_to(&s, ThreadInstance(2)), &wt(0));
    assert!(rv.label.contains("next delta cycle"), "{}", rv.label);
    // wait(SC_ZERO_TIME) resumes in the next delta cycle, before time advances
    let succ = sched(&sc, &s).unwrap();
    let (s1, ev) = &succ[0];
    assert!(
        ev.text.starts_with("delta cycle 1: t2 unblocked"),
        "{}",
        ev.text
    );
    assert_eq!(s1.now, 0);
    let (_, s2) = run1(&sc, s1, &wt(2));
    let succ = sched(&sc, &s2).unwrap();
    let (s3, ev) = &succ[0];
    assert!(
        ev.text.starts_with("time advances to 2: t2 unblocked"),
        "{}",
        ev.text
    );
    let (_, s4) = run1(&sc, s3, &wt(10));
    let (s5, ev) = &sched(&sc, &s4).unwrap()[0];
    assert!(
        ev.text.starts_with("time advances to 5: t1 unblocked"),
        "{}",
        ev.text
    );
    assert_eq!(s5.now, 5);
    let stamp = pc(&sc, "sc_time_stamp");
    assert_eq!(run1(&sc, s5, &stamp).0.ret, Some(5));
}

// ---------------------------------------------------------------------------------------------
// A miniature engine: explores every schedule of small abstract thread programs (primitive
// calls, data updates, checks) with sexec / sched / preempt, the way ESST will.

fn prim(c: PrimitiveCall) -> Step {
    Step::Prim(Box::new(c))
}

#[derive(Clone)]
enum Step {
    Prim(Box<PrimitiveCall>),
    Data(fn(&mut [i64; 4])),
    /// Records a violation when the condition is false.
    Check(fn(&[i64; 4]) -> bool),
    /// A shared access (preemption point) that changes nothing.
    Touch,
    Goto(usize),
    End,
}

struct Outcome {
    /// (thread entry, step index) of every failed check.
    failed: HashSet<(u32, usize)>,
    violations: usize,
    finals: Vec<SchedState>,
    events: Vec<String>,
    states: usize,
}

/// Explores all interleavings; `threads[e]` is the code of thread entry `e` (0 = main).
fn explore(spec: &SchedulerSpec, prog: &Program, threads: &[Vec<Step>], limit: usize) -> Outcome {
    let st0 = initial(spec, prog).unwrap();
    let mut pcs0 = vec![0usize; st0.threads.len()];
    pcs0.resize(MAX_THREADS, 0);
    let mut seen: HashSet<(Vec<usize>, [i64; 4], SchedState)> = HashSet::new();
    let mut work = VecDeque::new();
    work.push_back((pcs0, [0i64; 4], st0));
    assert!(!prog.vars.is_empty(), "explore needs a shared variable 0");
    let mut out = Outcome {
        failed: HashSet::new(),
        violations: 0,
        finals: Vec::new(),
        events: Vec::new(),
        states: 0,
    };
    let shared = Op::Assign(VarId(0), Expr::Const(0, int()));
    while let Some((pcs, data, st)) = work.pop_front() {
        if !seen.insert((pcs.clone(), data, st.clone())) {
            continue;
        }
        out.states += 1;
        assert!(out.states < limit, "state space too large");
        let Some(r) = running(&st) else {
            let succ = sched(spec, &st).unwrap();
            if succ.is_empty() {
                out.finals.push(st.clone());
            }
            for (s, e) in succ {
                out.events.push(e.text.clone());
                let mut pcs = pcs.clone();
                if let Some(i) = e.restart() {
                    pcs[i.index()] = 0;
                }
                work.push_back((pcs, data, s));
            }
            continue;
        };
        let code = &threads[st.thread(r).entry.0 as usize];
        let step = code[pcs[r.index()]].clone();
        let is_shared = matches!(
            step,
            Step::Prim(_) | Step::Touch | Step::Data(_) | Step::Check(_)
        );
        if is_shared && is_preemption_point(spec, &st, &shared, prog) {
            let succ = preempt(spec, &st).unwrap();
            if succ.len() > 1 {
                for (s, e) in succ.into_iter().skip(1) {
                    out.events.push(e.text.clone());
                    let mut pcs = pcs.clone();
                    if let Some(i) = e.restart() {
                        pcs[i.index()] = 0;
                    }
                    work.push_back((pcs, data, s));
                }
                // the "continue" successor is explored below
            }
        }
        let mut pcs = pcs;
        let mut data = data;
        match step {
            Step::Prim(c) => {
                for (rv, s) in sexec(spec, &st, &c).unwrap() {
                    out.events.push(rv.label.clone());
                    let mut p2 = pcs.clone();
                    if rv.advance {
                        p2[r.index()] += 1;
                    }
                    if let Some(t) = rv.spawned {
                        p2[t.index()] = 0;
                    }
                    if let Some(t) = rv.restart {
                        p2[t.index()] = 0;
                    }
                    work.push_back((p2, data, s));
                }
            }
            Step::Data(f) => {
                f(&mut data);
                pcs[r.index()] += 1;
                work.push_back((pcs, data, st));
            }
            Step::Check(f) => {
                if !f(&data) {
                    out.violations += 1;
                    out.failed.insert((st.thread(r).entry.0, pcs[r.index()]));
                }
                pcs[r.index()] += 1;
                work.push_back((pcs, data, st));
            }
            Step::Touch => {
                pcs[r.index()] += 1;
                work.push_back((pcs, data, st));
            }
            Step::Goto(n) => {
                pcs[r.index()] = n;
                work.push_back((pcs, data, st));
            }
            Step::End => {
                let s = thread_exit(spec, &st, r).unwrap();
                work.push_back((pcs, data, s));
            }
        }
    }
    out
}

/// token_ring.01: master sends the token to transmit1 (immediate notification of E_1) and
/// waits for E_M; transmit1 waits for E_1, increments the token and notifies E_M. The check
/// `token == local + 1` in master never fails (the task is safe), an immediate notification
/// only wakes threads already waiting, and when master runs first the simulation ends with
/// both threads waiting (as `stop_simulation` in the sequentialised task).
#[test]
fn systemc_token_ring_matches_the_sequentialised_task() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "master", "transmit1"], &["E_1", "E_M"]);
    let (e1, em) = (obj(0), obj(1));
    let wait = |e| prim(with(pc(&sc, "sc_wait"), |c| c.object = Some(e)));
    let notify = |e| prim(with(pc(&sc, "sc_notify"), |c| c.object = Some(e)));
    let main = vec![
        prim(with(pc(&sc, "sc_thread_create"), |c| {
            c.entry = Some(ThreadId(1))
        })),
        prim(with(pc(&sc, "sc_thread_create"), |c| {
            c.entry = Some(ThreadId(2))
        })),
        prim(pc(&sc, "sc_start")),
        Step::Data(|d| d[3] = 1), // main resumed after the simulation
        Step::End,
    ];
    // data: [0] = token - local, [1] = rounds completed
    let master = vec![
        Step::Data(|d| d[0] = 0), // token = nondet; local = token
        notify(e1),
        wait(em),
        Step::Check(|d| d[0] == 1),
        Step::Data(|d| d[1] = (d[1] + 1).min(2)),
        Step::Goto(0),
    ];
    let transmit = vec![
        wait(e1),
        Step::Data(|d| d[0] += 1),
        notify(em),
        Step::Goto(0),
    ];
    let out = explore(&sc, &p, &[main, master, transmit], 10_000);
    assert_eq!(out.violations, 0, "token_ring.01 is safe");
    assert!(out.events.iter().any(|e| e.contains("wakes transmit1")));
    assert!(out.events.iter().any(|e| e.contains("wakes master")));
    assert!(out
        .events
        .iter()
        .any(|e| e.starts_with("simulation ends") && e.ends_with("main resumes")));
    // every run ends with the simulation over and main finished
    assert!(!out.finals.is_empty());
    assert!(out.finals.iter().all(|s| s.ended));
    // no delta cycle / time step in this model: all notifications are immediate
    assert!(!out
        .events
        .iter()
        .any(|e| e.starts_with("delta cycle") || e.starts_with("time advances")));
}

/// transmitter.01: master notifies E_1 immediately, then waits for the clock (a timed wait);
/// transmit1 waits for E_1 and then fails. Unsafe in both orders: when master runs first its
/// notification is lost and the error needs a time step (fire_time_events wakes master again).
#[test]
fn systemc_transmitter_reaches_the_error_through_a_time_step() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "master", "transmit1"], &["E_1"]);
    let e1 = obj(0);
    let main = vec![
        prim(with(pc(&sc, "sc_thread_create"), |c| {
            c.entry = Some(ThreadId(1))
        })),
        prim(with(pc(&sc, "sc_thread_create"), |c| {
            c.entry = Some(ThreadId(2))
        })),
        prim(pc(&sc, "sc_start")),
        Step::End,
    ];
    // data: [0] = time steps master saw (bounded), [1] = 1 when master ran first,
    // [2] = 1 once some thread ran
    let master = vec![
        Step::Data(|d| {
            if d[2] == 0 {
                d[1] = 1;
            }
            d[2] = 1;
        }),
        prim(with(pc(&sc, "sc_notify"), |c| c.object = Some(e1))),
        prim(with(pc(&sc, "sc_wait_time"), |c| c.time = Some(1))),
        Step::Data(|d| d[0] = (d[0] + 1).min(3)),
        Step::Goto(1),
    ];
    let transmit = vec![
        Step::Data(|d| d[2] = 1),
        prim(with(pc(&sc, "sc_wait"), |c| c.object = Some(e1))),
        // error() reached: classify the run
        Step::Check(|d| d[1] != 0), // fails: transmit1 ran first
        Step::Check(|d| !(d[1] == 1 && d[0] >= 1)), // fails: master first, after a time step
        Step::Check(|d| !(d[1] == 1 && d[0] == 0)), // would fail: master first, no time step
        Step::End,
    ];
    let out = explore(&sc, &p, &[main, master, transmit], 10_000);
    assert!(out.failed.contains(&(2, 2)), "{:?}", out.failed);
    assert!(out.failed.contains(&(2, 3)), "{:?}", out.failed);
    assert!(!out.failed.contains(&(2, 4)), "{:?}", out.failed);
    assert!(out
        .events
        .iter()
        .any(|e| e.starts_with("time advances to 1: master unblocked")));
}

/// FreeRTOS: the high-priority task always runs before the low-priority one (a check that
/// `high done` precedes `low starts` never fails), and a delayed high task lets low run, then
/// preempts it at the right tick.
#[test]
fn freertos_priorities_in_an_exploration() {
    let fr = spec("freertos");
    let p = mkprog(&["main", "low", "high"], &["x"]);
    let create = |e: u32, pr: i128| {
        prim(with(pc(&fr, "xTaskCreate"), |c| {
            c.entry = Some(ThreadId(e));
            c.priority = Some(pr);
        }))
    };
    let main = vec![
        create(1, 1),
        create(2, 2),
        prim(pc(&fr, "vTaskStartScheduler")),
        Step::End,
    ];
    // data: [0] = 1 once high finished its first part, [1] = ticks low observed, [2] = high woke
    let low = vec![
        Step::Check(|d| d[0] == 1),
        Step::Touch,
        Step::Data(|d| d[1] = (d[1] + 1).min(5)),
        Step::Goto(1),
    ];
    let high = vec![
        Step::Data(|d| d[0] = 1),
        prim(with(pc(&fr, "vTaskDelay"), |c| c.time = Some(2))),
        Step::Data(|d| d[2] = 1),
        Step::End,
    ];
    let out = explore(&fr, &p, &[main, low, high], 20_000);
    assert_eq!(out.violations, 0, "low never runs before high");
    assert!(out.events.iter().any(|e| e.starts_with("tick 1")));
    assert!(
        out.events
            .iter()
            .any(|e| e.starts_with("tick 2: high unblocked; switch low -> high")),
        "{:?}",
        out.events
            .iter()
            .filter(|e| e.starts_with("tick"))
            .collect::<Vec<_>>()
    );
}

/// pthreads: two threads incrementing a shared counter without a lock lose an update in some
/// interleaving; with a mutex they never do.
#[test]
fn pthread_lost_update_and_mutex() {
    let pt = spec("pthread");
    let p = mkprog(&["main", "w1", "w2"], &["m"]);
    let create = |e: u32| {
        prim(with(pc(&pt, "pthread_create"), |c| {
            c.entry = Some(ThreadId(e))
        }))
    };
    let join = |h: usize| {
        prim(with(pc(&pt, "pthread_join"), |c| {
            c.object = Some(SchedState::empty(32).handle(HandleKind::Thread, h))
        }))
    };
    let main = vec![
        create(1),
        create(2),
        join(1),
        join(2),
        Step::Check(|d| d[0] == 2),
        Step::End,
    ];
    // worker: tmp = x (d[1] or d[2]); x = tmp + 1
    let w1 = vec![
        Step::Data(|d| d[1] = d[0]),
        Step::Data(|d| d[0] = d[1] + 1),
        Step::End,
    ];
    let w2 = vec![
        Step::Data(|d| d[2] = d[0]),
        Step::Data(|d| d[0] = d[2] + 1),
        Step::End,
    ];
    let out = explore(&pt, &p, &[main.clone(), w1, w2], 20_000);
    assert!(out.violations > 0, "lost update found");
    let lock = prim(with(pc(&pt, "pthread_mutex_lock"), |c| {
        c.object = Some(obj(0))
    }));
    let unlock = prim(with(pc(&pt, "pthread_mutex_unlock"), |c| {
        c.object = Some(obj(0))
    }));
    let w1 = vec![
        lock.clone(),
        Step::Data(|d| d[1] = d[0]),
        Step::Data(|d| d[0] = d[1] + 1),
        unlock.clone(),
        Step::End,
    ];
    let w2 = vec![
        lock,
        Step::Data(|d| d[2] = d[0]),
        Step::Data(|d| d[0] = d[2] + 1),
        unlock,
        Step::End,
    ];
    let out = explore(&pt, &p, &[main, w1, w2], 20_000);
    assert_eq!(out.violations, 0, "the mutex prevents the lost update");
    assert!(out.finals.iter().all(all_finished));
}

#[test]
fn timed_notify_value_type() {
    // a negative time is treated as zero (delta)
    let sc = spec("systemc");
    let p = mkprog(&["main"], &["e"]);
    let st = initial(&sc, &p).unwrap();
    let c = with(pc(&sc, "sc_notify_time"), |c| {
        c.object = Some(obj(0));
        c.time = Some(-3);
    });
    assert_eq!(run1(&sc, &st, &c).1.events[0].pending, Pending::Delta);
}

#[test]
fn objects_are_ordered_by_key_not_by_first_use() {
    // Two interleavings that first touch the events (conditions, mutexes) in different orders
    // reach equal scheduler states; the waiting threads' indices follow the insertion.
    let ti = ThreadInfo::new(ThreadId(0), ThreadStatus::Runnable, 0);
    let mut a = SchedState::empty(32);
    let mut b = SchedState::empty(32);
    for st in [&mut a, &mut b] {
        st.add_thread(ti).unwrap();
        st.add_thread(ti).unwrap();
    }
    let e = a.event_or_create(obj(2)).unwrap();
    a.threads[1].status = ThreadStatus::Waiting { event: e };
    let c = a.cond_or_create(obj(5)).unwrap();
    a.threads[0].status = ThreadStatus::WaitingCond { cond: c };
    a.event_or_create(obj(1)).unwrap();
    a.cond_or_create(obj(4)).unwrap();
    a.add_mutex(Some(obj(7))).unwrap();
    a.add_mutex(Some(obj(6))).unwrap();

    b.event_or_create(obj(1)).unwrap();
    let e = b.event_or_create(obj(2)).unwrap();
    b.threads[1].status = ThreadStatus::Waiting { event: e };
    b.cond_or_create(obj(4)).unwrap();
    let c = b.cond_or_create(obj(5)).unwrap();
    b.threads[0].status = ThreadStatus::WaitingCond { cond: c };
    b.add_mutex(Some(obj(6))).unwrap();
    b.add_mutex(Some(obj(7))).unwrap();

    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(a.threads[1].status, ThreadStatus::Waiting { event: 1 });
    assert_eq!(a.events[1].key, obj(2));
    assert_eq!(a.threads[0].status, ThreadStatus::WaitingCond { cond: 1 });
    assert_eq!(a.event_index(obj(1)), Some(0));
    assert_eq!(a.mutex_index(obj(6)), Some(0));
}

/// A loop counter indexing a handle array (`pthread_create(&t[i], ...)`, `pthread_join(t[i])`)
/// is tracked exactly: the computed address binds to the right cell, the join to the right
/// handle, and an assume over the counter is decided by the recorded value.
#[test]
fn binder_resolves_computed_handle_addresses() {
    let pt = spec("pthread");
    let ut = Type::int(32, false);
    // object 0: `t`, two cells (VarId 0 at +0, VarId 1 at +4)
    let mut p = mkprog(&["main", "worker"], &["t0"]);
    let t1 = add_var(&mut p, "t1", ut, Scope::Global, Some(0));
    p.vars[0].ty = ut;
    p.objects[0].size = 8;
    p.objects[0].cells.push((4, t1));
    let i = add_var(&mut p, "i", int(), Scope::Local(ThreadId(0)), None);
    let addr = Expr::bin(
        BinOp::Add,
        Expr::Const(obj(0), ut),
        Expr::bin(BinOp::Mul, Expr::cast(ut, Expr::Var(i)), Expr::Const(4, ut)),
    );
    let create = Op::Call {
        func: "pthread_create".into(),
        args: vec![
            CallArg::Value(addr),
            cptr(0),
            CallArg::Thread(ThreadId(1)),
            cptr(0),
        ],
        ret: None,
        may_write: vec![VarId(0), t1],
    };
    let handle = Expr::ite(
        Expr::bin(BinOp::Lt, Expr::Var(i), Expr::Const(1, int())),
        Expr::Var(VarId(0)),
        Expr::Var(t1),
    );
    let join = call_op("pthread_join", vec![CallArg::Value(handle), cptr(0)], None);
    let step = Op::Assign(
        i,
        Expr::bin(BinOp::Add, Expr::Var(i), Expr::Const(1, int())),
    );
    p.threads[0] = cfg(
        "main",
        vec![
            Op::Assign(i, Expr::Const(0, int())),
            create.clone(),
            step.clone(),
            join.clone(),
        ],
    );
    let b = Binder::new(&pt, &p);
    assert!(b.is_tracked(i) && b.is_tracked(VarId(0)) && b.is_tracked(t1));
    let m = ThreadInstance::MAIN;
    let st = initial(&pt, &p).unwrap();
    assert!(matches!(
        b.bind(&create, &st, m),
        Err(BindError::NonConstant { .. })
    ));
    let s0 = b
        .track(&st, m, &Op::Assign(i, Expr::Const(1, int())))
        .unwrap()
        .unwrap();
    let c = b.bind(&create, &s0, m).unwrap().unwrap();
    assert_eq!(c.handle_out.map(|r| r.var), Some(t1), "&t[1]");
    let (_, s1) = run1(&pt, &s0, &c);
    let h = s1.handle(HandleKind::Thread, 1);
    assert_eq!(b.value(&s1, m, t1), Some(h));
    assert_eq!(b.bind(&join, &s1, m).unwrap().unwrap().object, Some(h));
    let s2 = b.track(&s1, m, &step).unwrap().unwrap();
    assert_eq!(b.value(&s2, m, i), Some(2));
    let cond = Expr::bin(BinOp::Lt, Expr::Var(i), Expr::Const(2, int()));
    assert_eq!(b.decide(&s2, m, &cond), Some(false));
    assert_eq!(b.decide(&s1, m, &cond), Some(true));
    assert_eq!(b.specialise(&s1, m, &cond), Expr::Const(1, Type::Bool));
}

/// `pthread_join(t[k], 0)` with an index the scheduler state does not know: the call splits
/// into one case per handle the array holds, each guarded by the selection of that handle; a
/// cell whose value is not known (a slot not written yet) keeps the call non-constant.
#[test]
fn binder_splits_a_join_at_an_unknown_index() {
    let pt = spec("pthread");
    let ut = Type::int(32, false);
    let mut p = mkprog(&["main", "worker"], &["t0"]);
    let t1 = add_var(&mut p, "t1", ut, Scope::Global, None);
    p.vars[0].ty = ut;
    p.objects[0].size = 8;
    p.objects[0].cells.push((4, t1));
    let k = add_var(&mut p, "k", int(), Scope::Local(ThreadId(0)), None);
    let create = |cell: VarId| Op::Call {
        func: "pthread_create".into(),
        args: vec![
            cptr(if cell == t1 { obj(0) + 4 } else { obj(0) }),
            cptr(0),
            CallArg::Thread(ThreadId(1)),
            cptr(0),
        ],
        ret: None,
        may_write: vec![cell],
    };
    let handle = Expr::ite(
        Expr::bin(BinOp::Lt, Expr::Var(k), Expr::Const(1, int())),
        Expr::Var(VarId(0)),
        Expr::Var(t1),
    );
    let join = call_op(
        "pthread_join",
        vec![CallArg::Value(handle.clone()), cptr(0)],
        None,
    );
    p.threads[0] = cfg(
        "main",
        vec![create(VarId(0)), create(t1), Op::Nondet(k), join.clone()],
    );
    let b = Binder::new(&pt, &p);
    assert!(b.is_tracked(k) && b.is_tracked(VarId(0)) && b.is_tracked(t1));
    let m = ThreadInstance::MAIN;
    let cases =
        |st: &SchedState| bind_cases(&pt, &join, &p, &|v| b.value(st, m, v), &|v| b.is_tracked(v));
    let st = initial(&pt, &p).unwrap();
    let c0 = b.bind(&create(VarId(0)), &st, m).unwrap().unwrap();
    let (_, s1) = run1(&pt, &st, &c0);
    let s1 = b.track(&s1, m, &Op::Nondet(k)).unwrap().unwrap_or(s1);
    // t[1] not written yet: its value is unknown, so is the join's target
    assert_eq!(b.value(&s1, m, t1), None);
    assert!(matches!(cases(&s1), Err(BindError::NonConstant { .. })));
    let c1 = b.bind(&create(t1), &s1, m).unwrap().unwrap();
    let (_, s2) = run1(&pt, &s1, &c1);
    let (h0, h1) = (
        s2.handle(HandleKind::Thread, 1),
        s2.handle(HandleKind::Thread, 2),
    );
    assert_eq!(b.value(&s2, m, VarId(0)), Some(h0));
    assert_eq!(b.value(&s2, m, t1), Some(h1));
    assert_eq!(b.value(&s2, m, k), None);
    assert!(matches!(
        b.bind(&join, &s2, m),
        Err(BindError::NonConstant { .. })
    ));
    let got = cases(&s2).unwrap();
    assert_eq!(got.len(), 2);
    for ((call, guard), h) in got.iter().zip([h0, h1]) {
        assert_eq!(call.as_ref().unwrap().object, Some(h));
        assert_eq!(
            guard.as_ref(),
            Some(&Expr::bin(BinOp::Eq, handle.clone(), Expr::Const(h, ut)))
        );
    }
    // a known index binds without a split
    let s3 = b
        .track(&s2, m, &Op::Assign(k, Expr::Const(1, int())))
        .unwrap()
        .unwrap();
    let got = cases(&s3).unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0.as_ref().unwrap().object, Some(h1));
    assert_eq!(got[0].1, None);
}

// ---------------------------------------------------------------------------------------------
// SystemC: update phase, methods, static sensitivity, event lists, timeouts, sc_stop.

/// main, t1, t2 spawned and started (t1 the last created before `sc_start`).
fn sc_started(sc: &SchedulerSpec, p: &Program, setup: &[PrimitiveCall]) -> SchedState {
    let mut st = spawn_all(sc, &initial(sc, p).unwrap(), &[(1, 0), (2, 0)]);
    for c in setup {
        st = run1(sc, &st, c).1;
    }
    run1(sc, &st, &pc(sc, "sc_start")).1
}

#[test]
fn systemc_update_text_shows_signal_values_given_by_the_replay() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["sig", "changed", "fifo"]);
    let st = sc_started(&sc, &p, &[]);
    let sig = with(pc(&sc, "__sc_signal_update"), |c| {
        c.object = Some(obj(0));
        c.flag = Some(1);
        c.events = vec![obj(1), 0, 0];
    });
    let fifo = with(pc(&sc, "__sc_request_update"), |c| {
        c.object = Some(obj(2));
        c.flag = Some(1);
        c.events = vec![obj(1), 0, 0];
    });
    let wait = with(pc(&sc, "sc_wait"), |c| c.object = Some(obj(1)));
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &wait);
    let st = switch_to(&st, ThreadInstance(1));
    let (rv, st) = run1(&sc, &st, &sig);
    assert_eq!(rv.ret, Some(1), "the first writer");
    let (_, st) = run1(&sc, &st, &fifo);
    let st = policy::thread_exit(&sc, &st, ThreadInstance(1)).unwrap();
    let outs = sched1(&sc, &st);
    let text = &outs[0].1.text;
    assert!(
        text.starts_with(
            "delta cycle 1 (update: sig -> notifies changed, fifo -> notifies changed)"
        ),
        "{text}"
    );
    // only the signal's value is shown (a plain channel's first cell is not a value)
    let value = |k: i128| Some(if k == obj(0) { 7 } else { 9 });
    let shown = crate::sched::systemc::with_update_values(&st, text, &value);
    assert!(
        shown.starts_with(
            "delta cycle 1 (update: sig = 7 -> notifies changed, fifo -> notifies changed)"
        ),
        "{shown}"
    );
    // a step without an update phase is unchanged
    assert_eq!(
        crate::sched::systemc::with_update_values(&outs[0].0, text, &value),
        *text
    );
}

/// The single successor of `sched` without a running thread; panics otherwise.
fn sched1(sc: &SchedulerSpec, st: &SchedState) -> Vec<(SchedState, SchedEvent)> {
    assert_eq!(running(st), None);
    sched(sc, st).unwrap()
}

#[test]
fn systemc_update_phase_precedes_the_delta_notification() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["sig", "changed"]);
    let st = sc_started(&sc, &p, &[]);
    let req = with(pc(&sc, "__sc_request_update"), |c| {
        c.object = Some(obj(0));
        c.flag = Some(1);
        c.events = vec![obj(1), 0, 0];
    });
    let pending = with(pc(&sc, "__sc_update_pending"), |c| c.object = Some(obj(0)));
    let wait = with(pc(&sc, "sc_wait"), |c| c.object = Some(obj(1)));
    // t2 waits for the value-changed event; t1 writes (requests the update)
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &wait);
    let (rv, st) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &pending);
    assert_eq!(rv.ret, Some(0));
    let (_, st) = run1(&sc, &st, &req);
    let (rv, st) = run1(&sc, &st, &pending);
    assert_eq!(rv.ret, Some(1), "a write is pending until the update phase");
    // t1 ends; the update phase commits the request, the delta cycle wakes t2
    let st = policy::thread_exit(&sc, &st, ThreadInstance(1)).unwrap();
    let outs = sched1(&sc, &st);
    assert_eq!(outs.len(), 1);
    let (s2, ev) = &outs[0];
    assert!(
        ev.text
            .starts_with("delta cycle 1 (update: sig -> notifies changed)"),
        "{}",
        ev.text
    );
    assert_eq!(running(s2), Some(ThreadInstance(2)));
    assert!(s2.sc.updates.is_empty());
    let (rv, _) = run1(&sc, s2, &pending);
    assert_eq!(rv.ret, Some(0), "committed");
    // a request without events (the value did not change) notifies nothing
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &wait);
    let st = switch_to(&st, ThreadInstance(0));
    let (_, st) = run1(&sc, &st, &with(req.clone(), |c| c.flag = Some(0)));
    let st = policy::thread_exit(&sc, &st, ThreadInstance(0)).unwrap();
    let outs = sched(&sc, &st).unwrap();
    assert!(outs.iter().all(|(s, _)| s.sc.updates.is_empty()));
    assert!(outs
        .iter()
        .all(|(s, _)| status(s, 2) != ThreadStatus::Runnable
            && running(s) != Some(ThreadInstance(2))));
}

#[test]
fn systemc_methods_restart_and_wait_for_their_sensitivity() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "m"], &["e", "f"]);
    let sens = with(pc(&sc, "sc_sensitive"), |c| c.object = Some(obj(0)));
    // m (the last created) is a method sensitive to e, not initialized
    let st = sc_started(
        &sc,
        &p,
        &[
            pc(&sc, "__sc_make_method"),
            sens,
            pc(&sc, "sc_dont_initialize"),
        ],
    );
    assert_eq!(status(&st, 2), ThreadStatus::WaitingList { all: false });
    assert_eq!(dispatched(&sc, &st), vec![1]);
    // t1 notifies e immediately: m runs, restarted at its entry
    let notify = with(pc(&sc, "sc_notify"), |c| c.object = Some(obj(0)));
    let (rv, st) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &notify);
    assert!(rv.label.contains("wakes m"), "{}", rv.label);
    let st = policy::thread_exit(&sc, &st, ThreadInstance(1)).unwrap();
    let outs = sched1(&sc, &st);
    assert_eq!(outs.len(), 1);
    assert_eq!(outs[0].1.restart(), Some(ThreadInstance(2)));
    let st = outs[0].0.clone();
    // a wait in a method is a misuse
    let wait = with(pc(&sc, "sc_wait"), |c| c.object = Some(obj(1)));
    assert!(sexec(&sc, &st, &wait).is_err());
    // next_trigger(f): when it returns, m waits for f (not its static sensitivity)
    let nt = with(pc(&sc, "sc_next_trigger_any"), |c| {
        c.events = vec![obj(1), 0, 0, 0];
        c.time = Some(-1);
    });
    let (_, st) = run1(&sc, &st, &nt);
    let st = policy::thread_exit(&sc, &st, ThreadInstance(2)).unwrap();
    assert_eq!(status(&st, 2), ThreadStatus::WaitingList { all: false });
    assert_eq!(st.sc.waits.to_vec(), vec![(ThreadInstance(2), obj(1))]);
    // the next activation without next_trigger falls back to the static sensitivity
    let mut s = st.clone();
    s.thread_mut(ThreadInstance(2)).status = ThreadStatus::Running;
    s.sc.waits.clear();
    let s = policy::thread_exit(&sc, &s, ThreadInstance(2)).unwrap();
    assert_eq!(s.sc.waits.to_vec(), vec![(ThreadInstance(2), obj(0))]);
}

#[test]
fn systemc_and_lists_and_timeouts() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["e", "f"]);
    let st = sc_started(&sc, &p, &[]);
    let all = with(pc(&sc, "sc_wait_all"), |c| {
        c.events = vec![obj(0), obj(1), 0, 0];
        c.time = Some(-1);
    });
    let notify = |k| with(pc(&sc, "sc_notify"), |c| c.object = Some(k));
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &all);
    let (_, s1) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &notify(obj(0)));
    assert_eq!(
        status(&s1, 1),
        ThreadStatus::WaitingList { all: true },
        "e & f: e alone does not wake"
    );
    let (rv, s2) = run1(&sc, &s1, &notify(obj(1)));
    assert!(rv.label.contains("wakes t1"), "{}", rv.label);
    assert_eq!(status(&s2, 1), ThreadStatus::Runnable);
    // wait(10, e): the timeout wakes it with timed_out() true
    let to = with(pc(&sc, "sc_wait_any"), |c| {
        c.events = vec![obj(0), 0, 0, 0];
        c.time = Some(10);
    });
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &to);
    let mut st = st;
    st.thread_mut(ThreadInstance(1)).status = ThreadStatus::Finished;
    st.sc.waits.retain(|(t, _)| *t != ThreadInstance(1));
    let outs = sched1(&sc, &st);
    assert_eq!(outs.len(), 1);
    assert!(
        outs[0].1.text.starts_with("time advances to 10"),
        "{}",
        outs[0].1.text
    );
    let (rv, _) = run1(&sc, &outs[0].0, &pc(&sc, "sc_timed_out"));
    assert_eq!(rv.ret, Some(1));
    // notified before the timeout: timed_out() false, no timeout left
    let (_, s3) = run1(&sc, &switch_to(&st, ThreadInstance(0)), &notify(obj(0)));
    assert_eq!(s3.thread(ThreadInstance(2)).deadline, None);
    let (rv, _) = run1(
        &sc,
        &switch_to(&s3, ThreadInstance(2)),
        &pc(&sc, "sc_timed_out"),
    );
    assert_eq!(rv.ret, Some(0));
}

#[test]
fn systemc_no_timeout_is_the_largest_time_only() {
    // sc_time is unsigned: SC_NO_TIMEOUT ((sc_time)-1, u64::MAX) and a signed C model's -1 mean
    // no timeout; any other time, however large (a wrapped-around difference), is a timeout:
    // beyond the time bound it is an error, never silently none
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1"], &["e"]);
    let st = switch_to(&sc_started(&sc, &p, &[]), ThreadInstance(1));
    let wait_for = |t: i128| {
        with(pc(&sc, "sc_wait_any"), |c| {
            c.events = vec![obj(0), 0, 0, 0];
            c.time = Some(t);
        })
    };
    for none in [u64::MAX as i128, -1] {
        let (_, s) = run1(&sc, &st, &wait_for(none));
        assert_eq!(s.thread(ThreadInstance(1)).deadline, None);
    }
    assert!(sexec(&sc, &st, &wait_for(u64::MAX as i128 - 1)).is_err());
    assert!(sexec(&sc, &st, &wait_for(-2)).is_err());
    let (_, s) = run1(&sc, &st, &wait_for(10));
    assert_eq!(s.thread(ThreadInstance(1)).deadline, Some(10));
}

#[test]
fn systemc_stop_ends_the_simulation_after_the_update_phase() {
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["e"]);
    let st = sc_started(&sc, &p, &[]);
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &pc(&sc, "sc_stop"));
    let st = policy::thread_exit(&sc, &st, ThreadInstance(1)).unwrap();
    // t2 is still runnable: the evaluation phase completes first
    assert_eq!(dispatched(&sc, &st), vec![2]);
    let mut s = st.clone();
    s.thread_mut(ThreadInstance(2)).status = ThreadStatus::Sleeping { until: 5 };
    let outs = sched1(&sc, &s);
    assert_eq!(outs.len(), 1);
    assert_eq!(outs[0].1.kind, SchedEventKind::SimulationEnd);
    assert_eq!(running(&outs[0].0), Some(ThreadInstance::MAIN));
    assert_eq!(status(&outs[0].0, 2), ThreadStatus::Finished);
}

#[test]
fn systemc_start_zero_runs_one_delta_cycle() {
    // sc_start(SC_ZERO_TIME): t1 waits on e; t2 notifies e for the next delta and sleeps 5;
    // after the evaluation phase the delta notification wakes t1 (runnable, not run) and main
    // resumes at the same time; t2's timed wait is still pending
    let sc = spec("systemc");
    let p = mkprog(&["main", "t1", "t2"], &["e"]);
    let mut st = spawn_all(&sc, &initial(&sc, &p).unwrap(), &[(1, 0), (2, 0)]);
    st = run1(
        &sc,
        &st,
        &with(pc(&sc, "sc_start_time"), |c| c.time = Some(0)),
    )
    .1;
    assert!(st.sc.once);
    let wait = with(pc(&sc, "sc_wait"), |c| c.object = Some(obj(0)));
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(1)), &wait);
    let notify = with(pc(&sc, "sc_notify_delta"), |c| c.object = Some(obj(0)));
    let (_, st) = run1(&sc, &switch_to(&st, ThreadInstance(2)), &notify);
    let sleep = with(pc(&sc, "sc_wait_time"), |c| c.time = Some(5));
    let (_, st) = run1(&sc, &st, &sleep);
    let outs = sched1(&sc, &st);
    assert_eq!(outs.len(), 1);
    let (after, ev) = &outs[0];
    assert_eq!(ev.kind, SchedEventKind::SimulationEnd, "{}", ev.text);
    assert_eq!(running(after), Some(ThreadInstance::MAIN));
    assert_eq!(status(after, 1), ThreadStatus::Runnable, "woken, not run");
    assert_eq!(after.now, st.now, "time does not advance");
    assert!(!after.sc.once);
    // without the zero duration the same state runs t1 in the next delta cycle
    let mut plain = st.clone();
    plain.sc.once = false;
    assert_eq!(dispatched(&sc, &plain), vec![1]);
}

#[test]
fn systemc_times_print_with_the_largest_exact_unit() {
    let mut spec = spec("systemc");
    assert_eq!(spec.fmt_time(1000), "1000", "no unit before configuration");
    spec.time_unit_fs = Some(1000); // 1 ps resolution
    assert_eq!(spec.fmt_time(0), "0 s");
    assert_eq!(spec.fmt_time(10_000), "10 ns");
    assert_eq!(spec.fmt_time(1_500), "1500 ps");
    assert_eq!(spec.fmt_time(3_000_000_000), "3 ms");
    spec.time_unit_fs = Some(1_000_000); // 1 ns resolution
    assert_eq!(spec.fmt_time(25), "25 ns");
    assert_eq!(spec.fmt_time(2_000_000_000), "2 s");
}

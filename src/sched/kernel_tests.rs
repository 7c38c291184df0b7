//! Unit tests for the FreeRTOS-Kernel support: `[dispatch]`, `[config]`, `[api]` and
//! `[macros]` in descriptions, `prepare`, and the actions the kernel's API needs
//! (interrupt masking, recursive mutexes, overwrite, sends on semaphore handles).

use super::prepare::prepare;
use super::spec::{api_families, fixed_macros, macro_eval, macro_int, Returns};
use super::*;
use crate::diag::Loc;
use crate::ir::{CallArg, Cfg, Edge, EdgeId, Expr, LocId, Op, Program, ThreadId, Type};

fn freertos() -> SchedulerSpec {
    SchedulerSpec::builtin("freertos").unwrap()
}

fn call(func: &str, args: Vec<i128>) -> Op {
    Op::Call {
        func: func.to_string(),
        args: args
            .into_iter()
            .map(|v| CallArg::Value(Expr::Const(v, Type::int(32, true))))
            .collect(),
        ret: None,
        may_write: Vec::new(),
    }
}

fn program(ops: Vec<Op>) -> Program {
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
    let mut out = vec![Vec::new(); n as usize + 2];
    for i in 0..n {
        out[i as usize].push(EdgeId(i));
    }
    Program {
        vars: Vec::new(),
        objects: Vec::new(),
        threads: vec![Cfg {
            name: "main".into(),
            num_locs: n + 2,
            entry: LocId(0),
            exit: LocId(n),
            error: LocId(n + 1),
            edges,
            out,
            loc_src: vec![Loc::default(); n as usize + 2],
            loc_func: vec!["main".into(); n as usize + 2],
            loops: Vec::new(),
            param: None,
            param2: None,
            ret: None,
        }],
        pointer_bits: 32,
        target: "ilp32".into(),
        floats: Default::default(),
    }
}

fn func_of(op: &Op) -> String {
    match op {
        Op::Call { func, .. } => func.clone(),
        Op::Unsupported(m) => format!("unsupported: {m}"),
        other => format!("{other:?}"),
    }
}

#[test]
fn generic_calls_are_renamed_after_their_selector() {
    let spec = freertos();
    let mut p = program(vec![
        call("xQueueGenericSend", vec![1, 0, 5, 0]),
        call("xQueueGenericSend", vec![1, 0, 5, 1]),
        call("xQueueGenericSend", vec![1, 0, 0, 2]),
        call("xQueueGenericCreate", vec![2, 4, 0]),
        call("xQueueGenericCreate", vec![1, 0, 3]),
        call("xQueueCreateMutex", vec![1]),
        call("xQueueCreateMutex", vec![4]),
    ]);
    let r = prepare(&mut p, &spec, &api_families(None));
    let names: Vec<String> = p.threads[0].edges.iter().map(|e| func_of(&e.op)).collect();
    assert_eq!(
        names,
        [
            "xQueueSendToBack",
            "xQueueSendToFront",
            "xQueueOverwrite",
            "xQueueCreate",
            "xSemaphoreCreateBinary",
            "xSemaphoreCreateMutex",
            "xSemaphoreCreateRecursiveMutex"
        ]
    );
    assert_eq!(r.dispatched, 7);
    assert!(r.warnings.is_empty());
}

#[test]
fn unmapped_selectors_and_api_functions_become_unsupported_with_a_warning() {
    let spec = freertos();
    let mut p = program(vec![
        call("xQueueGenericSend", vec![1, 0, 5, 7]),
        call("vStreamBufferSetStreamBufferNotificationIndex", vec![1, 1]),
        call("vStreamBufferSetStreamBufferNotificationIndex", vec![1, 1]),
        call("my_driver_read", vec![]),
        call("vTaskDelay", vec![1]),
    ]);
    let r = prepare(&mut p, &spec, &api_families(None));
    let names: Vec<String> = p.threads[0].edges.iter().map(|e| func_of(&e.op)).collect();
    assert!(names[0].starts_with("unsupported: ") && names[0].contains("selector 7"));
    assert!(
        names[1].starts_with("unsupported: ")
            && names[1].contains("vStreamBufferSetStreamBufferNotificationIndex")
    );
    assert!(names[2].starts_with("unsupported: "));
    // not an API name, and a mapped primitive: unchanged
    assert_eq!(names[3], "my_driver_read");
    assert_eq!(names[4], "vTaskDelay");
    // one warning per function / selector
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
    assert!(r.warnings[1]
        .message
        .contains("vStreamBufferSetStreamBufferNotificationIndex"));
    // a pthread function under the FreeRTOS description is also reported
    let mut q = program(vec![call("pthread_rwlock_rdlock", vec![0])]);
    let r = prepare(&mut q, &spec, &api_families(None));
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn configuration_macros_override_the_description() {
    let macros = |v: &[(&str, &str)]| {
        let mut m: Vec<(String, String)> = v
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        m.sort();
        m
    };
    let mut s = freertos();
    assert!(s.preemption.time_slicing && s.priorities.inheritance);
    let notes = s
        .configure(&macros(&[
            ("configMAX_PRIORITIES", "( 7 )"),
            ("configUSE_TIME_SLICING", "0"),
            ("configUSE_MUTEXES", "( ( UBaseType_t ) 0U )"),
            ("configUSE_PREEMPTION", "1"),
            ("unrelated", "x + 1"),
        ]))
        .unwrap();
    assert_eq!(s.priorities.levels, 7);
    assert!(!s.preemption.time_slicing);
    assert!(!s.priorities.inheritance);
    assert_eq!(notes.len(), 3);
    // cooperative scheduling: switches only where the running task blocks or yields
    let mut s = freertos();
    s.configure(&macros(&[("configUSE_PREEMPTION", "0")]))
        .unwrap();
    assert_eq!(s.preemption.at, spec::PreemptAt::YieldOnly);
    // a non-constant value is not guessed
    let mut s = freertos();
    assert!(s
        .configure(&macros(&[("configMAX_PRIORITIES", "N + 1")]))
        .is_err());
    assert!(s
        .configure(&macros(&[("configMAX_PRIORITIES", "0")]))
        .is_err());
    // no macros: the description's defaults
    let mut s = freertos();
    assert!(s.configure(&[]).unwrap().is_empty());
    assert_eq!(s, freertos());
}

#[test]
fn macro_values() {
    assert_eq!(macro_int("5"), Some(5));
    assert_eq!(macro_int("( ( TickType_t ) 1000 )"), Some(1000));
    assert_eq!(macro_int("0x50UL"), Some(0x50));
    assert_eq!(macro_int("010"), Some(8));
    assert_eq!(macro_int("( 5 << 4 )"), None);
    assert_eq!(macro_int("-1"), None);
    assert_eq!(macro_int(""), None);
    let ms: Vec<(String, String)> = vec![
        ("configMAX_PRIORITIES".into(), "( 5 )".into()),
        ("configPRIO_BITS".into(), "4".into()),
    ];
    assert_eq!(macro_eval("( configMAX_PRIORITIES - 1 )", &ms, 0), Some(4));
    assert_eq!(
        macro_eval("( 5 << (8 - configPRIO_BITS) )", &ms, 0),
        Some(80)
    );
    assert_eq!(macro_eval("((UBaseType_t) 2U) * 3 + 1", &ms, 0), Some(7));
    assert_eq!(macro_eval("1 | 2 & 3 ^ 4", &ms, 0), Some(1 | (2 & 3) ^ 4));
    assert_eq!(macro_eval("configUNKNOWN + 1", &ms, 0), None);
    assert_eq!(macro_eval("1 / 0", &ms, 0), None);
    assert_eq!(macro_eval("x()", &ms, 0), None);
}

#[test]
fn descriptions_declare_port_macros_and_api_families() {
    let m = fixed_macros(None);
    assert!(m.iter().any(|(n, _)| n == "portYIELD()"));
    assert!(m
        .iter()
        .any(|(n, b)| n == "configASSERT(x)" && b.contains("__assert_fail")));
    let f = api_families(None);
    assert!(f.contains(&"pthread_*".to_string()) && f.contains(&"xQueue*".to_string()));
    // every macro body calls only mapped functions or schedmc builtins
    let s = freertos();
    for (_, body) in &s.macros {
        for w in body.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if w.starts_with("__schedmc_") {
                assert!(s.primitive(w).is_some(), "{w} is not mapped");
            }
        }
    }
}

#[test]
fn dispatch_tables_are_validated() {
    let bad = r#"
name = "x"
policy = "fixed-priority-preemptive"
[primitives]
give = { action = "sem-give", object = 0 }
[dispatch]
generic = { select = 1, cases = { 0 = "give", 1 = "missing" } }
"#;
    let e = SchedulerSpec::parse(bad, "x.toml", "x.toml").unwrap_err();
    assert!(e.message.contains("missing"), "{}", e.message);
    let bad = bad.replace("1 = \"missing\"", "one = \"give\"");
    let e = SchedulerSpec::parse(&bad, "x.toml", "x.toml").unwrap_err();
    assert!(e.message.contains("not an integer"), "{}", e.message);
    let bad = r#"
name = "x"
policy = "cooperative"
[primitives]
restore = { action = "interrupts-restore" }
"#;
    let e = SchedulerSpec::parse(bad, "x.toml", "x.toml").unwrap_err();
    assert!(e.message.contains("mask"), "{}", e.message);
}

/// The state after `main` created `n` mutex/semaphore objects with `creates` and started
/// the scheduler with one task of priority 1 (instance 1, running).
fn started(spec: &SchedulerSpec, creates: &[&str]) -> (SchedState, Vec<i128>) {
    let mut st = initial(spec, &program(vec![])).unwrap();
    let mut handles = Vec::new();
    for c in creates {
        let p = spec.primitive(c).unwrap();
        let mut pc = PrimitiveCall::new(c, p.action, p.returns);
        pc.max = Some(2);
        pc.initial = Some(0);
        pc.length = Some(1);
        pc.item_size = Some(4);
        let (rv, s) = sexec(spec, &st, &pc).unwrap().pop().unwrap();
        handles.push(rv.ret.unwrap());
        st = s;
    }
    let mut sp = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
    sp.entry = Some(ThreadId(0));
    sp.priority = Some(1);
    st = sexec(spec, &st, &sp).unwrap().pop().unwrap().1;
    let start = PrimitiveCall::new("vTaskStartScheduler", Action::Start, Returns::None);
    st = sexec(spec, &st, &start).unwrap().pop().unwrap().1;
    let (s, _) = sched(spec, &st).unwrap().remove(0);
    assert!(running(&s).is_some());
    (s, handles)
}

fn prim(spec: &SchedulerSpec, name: &str, f: impl FnOnce(&mut PrimitiveCall)) -> PrimitiveCall {
    let p = spec.primitive(name).unwrap();
    let mut c = PrimitiveCall::new(name, p.action, p.returns);
    c.recursive = p.args.recursive;
    c.overwrite = p.args.overwrite;
    c.peek = p.args.peek;
    c.front = p.args.front;
    f(&mut c);
    c
}

fn one(spec: &SchedulerSpec, st: &SchedState, c: &PrimitiveCall) -> (Option<i128>, SchedState) {
    let mut v = sexec(spec, st, c).unwrap_or_else(|e| panic!("{}: {e}", c.func));
    assert_eq!(v.len(), 1);
    let (rv, s) = v.pop().unwrap();
    (rv.ret, s)
}

#[test]
fn interrupt_masking_nests_with_critical_sections() {
    let spec = freertos();
    let (st, _) = started(&spec, &[]);
    let disable = prim(&spec, "__schedmc_interrupts_disable", |_| {});
    let restore = |m| prim(&spec, "__schedmc_interrupts_restore", |c| c.mask = Some(m));
    let enter = prim(&spec, "__schedmc_critical_enter", |_| {});
    let exit = prim(&spec, "__schedmc_critical_exit", |_| {});
    // disable returns the previous mask; restore(previous) keeps or clears it
    let (prev, s1) = one(&spec, &st, &disable);
    assert_eq!(prev, Some(0));
    assert!(s1.critical != 0);
    let (prev2, s2) = one(&spec, &s1, &disable);
    assert_eq!(prev2, Some(1));
    let (_, s3) = one(&spec, &s2, &restore(1));
    assert!(s3.critical != 0);
    let (_, s4) = one(&spec, &s3, &restore(0));
    assert_eq!(s4.critical, 0);
    // leaving the outermost critical section unmasks, as the ports do
    let (_, c1) = one(&spec, &st, &enter);
    let (_, c2) = one(&spec, &c1, &disable);
    let (_, c3) = one(&spec, &c2, &exit);
    assert_eq!(c3.critical, 0);
    // unmasking inside a critical section is not modelled
    assert!(sexec(&spec, &c2, &restore(0)).is_err());
    // leaving a critical section never entered is a misuse, even with interrupts masked
    assert!(sexec(&spec, &s1, &exit).is_err());
}

#[test]
fn cooperative_ticks_advance_time_without_preempting() {
    let mut coop = freertos();
    coop.configure(&[("configUSE_PREEMPTION".to_string(), "0".to_string())])
        .unwrap();
    let (st, _) = started(&coop, &[]);
    // a second, higher-priority task sleeping for one tick
    let mut sp = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
    sp.entry = Some(ThreadId(0));
    sp.priority = Some(3);
    let (_, st) = one(&coop, &st, &sp);
    let low = running(&st).unwrap();
    let high = ThreadInstance(st.threads.len() as u8 - 1);
    let mut s2 = st.clone();
    s2.thread_mut(high).status = ThreadStatus::Sleeping { until: 1 };
    assert!(is_preemption_point(
        &coop,
        &s2,
        &call("vTaskDelay", vec![1]),
        &program(vec![])
    ));
    let succ = preempt(&coop, &s2).unwrap();
    // the tick wakes the high task, but the low one keeps running
    assert!(succ.iter().all(|(s, _)| running(s) == Some(low)));
    assert!(succ
        .iter()
        .any(|(s, _)| s.thread(high).status == ThreadStatus::Runnable));
    // preemptive: the tick switches to the high task
    let pre = freertos();
    let succ = preempt(&pre, &s2).unwrap();
    assert!(succ.iter().any(|(s, _)| running(s) == Some(high)));
    // a yield of the low task lets the high one run
    let ticked = preempt(&coop, &s2)
        .unwrap()
        .into_iter()
        .map(|(s, _)| s)
        .find(|s| s.thread(high).status == ThreadStatus::Runnable)
        .unwrap();
    let y = prim(&coop, "__schedmc_yield", |_| {});
    let (_, yielded) = one(&coop, &ticked, &y);
    let (next, _) = sched(&coop, &yielded).unwrap().remove(0);
    assert_eq!(running(&next), Some(high));
}

#[test]
fn recursive_mutexes_count_their_takes() {
    let spec = freertos();
    let (st, h) = started(&spec, &["xSemaphoreCreateRecursiveMutex"]);
    let m = h[0];
    let take = prim(&spec, "xQueueTakeMutexRecursive", |c| {
        c.object = Some(m);
        c.timeout = Some(Timeout::Ticks(0));
    });
    let give = prim(&spec, "xQueueGiveMutexRecursive", |c| c.object = Some(m));
    let (r1, s1) = one(&spec, &st, &take);
    let (r2, s2) = one(&spec, &s1, &take);
    assert_eq!((r1, r2), (Some(1), Some(1)));
    let (g1, s3) = one(&spec, &s2, &give);
    assert_eq!(g1, Some(1));
    assert!(s3.mutexes[0].owner.is_some(), "still held once");
    let (g2, s4) = one(&spec, &s3, &give);
    assert_eq!(g2, Some(1));
    assert!(s4.mutexes[0].owner.is_none());
    // giving a mutex one does not hold fails
    let (g3, _) = one(&spec, &s4, &give);
    assert_eq!(g3, Some(0));
    // a plain (non-recursive) take by the owner does not succeed at once
    let plain = prim(&spec, "xSemaphoreTake", |c| {
        c.object = Some(m);
        c.timeout = Some(Timeout::Ticks(0));
    });
    let (p, _) = one(&spec, &s1, &plain);
    assert_eq!(p, Some(0));
}

#[test]
fn sends_on_semaphores_give_and_overwrite_replaces_the_item() {
    let spec = freertos();
    let (st, h) = started(&spec, &["xSemaphoreCreateBinary", "xQueueCreate"]);
    let (sem, q) = (h[0], h[1]);
    let null = Expr::Const(0, Type::int(32, false));
    let give = prim(&spec, "xQueueSendToBack", |c| {
        c.object = Some(sem);
        c.item = Some(null.clone());
        c.timeout = Some(Timeout::Ticks(0));
    });
    let (ok, s1) = one(&spec, &st, &give);
    assert_eq!(ok, Some(1));
    assert_eq!(s1.semaphores[0].count, 1);
    let (full, _) = one(&spec, &s1, &give);
    assert_eq!(
        full,
        Some(0),
        "a binary semaphore given twice: the second give fails"
    );
    let item = Expr::Const(0x1000, Type::int(32, false));
    let ow = prim(&spec, "xQueueOverwrite", |c| {
        c.object = Some(q);
        c.item = Some(item.clone());
    });
    let mut v = sexec(&spec, &st, &ow).unwrap();
    let (rv1, q1) = v.pop().unwrap();
    assert_eq!(rv1.ret, Some(1));
    assert_eq!(q1.queues[0].count, 1);
    let mut v = sexec(&spec, &q1, &ow).unwrap();
    let (rv2, q2) = v.pop().unwrap();
    assert_eq!(rv2.ret, Some(1), "overwriting a full mailbox succeeds");
    assert_eq!(q2.queues[0].count, 1);
    assert_eq!(rv2.copy.unwrap().slot, rv1.copy.unwrap().slot);
}

#[test]
fn peek_keeps_the_item_and_reset_empties_the_queue() {
    let spec = freertos();
    let (st, h) = started(&spec, &["xQueueCreate"]);
    let q = h[0];
    let item = Expr::Const(0x1000, Type::int(32, false));
    let send = prim(&spec, "xQueueSend", |c| {
        c.object = Some(q);
        c.item = Some(item.clone());
        c.timeout = Some(Timeout::Ticks(0));
    });
    let (_, s1) = one(&spec, &st, &send);
    assert_eq!(s1.queues[0].count, 1);
    let peek = prim(&spec, "xQueuePeek", |c| {
        c.object = Some(q);
        c.item = Some(item.clone());
        c.timeout = Some(Timeout::Ticks(0));
    });
    assert!(peek.peek);
    let (ok, s2) = one(&spec, &s1, &peek);
    assert_eq!(ok, Some(1));
    assert_eq!(s2.queues[0].count, 1, "peeking leaves the item");
    let count = prim(&spec, "uxQueueMessagesWaiting", |c| c.object = Some(q));
    assert_eq!(one(&spec, &s2, &count).0, Some(1));
    let reset = prim(&spec, "xQueueReset", |c| c.object = Some(q));
    let (r, s3) = one(&spec, &s2, &reset);
    assert_eq!(r, Some(1));
    assert_eq!(s3.queues[0].count, 0);
    // peeking at an empty queue without a timeout fails
    let (empty, _) = one(&spec, &s3, &peek);
    assert_eq!(empty, Some(0));
}

/// Makes instance `t` the running one (the others that ran become ready).
fn run_as(st: &SchedState, t: ThreadInstance) -> SchedState {
    let mut s = st.clone();
    for th in s.threads.iter_mut() {
        if th.status == ThreadStatus::Running {
            th.status = ThreadStatus::Runnable;
        }
    }
    s.thread_mut(t).status = ThreadStatus::Running;
    s
}

/// `main` created the objects with `creates`, three tasks of priority 1 (instances 1-3) and
/// started the scheduler (nothing running yet).
fn three_tasks(spec: &SchedulerSpec, create: PrimitiveCall) -> (SchedState, i128) {
    let st = initial(spec, &program(vec![])).unwrap();
    let (h, mut st) = one(spec, &st, &create);
    for _ in 0..3 {
        let mut sp = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
        sp.entry = Some(ThreadId(0));
        sp.priority = Some(1);
        st = sexec(spec, &st, &sp).unwrap().pop().unwrap().1;
    }
    let start = PrimitiveCall::new("vTaskStartScheduler", Action::Start, Returns::None);
    st = sexec(spec, &st, &start).unwrap().pop().unwrap().1;
    (st, h.unwrap())
}

#[test]
fn event_group_set_wakes_every_satisfied_waiter_then_clears() {
    let spec = freertos();
    let (st, g) = three_tasks(&spec, prim(&spec, "xEventGroupCreate", |_| {}));
    let wait = |bits, clear, all| {
        prim(&spec, "xEventGroupWaitBits", |c| {
            c.object = Some(g);
            c.bits = Some(bits);
            c.clear = Some(clear);
            c.flag = Some(all);
            c.timeout = Some(Timeout::Forever);
        })
    };
    let set = |bits| {
        prim(&spec, "xEventGroupSetBits", |c| {
            c.object = Some(g);
            c.bits = Some(bits);
        })
    };
    let (t1, t2, t3) = (ThreadInstance(1), ThreadInstance(2), ThreadInstance(3));
    // t1 waits for any of 0x1 with clear-on-exit, t2 for all of 0x3 without
    let (_, s) = one(&spec, &run_as(&st, t1), &wait(0x1, 1, 0));
    let (_, s) = one(&spec, &run_as(&s, t2), &wait(0x3, 0, 1));
    let on = |g| ThreadStatus::Blocked {
        on: BlockOn::EventGroup(g),
    };
    assert_eq!(s.thread(t1).status, on(0));
    assert_eq!(s.thread(t2).status, on(0));
    // set 0x1: t1 wakes (woken with 0x1), its bit is cleared afterwards; t2 still waits
    let (r, s) = one(&spec, &run_as(&s, t3), &set(0x1));
    assert_eq!(r, Some(0));
    assert_eq!(s.thread(t1).status, ThreadStatus::Runnable);
    assert_eq!(s.thread(t2).status, on(0));
    let (r, s) = one(&spec, &s, &set(0x2));
    assert_eq!((r, s.thread(t2).status), (Some(0x2), on(0)));
    // both bits: t2 wakes, nothing cleared
    let (r, s) = one(&spec, &s, &set(0x1));
    assert_eq!(
        (r, s.thread(t2).status),
        (Some(0x3), ThreadStatus::Runnable)
    );
    // the woken waits return the bits they were woken with
    let (r, s) = one(&spec, &run_as(&s, t1), &wait(0x1, 1, 0));
    assert_eq!(r, Some(0x1));
    let (r, s) = one(&spec, &run_as(&s, t2), &wait(0x3, 0, 1));
    assert_eq!(r, Some(0x3));
    // zero timeout: the bits now, condition not met, nothing cleared
    let mut w = wait(0x4, 1, 1);
    w.timeout = Some(Timeout::Ticks(0));
    let (r, s) = one(&spec, &s, &w);
    assert_eq!(r, Some(0x3));
    assert_eq!(s.groups[0].bits, 0x3);
    // the kernel's control byte fails its configASSERT
    assert!(matches!(
        sexec(&spec, &s, &set(0x0100_0000)),
        Err(SchedError::Misuse(_))
    ));
}

#[test]
fn timer_commands_go_through_the_service_task_queue() {
    let mut spec = freertos();
    spec.timer_queue_len = 1;
    spec.timer_priority = Some(0);
    let create = prim(&spec, "xTimerCreate", |c| {
        c.entry = Some(ThreadId(0));
        c.period = Some(3);
        c.flag = Some(1);
        c.id = Some(7);
    });
    let (st, t) = three_tasks(&spec, create);
    let d = st
        .tmr
        .task
        .expect("the service task is created with the first timer");
    assert_eq!((d, st.thread(d).base_prio), (ThreadInstance(1), 0));
    // the tasks are instances 2 to 4
    let t1 = ThreadInstance(2);
    let cmd = |c: i128| {
        prim(&spec, "xTimerGenericCommandFromTask", |x| {
            x.object = Some(t);
            x.command = Some(c);
            x.value = Some(0);
            x.timeout = Some(Timeout::Ticks(0));
        })
    };
    let stamp = prim(&spec, "__schedmc_timer_stamp", |_| {});
    let (_, s) = one(&spec, &run_as(&st, t1), &stamp);
    let (r, s) = one(&spec, &s, &cmd(1));
    assert_eq!(r, Some(1));
    // the queue (length 1) is full: a second command with no block time fails
    let (r, s) = one(&spec, &s, &cmd(3));
    assert_eq!(r, Some(0));
    let active = prim(&spec, "xTimerIsTimerActive", |c| c.object = Some(t));
    assert_eq!(
        one(&spec, &s, &active).0,
        Some(0),
        "start not processed yet"
    );
    // the service task processes the start: armed 3 ticks from now, then it waits
    let mut s = s;
    s.thread_mut(t1).status = ThreadStatus::Runnable;
    let (cb, _) = timer::dispatch(&mut s, d).unwrap();
    assert!(cb.is_none());
    assert_eq!(
        s.thread(d).status,
        ThreadStatus::Blocked {
            on: BlockOn::TimerDaemon
        }
    );
    assert_eq!(s.thread(d).deadline, Some(3));
    assert_eq!(one(&spec, &run_as(&s, t1), &active).0, Some(1));
    // three ticks later the callback runs with the timer handle; the timer is re-armed
    policy::tick(&spec, &mut s, 3).unwrap();
    assert_eq!(s.thread(d).status, ThreadStatus::Runnable);
    let (cb, _) = timer::dispatch(&mut s, d).unwrap();
    assert_eq!(cb, Some((ThreadId(0), t, None)));
    assert_eq!(
        s.timers[0].expiry,
        Some(3),
        "auto-reload: one period from now"
    );
    timer::callback_returns(&mut s, d);
    let (cb, _) = timer::dispatch(&mut s, d).unwrap();
    assert!(cb.is_none());
    let id = prim(&spec, "pvTimerGetTimerID", |c| c.object = Some(t));
    assert_eq!(one(&spec, &run_as(&s, t1), &id).0, Some(7));
    // a late service task: five ticks pass in the next callback, so the following expiry
    // passed two ticks before it can process it; it is re-armed from that expiry (one tick
    // from now), not a whole period from now (times are relative: the lateness is kept)
    policy::tick(&spec, &mut s, 3).unwrap();
    let (cb, _) = timer::dispatch(&mut s, d).unwrap();
    assert_eq!(cb, Some((ThreadId(0), t, None)));
    policy::tick(&spec, &mut s, 5).unwrap();
    assert_eq!((s.timers[0].expiry, s.timers[0].overdue), (Some(0), 2));
    timer::callback_returns(&mut s, d);
    let (cb, _) = timer::dispatch(&mut s, d).unwrap();
    assert_eq!(
        cb,
        Some((ThreadId(0), t, None)),
        "expired during the callback"
    );
    assert_eq!((s.timers[0].expiry, s.timers[0].overdue), (Some(1), 0));
}

/// Stream buffers (stream_buffer.c): a static buffer holds one byte less than its size; a
/// stream send writes what fits, a message send all or nothing (length prefix included, 4
/// bytes on this 32-bit program); a message receive into a too small buffer returns 0 and
/// keeps the message; queries count the prefixes; reset empties.
#[test]
fn stream_and_message_buffers_follow_the_kernel() {
    let spec = freertos();
    let (st, _) = started(&spec, &[]);
    let item = Some(Expr::Const(0x1000, Type::int(32, false)));
    let create = |size, trig, kind, obj: Option<i128>| {
        let name = if obj.is_some() {
            "xStreamBufferGenericCreateStatic"
        } else {
            "xStreamBufferGenericCreate"
        };
        prim(&spec, name, |c| {
            c.max = Some(size);
            c.initial = Some(trig);
            c.flag = Some(kind);
            c.object = obj;
        })
    };
    let send = |h, n| {
        prim(&spec, "xStreamBufferSend", |c| {
            c.object = Some(h);
            c.item = item.clone();
            c.length = Some(n);
            c.timeout = Some(Timeout::Ticks(0));
        })
    };
    let recv = |h, n| {
        prim(&spec, "xStreamBufferReceive", |c| {
            c.object = Some(h);
            c.item = item.clone();
            c.length = Some(n);
            c.timeout = Some(Timeout::Ticks(0));
        })
    };
    let query = |name: &str, h| prim(&spec, name, |c| c.object = Some(h));
    // static stream buffer of 8 bytes: 7 free
    let (h, s) = one(&spec, &st, &create(8, 1, 0, Some(0x2000)));
    let h = h.unwrap();
    assert_eq!(h, 0x2000);
    assert_eq!(
        one(&spec, &s, &query("xStreamBufferSpacesAvailable", h)).0,
        Some(7)
    );
    let (n, s) = one(&spec, &s, &send(h, 4));
    assert_eq!(n, Some(4));
    let (n, s) = one(&spec, &s, &send(h, 4));
    assert_eq!(n, Some(3), "a stream send writes what fits");
    assert_eq!(one(&spec, &s, &query("xStreamBufferIsFull", h)).0, Some(1));
    let (n, s) = one(&spec, &s, &recv(h, 5));
    assert_eq!(n, Some(5));
    assert_eq!(
        one(&spec, &s, &query("xStreamBufferBytesAvailable", h)).0,
        Some(2)
    );
    let (r, s) = one(&spec, &s, &query("xStreamBufferReset", h));
    assert_eq!(r, Some(1));
    assert_eq!(one(&spec, &s, &query("xStreamBufferIsEmpty", h)).0, Some(1));
    // dynamic message buffer of 16 bytes
    let (m, s) = one(&spec, &s, &create(16, 0, 1, None));
    let m = m.unwrap();
    let (n, s) = one(&spec, &s, &send(m, 6));
    assert_eq!(n, Some(6));
    assert_eq!(
        one(&spec, &s, &query("xStreamBufferBytesAvailable", m)).0,
        Some(10)
    );
    let (n, s) = one(&spec, &s, &send(m, 3));
    assert_eq!(n, Some(0), "3 + 4 bytes do not fit in the 6 left");
    assert_eq!(
        one(&spec, &s, &query("xStreamBufferNextMessageLengthBytes", m)).0,
        Some(6)
    );
    let (n, s) = one(&spec, &s, &recv(m, 5));
    assert_eq!(n, Some(0), "a message is delivered whole only");
    let (n, s) = one(&spec, &s, &recv(m, 8));
    assert_eq!(n, Some(6));
    assert_eq!(one(&spec, &s, &query("xStreamBufferIsEmpty", m)).0, Some(1));
    // a message that can never fit fails at once, whatever the block time
    let mut big = send(m, 13);
    big.timeout = Some(Timeout::Forever);
    assert_eq!(one(&spec, &s, &big).0, Some(0));
    // a trigger level above the size fails the kernel's configASSERT: UNKNOWN
    assert!(sexec(&spec, &s, &create(4, 5, 0, None)).is_err());
}

// ---- task names (sched::task_name)
mod task_names {
    use super::*;

    use super::state::HandleKind;
    use super::task_name::{literal, TaskName};
    use crate::ir::{Scope, Var, VarId};

    /// A program with the string literals `texts` (objects `str$i`, at 0x1000 + 0x100 * i).
    fn literals(texts: &[&str]) -> Program {
        let mut vars = Vec::new();
        let mut objects = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            let mut cells = Vec::new();
            for (k, b) in t.bytes().chain([0]).enumerate() {
                cells.push((k as u64, VarId(vars.len() as u32)));
                vars.push(Var {
                    name: format!("str${i}[{k}]"),
                    ty: Type::int(8, true),
                    scope: Scope::Global,
                    init: Some(i128::from(b)),
                    is_temp: true,
                    loc: None,
                });
            }
            objects.push(crate::ir::Object {
                name: format!("str${i}"),
                base: 0x1000 + 0x100 * i as u64,
                size: t.len() as u64 + 1,
                cells,
            });
        }
        let mut p = program(vec![]);
        p.vars = vars;
        p.objects = objects;
        p
    }

    /// The kernel's copy of a name (tasks.c prvInitialiseNewTask into a zeroed TCB): the
    /// text truncated to configMAX_TASK_NAME_LEN - 1 characters, then zeros; the copy objects
    /// are found by name when they have one 8-bit cell per byte; a spawn fills its own.
    #[test]
    fn name_copies_hold_the_truncated_text() {
        use crate::sched::task_name::{copies, copies_text, copy_bytes, COPY_PREFIX};
        let mut p = literals(&["worker", "a-very-long-task-name-1"]);
        assert_eq!(copy_bytes(&p, 0x1000, 8).unwrap(), b"worker\0\0".to_vec());
        assert_eq!(copy_bytes(&p, 0x1100, 8).unwrap(), b"a-very-\0".to_vec());
        assert!(copy_bytes(&p, 0x1001, 8).is_none());
        let text = copies_text(&[("configMAX_TASK_NAME_LEN".into(), "( 8 )".into())]);
        assert!(
            text.starts_with(&format!("char {COPY_PREFIX}1[8];")),
            "{text}"
        );
        assert!(copies_text(&[]).contains(&format!("{COPY_PREFIX}16[16];")));
        // one copy object for instance 1: eight char cells
        let mut cells = Vec::new();
        for k in 0..8u64 {
            cells.push((k, VarId(p.vars.len() as u32)));
            p.vars.push(Var {
                name: format!("{COPY_PREFIX}1[{k}]"),
                ty: Type::int(8, true),
                scope: Scope::Global,
                init: Some(0),
                is_temp: false,
                loc: None,
            });
        }
        p.objects.push(crate::ir::Object {
            name: format!("{COPY_PREFIX}1"),
            base: 0x9000,
            size: 8,
            cells: cells.clone(),
        });
        let cs = copies(&p, 8);
        assert_eq!(cs.len(), 1);
        assert_eq!((cs[0].instance, cs[0].base), (1, 0x9000));
        // another configured length: the object is not a copy
        assert!(copies(&p, 16).is_empty());
        let mut spec = SchedulerSpec::builtin("freertos").unwrap();
        spec.task_name_len = 8;
        let st = initial(&spec, &p).unwrap();
        let mut c = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
        c.entry = Some(ThreadId(0));
        c.name_copies = cs;
        c.name_bytes = copy_bytes(&p, 0x1100, 8);
        let (o, st) = sexec(&spec, &st, &c).unwrap().pop().unwrap();
        let written = o.writes;
        let want: Vec<(VarId, i128)> = cells
            .iter()
            .zip(b"a-very-\0")
            .map(|((_, v), b)| (*v, i128::from(*b)))
            .collect();
        for w in &want {
            assert!(written.contains(w), "{written:?}");
        }
        assert_eq!(st.threads.len(), 2);
    }

    #[test]
    fn names_are_keyed_by_the_text_the_kernel_keeps() {
        let p = literals(&[
            "worker",
            "worker",
            "a-very-long-task-name-1",
            "a-very-long-task-name-2",
            "IDLE",
        ]);
        let a = literal(&p, 0x1000, 16).unwrap();
        let b = literal(&p, 0x1100, 16).unwrap();
        assert_eq!((a.key, a.whole), (b.key, true));
        assert_ne!(a.ptr, b.ptr);
        // truncated to 15 characters: the same name for the kernel, not kept whole
        let c = literal(&p, 0x1200, 16).unwrap();
        let d = literal(&p, 0x1300, 16).unwrap();
        assert_eq!(c.key, d.key);
        assert!(!c.whole);
        assert_ne!(
            literal(&p, 0x1200, 64).unwrap().key,
            literal(&p, 0x1300, 64).unwrap().key
        );
        // the idle task's name, an address inside a literal, no literal
        assert!(literal(&p, 0x1400, 16).is_none());
        assert!(literal(&p, 0x1001, 16).is_none());
        assert!(literal(&p, 0x9000, 16).is_none());
    }

    fn spawn(spec: &SchedulerSpec, st: &SchedState, name: Option<TaskName>) -> SchedState {
        let mut sp = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
        sp.entry = Some(ThreadId(0));
        sp.priority = Some(1);
        sp.name = name;
        sexec(spec, st, &sp).unwrap().pop().unwrap().1
    }

    fn call(
        spec: &SchedulerSpec,
        st: &SchedState,
        f: &str,
        set: impl FnOnce(&mut PrimitiveCall),
    ) -> Result<Option<i128>, SchedError> {
        let p = spec.primitive(f).unwrap();
        let mut c = PrimitiveCall::new(f, p.action, p.returns);
        set(&mut c);
        sexec(spec, st, &c).map(|mut v| v.pop().unwrap().0.ret)
    }

    /// xTaskGetHandle finds the one task with the name, NULL for none, UNKNOWN for a name that
    /// is not a literal or shared; uxTaskGetNumberOfTasks counts the idle and timer service
    /// tasks once started, and a task another task deleted no more.
    #[test]
    fn handles_and_counts_follow_the_kernel() {
        let p = literals(&["w", "c"]);
        let mut spec = SchedulerSpec::builtin("freertos").unwrap();
        spec.use_timers = Some(true);
        let w = literal(&p, 0x1000, 16);
        let c = literal(&p, 0x1100, 16);
        let mut st = initial(&spec, &p).unwrap();
        st = spawn(&spec, &st, w);
        st = spawn(&spec, &st, c);
        assert_eq!(
            call(&spec, &st, "uxTaskGetNumberOfTasks", |_| {}).unwrap(),
            Some(2)
        );
        let start = PrimitiveCall::new("vTaskStartScheduler", Action::Start, Returns::None);
        st = sexec(&spec, &st, &start).unwrap().pop().unwrap().1;
        let (st, _) = sched(&spec, &st).unwrap().remove(0);
        // two tasks, idle, timer service task
        assert_eq!(
            call(&spec, &st, "uxTaskGetNumberOfTasks", |_| {}).unwrap(),
            Some(4)
        );
        let hw = call(&spec, &st, "xTaskGetHandle", |x| x.name = w).unwrap();
        assert_eq!(hw, Some(st.handle(HandleKind::Thread, 1)));
        let none = TaskName {
            ptr: 0x5000,
            key: 0x5000,
            whole: true,
        };
        assert_eq!(
            call(&spec, &st, "xTaskGetHandle", |x| x.name = Some(none)).unwrap(),
            Some(0)
        );
        assert!(call(&spec, &st, "xTaskGetHandle", |x| x.value = Some(0x1234)).is_err());
        // the kernel's copy of the name, not the literal; without a copy object: UNKNOWN
        assert!(call(&spec, &st, "pcTaskGetName", |x| x.object = hw).is_err());
        let copy = |i: u8, base: i128| crate::sched::task_name::NameCopy {
            instance: i,
            base,
            cells: Vec::new(),
        };
        assert_eq!(
            call(&spec, &st, "pcTaskGetName", |x| {
                x.object = hw;
                x.name_copies = vec![copy(2, 0x9100), copy(1, 0x9000)];
            })
            .unwrap(),
            Some(0x9000)
        );
        // the task deleted by another is freed at once
        let del = call(&spec, &st, "vTaskDelete", |x| x.object = hw);
        assert!(del.is_ok());
        let mut st2 = st.clone();
        let mut d = PrimitiveCall::new("vTaskDelete", Action::Delete, Returns::None);
        d.object = hw;
        let r = crate::sched::running(&st2).unwrap();
        if r.index() != 1 {
            st2 = sexec(&spec, &st2, &d).unwrap().pop().unwrap().1;
            assert_eq!(
                call(&spec, &st2, "uxTaskGetNumberOfTasks", |_| {}).unwrap(),
                Some(3)
            );
            assert_eq!(
                call(&spec, &st2, "xTaskGetHandle", |x| x.name = w).unwrap(),
                Some(0)
            );
        }
        // a second task with the same name: which one the kernel finds depends on its lists
        let mut st3 = spawn(&spec, &st, w);
        st3.started = true;
        assert!(call(&spec, &st3, "xTaskGetHandle", |x| x.name = w).is_err());
        // without configUSE_TIMERS the count after the start is unknown
        spec.use_timers = None;
        assert!(call(&spec, &st, "uxTaskGetNumberOfTasks", |_| {}).is_err());
    }
}

#[test]
fn notification_values_are_uint32_and_only_increments_are_bounded() {
    let spec = freertos();
    let (st, _) = started(&spec, &[]);
    // notify itself (handle 0: the running task) with `action` and `value`
    let notify = |action: i128, value: i128| {
        prim(&spec, "xTaskGenericNotify", |c| {
            c.object = Some(0);
            c.index = Some(0);
            c.value = Some(value);
            c.notify_action = Some(action);
        })
    };
    let value = |s: &SchedState| s.thread(running(s).unwrap()).notify_value[0];
    // eSetValueWithOverwrite of 100001 and of UINT32_MAX: kept exactly
    let (ok, s1) = one(&spec, &st, &notify(3, 100_001));
    assert_eq!((ok, value(&s1)), (Some(1), 100_001));
    let (_, s2) = one(&spec, &s1, &notify(3, 0xffff_ffff));
    assert_eq!(value(&s2), u32::MAX);
    // eIncrement wraps like the kernel's uint32_t
    let (_, s3) = one(&spec, &s2, &notify(2, 0));
    assert_eq!(value(&s3), 0);
    // eSetBits of a high bit
    let (_, s4) = one(&spec, &s3, &notify(1, 0x8000_0000));
    assert_eq!(value(&s4), 0x8000_0000);
    // increments from a set value above 255 (5555 + 5, the TaskNotify demo)
    let (_, mut s) = one(&spec, &s4, &notify(3, 5555));
    for _ in 0..5 {
        s = one(&spec, &s, &notify(2, 0)).1;
    }
    assert_eq!(value(&s), 5560);
    // the chain of increments is what is bounded: 255 more pass, the next is capacity exceeded
    for _ in 5..255 {
        s = one(&spec, &s, &notify(2, 0)).1;
    }
    assert_eq!(value(&s), 5555 + 255);
    match sexec(&spec, &s, &notify(2, 0)) {
        Err(SchedError::CapacityExceeded(m)) => assert!(m.contains("increments"), "{m}"),
        other => panic!("expected capacity exceeded, got {other:?}"),
    }
    // a take that decrements gives one increment back; setting the value resets the chain
    let take = prim(&spec, "ulTaskGenericNotifyTake", |c| {
        c.index = Some(0);
        c.clear = Some(0);
        c.timeout = Some(Timeout::Ticks(0));
    });
    let (got, s5) = one(&spec, &s, &take);
    assert_eq!(got, Some(5555 + 255));
    let (_, s6) = one(&spec, &s5, &notify(2, 0));
    assert_eq!(value(&s6), 5555 + 255);
    assert!(sexec(&spec, &s6, &notify(2, 0)).is_err());
    let (_, s7) = one(&spec, &s6, &notify(3, 7));
    let (_, s8) = one(&spec, &s7, &notify(2, 0));
    assert_eq!(value(&s8), 8);
}

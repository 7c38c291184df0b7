//! Unit tests of the command line (`cli.rs`).

use super::*;

/// A run the watchdog ends reports what the engine published, not zeros.
#[test]
fn watchdog_statistics_are_the_published_counters() {
    let p = crate::report::progress::Snapshot {
        nodes: 1234,
        refinements: 7,
        predicates: 19,
        k: None,
    };
    let solver = crate::smt::context::SolverStats {
        calls: 88,
        interpolation_calls: 5,
        time: Duration::from_millis(1500),
    };
    let s = stats_so_far(p, solver, Duration::from_secs(61), Some(1024));
    assert_eq!((s.nodes, s.refinements, s.predicates), (1234, 7, 19));
    assert_eq!(
        (s.solver_calls, s.solver_time),
        (88, Duration::from_millis(1500))
    );
    assert_eq!(s.total_time, Duration::from_secs(61));
    let text = crate::report::trace::render_stats(&s, None);
    assert!(text.contains("1234"), "{text}");
}
use clap::CommandFactory;

#[test]
fn cli_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn every_option_documents_its_default() {
    let mut cmd = Cli::command();
    cmd.build();
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in ["verify", "parse", "bench", "targets", "schedulers"] {
        assert!(subs.iter().any(|s| s == name), "no subcommand {name}");
    }
    for sc in cmd.get_subcommands_mut() {
        let sub = sc.get_name().to_string();
        // the rendered help names every option
        let help = sc.render_long_help().to_string();
        for arg in sc.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(l) = arg.get_long() {
                assert!(help.contains(&format!("--{l}")), "{sub} help lacks --{l}");
            }
        }
        for arg in sc.get_arguments() {
            if arg.is_positional() || arg.get_id() == "help" {
                continue;
            }
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(
                help.contains("[default:"),
                "{sub} --{} does not state its default: {help}",
                arg.get_id()
            );
        }
    }
}

#[test]
fn verify_options_map_to_engine_options() {
    let cli = Cli::try_parse_from([
        "schedmc",
        "verify",
        "a.c",
        "-I",
        "inc",
        "-DX=3",
        "-DY",
        "--engine",
        "kinduction",
        "--unwindset",
        "1:5,3:2",
        "--no-unwinding-assertions",
        "--timeout",
        "2.5",
        "--int-math",
    ])
    .unwrap();
    let Command::Verify(v) = cli.command else {
        panic!("not verify")
    };
    let c = v.config();
    assert_eq!(c.engine, Some(EngineKind::Kinduction));
    assert_eq!(c.options.unwindset, vec![(1, 5), (3, 2)]);
    assert!(!c.options.unwinding_assertions);
    assert!(c.options.int_math);
    assert_eq!(c.options.timeout, Some(Duration::from_millis(2500)));
    assert_eq!(
        c.defines,
        vec![
            ("X".to_string(), Some("3".to_string())),
            ("Y".to_string(), None)
        ]
    );
    assert_eq!(c.include_dirs, vec![PathBuf::from("inc")]);
    assert_eq!(c.target, "ilp32");
    assert!(parse_unwindset("1-5").is_err());
}

fn verify_args(args: &[&str]) -> VerifyArgs {
    let mut all = vec!["schedmc", "verify"];
    all.extend_from_slice(args);
    match Cli::try_parse_from(all).unwrap().command {
        Command::Verify(v) => *v,
        _ => panic!("not verify"),
    }
}

#[test]
fn task_files_resolve_input_property_and_data_model() {
    let dir = std::env::temp_dir().join(format!("schedmc-cli-task-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("unreach-call.prp"),
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("other.prp"),
        "CHECK( init(main()), LTL(G valid-free) )\n",
    )
    .unwrap();
    let task = dir.join("t.yml");
    std::fs::write(
        &task,
        "format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n  - property_file: unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n",
    )
    .unwrap();
    let a = verify_args(&[task.to_str().unwrap()]);
    assert!(a.is_task() && a.svcomp_mode());
    let i = svcomp_input(&a).unwrap();
    assert_eq!(i.file, dir.join("a.c"));
    assert_eq!(i.property, Property::UnreachCall);
    assert_eq!(i.data_model, Some(DataModel::LP64));
    // explicit options win over the task's
    let a = verify_args(&[task.to_str().unwrap(), "--data-model", "ILP32"]);
    assert_eq!(svcomp_input(&a).unwrap().data_model, Some(DataModel::ILP32));
    let other = dir.join("other.prp");
    let a = verify_args(&[
        task.to_str().unwrap(),
        "--property",
        other.to_str().unwrap(),
    ]);
    assert!(svcomp_input(&a).is_err());
    // a plain C file: no svcomp mode unless asked, unreach-call by default
    let a = verify_args(&["x.c"]);
    assert!(!a.svcomp_mode());
    assert_eq!(svcomp_input(&a).unwrap().data_model, None);
    assert!(verify_args(&["--svcomp", "x.c"]).svcomp_mode());
    assert!(Cli::try_parse_from(["schedmc", "verify", "--data-model", "x", "a.c"]).is_err());
}

#[test]
fn svcomp_output_puts_the_result_inside_json_or_last() {
    let stats = Stats::default();
    let j = json::unknown("a.c", "timeout", &stats);
    let a = verify_args(&["--svcomp", "--json", "a.c"]);
    let out = svcomp_output(
        &a,
        Some(j.clone()),
        String::new(),
        "UNKNOWN",
        Property::UnreachCall,
        DataModel::LP64,
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["svcomp"]["result"], "UNKNOWN");
    assert_eq!(v["svcomp"]["data_model"], "LP64");
    // not in SV-COMP mode: svcomp stays null, no result line
    let a = verify_args(&["--json", "a.c"]);
    let out = svcomp_output(
        &a,
        Some(j),
        String::new(),
        "UNKNOWN",
        Property::UnreachCall,
        DataModel::ILP32,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["svcomp"].is_null());
    // text: the result line comes last
    let a = verify_args(&["--svcomp", "a.c"]);
    let out = svcomp_output(
        &a,
        None,
        "VERIFICATION UNKNOWN: timeout".into(),
        "UNKNOWN",
        Property::UnreachCall,
        DataModel::ILP32,
    );
    assert_eq!(out, "VERIFICATION UNKNOWN: timeout\nUNKNOWN\n");
    assert_eq!(effective_data_model(None, "lp64"), DataModel::LP64);
    assert_eq!(effective_data_model(None, "cortex-m4"), DataModel::ILP32);
    assert_eq!(
        effective_data_model(Some(DataModel::ILP32), "lp64"),
        DataModel::ILP32
    );
}

#[test]
fn listings_name_every_builtin() {
    let t = targets_listing();
    assert_eq!(t.len(), crate::target::Target::builtin_names().len());
    assert!(t[0].starts_with("ilp32 ") && !t.iter().any(|l| l.contains("does not parse")));
    let s = schedulers_listing();
    assert_eq!(s.len(), crate::sched::builtin_names().len());
    assert!(!s.iter().any(|l| l.contains("does not parse")));
}

#[test]
fn bench_takes_extra_args_after_double_dash() {
    let cli = Cli::try_parse_from([
        "schedmc",
        "bench",
        "m.tsv",
        "--jobs",
        "2",
        "--",
        "--int-math",
        "--unwind",
        "3",
    ])
    .unwrap();
    let Command::Bench(b) = cli.command else {
        panic!("not bench")
    };
    assert_eq!(b.jobs, 2);
    assert_eq!(b.timeout, 60.0);
    assert_eq!(b.memory_limit, 4096);
    assert_eq!(b.extra, vec!["--int-math", "--unwind", "3"]);
}

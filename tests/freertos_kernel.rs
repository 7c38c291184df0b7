//! Programs compiled against FreeRTOS-Kernel-shaped headers (`examples/freertos-kernel/`):
//! the API families added last (event groups, software timers, notification indices) give
//! their expected verdicts; an API function the description does not map is named in a warning
//! at its call and the verdict is UNKNOWN; a port's inline-assembly function called directly is
//! unsupported. (Every application in `examples/freertos-kernel/` also runs in the threaded
//! examples test.)

mod common;
use common::*;

/// No warning or error on stderr, and `want` as the verdict line.
fn assert_clean_verdict(r: &Run, want: &str) {
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.last_line(), want, "{}\n{}", r.stdout, r.stderr);
}

const INCLUDES: [&str; 6] = [
    "-I",
    "examples/freertos-kernel/include",
    "-I",
    "examples/freertos-kernel/port",
    "-I",
    "examples/freertos-kernel",
];

fn verify_text(name: &str, text: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("schedmc-fk-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, text).unwrap();
    let mut args: Vec<String> = vec!["verify".into(), "--timeout".into(), "60".into()];
    args.extend(INCLUDES.iter().map(|s| s.to_string()));
    args.push(file.to_str().unwrap().into());
    let r = run(&args);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

const EVENT_GROUP: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
void *xCoRoutineCreate(void);
unsigned long xCoRoutineSetBits(void *group, unsigned long bits);
void *group;
int done;
void worker(void *p) {
  for (;;) {
    xCoRoutineSetBits(group, 1);
    done = 1;
  }
}
int main(void) {
  group = xCoRoutineCreate();
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

#[test]
fn unmapped_kernel_functions_are_named_and_make_the_verdict_unknown() {
    let r = verify_text("eventgroup", EVENT_GROUP);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 3, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION UNKNOWN"),
        "{}",
        r.stdout
    );
    assert!(
        r.last_line().contains("xCoRoutineCreate"),
        "{}",
        r.last_line()
    );
    // one warning per unmapped function, at its first call (file:line:col)
    assert!(
        r.stderr.contains("eventgroup.c:15:") && r.stderr.contains("xCoRoutineCreate"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("xCoRoutineSetBits"), "{}", r.stderr);
}

/// The applications of the event-group, timer and notification-index families, safe and bug.
#[test]
fn event_groups_timers_and_notification_indices_give_their_verdicts() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| {
            let n = e.path.file_name().unwrap().to_string_lossy().to_string();
            e.path
                .parent()
                .unwrap()
                .ends_with("examples/freertos-kernel")
                && (n.starts_with("event_group")
                    || n.starts_with("timer")
                    || n.starts_with("notify_index"))
        })
        .collect();
    assert_eq!(exs.len(), 14, "seven families, safe and bug");
    let mut bad = Vec::new();
    for ex in &exs {
        let r = verify_example(ex, &[]);
        let want = format!("VERIFICATION {}", ex.expect);
        if !r.clean() || !r.last_line().starts_with(&want) {
            bad.push(format!(
                "{}: {} ({})",
                ex.path.display(),
                r.last_line(),
                r.stderr
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

const EG_FROM_ISR: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>
EventGroupHandle_t group;
void BUTTON_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  xEventGroupSetBitsFromISR(group, 1, &woken);
  portYIELD_FROM_ISR(woken);
}
void worker(void *p) {
  xEventGroupWaitBits(group, 1, pdTRUE, pdTRUE, portMAX_DELAY);
  reach_error();
}
int main(void) {
  void (*vector)(void) = BUTTON_IRQHandler; /* installed in the vector table */
  group = xEventGroupCreate();
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// The kernel defers `xEventGroupSetBitsFromISR` through the timer service task
/// (`xTimerPendFunctionCallFromISR`): the worker waiting for the bit wakes once the service
/// task has run the deferred set, and reaches the error.
#[test]
fn event_group_set_from_isr_is_deferred_through_the_timer_service() {
    let r = verify_text("egisr", EG_FROM_ISR);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 10, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("vEventGroupSetBitsCallback")
            && r.stdout.contains("Tmr Svc sets 0x1 of group0 (deferred)"),
        "{}",
        r.stdout
    );
}

const TIMER_PRIO_EXPR: &str = r#"#define configTIMER_TASK_PRIORITY (configMAX_PRIORITIES - 4)
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
TimerHandle_t t;
int fired;
void cb(TimerHandle_t x) { fired = 1; }
void worker(void *p) {
  xTimerStart(t, 0);
  /* the service task (priority 1) runs only when the worker (priority 2) blocks */
  if (xTimerIsTimerActive(t) != pdFALSE)
    reach_error();
  vTaskDelay(1);
  if (xTimerIsTimerActive(t) == pdFALSE)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  t = xTimerCreate("t", 3, pdFALSE, NULL, cb);
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// `configTIMER_TASK_PRIORITY` as an expression over `configMAX_PRIORITIES` (5): priority 1,
/// below the worker, so a start command is processed only when the worker sleeps.
#[test]
fn timer_task_priority_expression_is_read() {
    let r = verify_text("tprio", TIMER_PRIO_EXPR);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    // at the highest priority the service task processes the start at once: FAILED
    let hi = TIMER_PRIO_EXPR.replace("(configMAX_PRIORITIES - 4)", "(configMAX_PRIORITIES - 1)");
    let r = verify_text("tprio_hi", &hi);
    assert!(r.clean(), "{}", r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}\n{}",
        r.stdout,
        r.stderr
    );
}

const DIRECT_ASM: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared;
static inline void wait_for_interrupt(void) { __asm volatile("wfi"); }
void worker(void *p) {
  for (;;) {
    shared++;
    wait_for_interrupt();
  }
}
int main(void) {
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

#[test]
fn inline_assembly_called_directly_is_unsupported() {
    let r = verify_text("asm", DIRECT_ASM);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 3, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.last_line().contains("inline assembly"),
        "{}",
        r.last_line()
    );
}

const DIRECT_BASEPRI: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared, seen;
void TIMER_IRQHandler(void) { seen = shared; }
void worker(void *p) {
  for (;;) {
    uint32_t m = ulPortRaiseBASEPRI();
    shared = 1;
    shared = 0;
    vPortSetBASEPRI(m);
    if (seen != 0)
      reach_error();
  }
}
int main(void) {
  void (*vector)(void) = TIMER_IRQHandler; /* installed in the vector table */
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// The port's inline BASEPRI functions called directly (not through the port macros) mask
/// interrupts: the handler never sees the intermediate value; without the masking it does.
#[test]
fn port_basepri_functions_called_directly_mask_interrupts() {
    let r = verify_text("basepri", DIRECT_BASEPRI);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    let unmasked = DIRECT_BASEPRI
        .replace("uint32_t m = ulPortRaiseBASEPRI();", "")
        .replace("vPortSetBASEPRI(m);", "");
    let r = verify_text("basepri_bug", &unmasked);
    assert!(r.clean(), "{}", r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}\n{}",
        r.stdout,
        r.stderr
    );
}

/// The stream- and message-buffer applications of `examples/freertos-kernel/` (safe and bug).
#[test]
fn stream_and_message_buffers_give_their_verdicts() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| {
            let n = e.path.file_name().unwrap().to_string_lossy().to_string();
            e.path
                .parent()
                .unwrap()
                .ends_with("examples/freertos-kernel")
                && (n.starts_with("stream_buffer") || n.starts_with("message_buffer"))
        })
        .collect();
    assert_eq!(exs.len(), 4, "two families, safe and bug");
    let mut bad = Vec::new();
    for ex in &exs {
        let r = verify_example(ex, &[]);
        let want = format!("VERIFICATION {}", ex.expect);
        if !r.clean() || !r.last_line().starts_with(&want) {
            bad.push(format!(
                "{}: {} ({})",
                ex.path.display(),
                r.last_line(),
                r.stderr
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The real FreeRTOS-Kernel (`$FREERTOS_KERNEL`, default `/work/freertos-kernel`), when present:
/// the include directory and the GCC/ARM_CM4F port.
fn real_kernel() -> Option<std::path::PathBuf> {
    let k = std::env::var_os("FREERTOS_KERNEL")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/work/freertos-kernel".into());
    k.join("include/stream_buffer.h").exists().then_some(k)
}

/// A configuration for the real kernel's headers (they require more settings than the
/// examples' `FreeRTOSConfig.h` gives).
const REAL_CONFIG: &str = r#"#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H
#define configUSE_PREEMPTION 1
#define configUSE_TIME_SLICING 1
#define configCPU_CLOCK_HZ 64000000UL
#define configTICK_RATE_HZ ((TickType_t)1000)
#define configMAX_PRIORITIES 5
#define configMINIMAL_STACK_SIZE ((uint16_t)128)
#define configTOTAL_HEAP_SIZE ((size_t)8192)
#define configTICK_TYPE_WIDTH_IN_BITS TICK_TYPE_WIDTH_32_BITS
#define configUSE_IDLE_HOOK 0
#define configUSE_TICK_HOOK 0
#define configUSE_MUTEXES 1
#define configUSE_COUNTING_SEMAPHORES 1
#define configUSE_QUEUE_SETS 1
#define INCLUDE_xTaskAbortDelay 1
#define configSUPPORT_STATIC_ALLOCATION 1
#define configSUPPORT_DYNAMIC_ALLOCATION 1
#define configKERNEL_INTERRUPT_PRIORITY (7 << 5)
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (5 << 5)
#define INCLUDE_vTaskDelay 1
#define INCLUDE_vTaskDelete 1
#define configASSERT(x) do { if (!(x)) { for (;;); } } while (0)
#endif
"#;

/// The stream- and message-buffer and queue-set applications compiled against the real
/// kernel's headers with the GCC/ARM_CM4F port give the same verdicts (skipped, with a note,
/// without the kernel).
#[test]
fn stream_and_message_buffers_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("schedmc-fk-real-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("FreeRTOSConfig.h"), REAL_CONFIG).unwrap();
    let mut bad = Vec::new();
    for name in [
        "stream_buffer_safe",
        "stream_buffer_bug",
        "message_buffer_safe",
        "message_buffer_bug",
        "queue_set_safe",
        "queue_set_bug",
    ] {
        let path = format!("examples/freertos-kernel/{name}.c");
        let text = std::fs::read_to_string(&path).unwrap();
        let want = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect:"))
            .unwrap()
            .trim()
            .to_string();
        let r = verify_with_kernel(&k, &dir, &path);
        if !r.clean() || !r.last_line().starts_with(&format!("VERIFICATION {want}")) {
            bad.push(format!("{path}: {} ({})", r.last_line(), r.stderr));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A fuller configuration for the real kernel's headers: timers, recursive mutexes, three
/// notification indices, the timer service task at priority 3 (below the top priority 4).
const REAL_CONFIG_FULL: &str = r#"#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H
#define configUSE_PREEMPTION 1
#define configUSE_TIME_SLICING 1
#define configCPU_CLOCK_HZ 64000000UL
#define configTICK_RATE_HZ ((TickType_t)1000)
#define configMAX_PRIORITIES 5
#define configMINIMAL_STACK_SIZE ((uint16_t)128)
#define configTOTAL_HEAP_SIZE ((size_t)8192)
#define configTICK_TYPE_WIDTH_IN_BITS TICK_TYPE_WIDTH_32_BITS
#define configUSE_IDLE_HOOK 0
#define configUSE_TICK_HOOK 0
#define configUSE_MUTEXES 1
#define configUSE_RECURSIVE_MUTEXES 1
#define configUSE_COUNTING_SEMAPHORES 1
#define configUSE_QUEUE_SETS 1
#define configUSE_TIMERS 1
#define configTIMER_TASK_PRIORITY 3
#define configTIMER_QUEUE_LENGTH 5
#define configTIMER_TASK_STACK_DEPTH 256
#define configTASK_NOTIFICATION_ARRAY_ENTRIES 3
#define INCLUDE_xTaskAbortDelay 1
#define INCLUDE_vTaskSuspend 1
#define INCLUDE_vTaskPrioritySet 1
#define INCLUDE_uxTaskPriorityGet 1
#define INCLUDE_xTaskDelayUntil 1
#define INCLUDE_xTaskGetCurrentTaskHandle 1
#define INCLUDE_xTaskGetHandle 1
#define INCLUDE_eTaskGetState 1
#define INCLUDE_xTimerPendFunctionCall 1
#define INCLUDE_xEventGroupSetBitFromISR 1
#define configSUPPORT_STATIC_ALLOCATION 0
#define configSUPPORT_DYNAMIC_ALLOCATION 1
#define configKERNEL_INTERRUPT_PRIORITY (7 << 5)
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (5 << 5)
#define INCLUDE_vTaskDelay 1
#define INCLUDE_vTaskDelete 1
#define configASSERT(x) if ((x) == 0) { taskDISABLE_INTERRUPTS(); for (;;); }
#endif
"#;

/// Applications as firmware writes them (notifications, event groups, software timers,
/// recursive mutexes, priority inheritance, suspend / resume, delay-until, priority set, ticks
/// between reads), compiled against the real kernel's headers with the GCC/ARM_CM4F port,
/// give their expected verdicts (skipped, with a note, without the kernel).
#[test]
fn firmware_applications_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("schedmc-fk-fw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("FreeRTOSConfig.h"), REAL_CONFIG_FULL).unwrap();
    let mut bad = Vec::new();
    let mut n = 0;
    for stem in [
        "notify_take_decrement",
        "notify_no_overwrite",
        "notify_exit_mask",
        "notify_increment_indexed",
        "group_wait_all",
        "group_wait_any",
        "group_no_clear",
        "soft_timer_autoreload",
        "soft_timer_oneshot",
        "soft_timer_change_period",
        "soft_timer_service_priority",
        "recursive_mutex_twice",
        "inherit_priority_get",
        "suspend_resume",
        "delay_until",
        "priority_set",
        "tick_between_reads",
        "task_name_loop",
        "task_name_twice",
        "queue_set_semaphore",
        "stream_trigger_level",
        "abort_delay",
        "priority_get",
        "queue_array",
        "counting_initial",
        "queue_reset",
        "notify_value_clear",
        "assert_handle",
    ] {
        for kind in ["safe", "bug"] {
            let path = format!("examples/freertos-kernel/{stem}_{kind}.c");
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            n += 1;
            let want = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// expect:"))
                .unwrap()
                .trim()
                .to_string();
            let r = verify_with_kernel(&k, &dir, &path);
            if !r.clean() || !r.last_line().starts_with(&format!("VERIFICATION {want}")) {
                bad.push(format!("{path}: {} ({})", r.last_line(), r.stderr));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(n, 51, "the safe and bug applications");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// `schedmc verify` of `path` against the real kernel's headers (GCC/ARM_CM4F port) with
/// `config` as the application's `FreeRTOSConfig.h`.
fn verify_real(k: &std::path::Path, config: &str, tag: &str, path: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("schedmc-fk-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("FreeRTOSConfig.h"), config).unwrap();
    let r = verify_with_kernel(k, &dir, path);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// `schedmc verify` of `path` against the real kernel's headers (GCC/ARM_CM4F port), with the
/// application's `FreeRTOSConfig.h` in `config_dir`.
fn verify_with_kernel(k: &std::path::Path, config_dir: &std::path::Path, path: &str) -> Run {
    run(&[
        "verify".to_string(),
        "--timeout".into(),
        "60".into(),
        "-I".into(),
        k.join("include").to_string_lossy().into(),
        "-I".into(),
        k.join("portable/GCC/ARM_CM4F").to_string_lossy().into(),
        "-I".into(),
        config_dir.to_string_lossy().into(),
        path.into(),
    ])
}

const TIME_OUT_DRIVER: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
static QueueHandle_t rxq;
void driver(void *p) {
  TimeOut_t t;
  TickType_t wait = 3;
  vTaskSetTimeOutState(&t);
  int n = 0;
  while (xTaskCheckForTimeOut(&t, &wait) == pdFALSE) {
    int v;
    if (xQueueReceive(rxq, &v, wait) == pdPASS)
      n++;
  }
  if (n > 2)
    reach_error();
  vTaskDelete(NULL);
}
void uart(void *p) {
  int v = 1;
  xQueueSend(rxq, &v, 0);
  xQueueSend(rxq, &v, 0);
  vTaskDelete(NULL);
}
int main(void) {
  rxq = xQueueCreate(4, sizeof(int));
  xTaskCreate(driver, "drv", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(uart, "uart", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// `vTaskSetTimeOutState` / `xTaskCheckForTimeOut` (the driver pattern of their documentation)
/// are not mapped: with the real kernel's headers the verdict is UNKNOWN naming the function,
/// never a verdict from a result left open.
#[test]
fn time_out_state_functions_are_named_unknown_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("schedmc-fk-to-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("driver.c");
    std::fs::write(&file, TIME_OUT_DRIVER).unwrap();
    let r = verify_real(&k, REAL_CONFIG_FULL, "to-cfg", file.to_str().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.code, 3, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION UNKNOWN")
            && r.last_line().contains("vTaskSetTimeOutState"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("xTaskCheckForTimeOut"), "{}", r.stderr);
}

/// A tickless configuration (`configUSE_TICKLESS_IDLE` 1: the idle task suppresses ticks and
/// the port steps the tick count on wake-up) keeps the tick count's meaning for the tasks:
/// the delay, timer and abort-delay applications give the same verdicts.
#[test]
fn tickless_idle_keeps_the_verdicts_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let config = REAL_CONFIG_FULL.replace(
        "#define configUSE_PREEMPTION 1\n",
        "#define configUSE_PREEMPTION 1\n#define configUSE_TICKLESS_IDLE 1\n#define configEXPECTED_IDLE_TIME_BEFORE_SLEEP 2\n",
    );
    assert!(config.contains("configUSE_TICKLESS_IDLE 1"));
    let mut bad = Vec::new();
    for stem in ["delay_until", "soft_timer_change_period", "abort_delay"] {
        for (kind, want) in [("safe", "SUCCESSFUL"), ("bug", "FAILED")] {
            let path = format!("examples/freertos-kernel/{stem}_{kind}.c");
            let r = verify_real(&k, &config, "tickless", &path);
            if !r.clean() || !r.last_line().starts_with(&format!("VERIFICATION {want}")) {
                bad.push(format!("{path}: {} ({})", r.last_line(), r.stderr));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

const PORT_QUERIES: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared;
void TIMER_IRQHandler(void) {
  if (xPortIsInsideInterrupt() != pdTRUE)
    reach_error();
  uint32_t m = ulPortRaiseBASEPRI();
  if (m != 0)
    reach_error();
  shared = 2;
  vPortSetBASEPRI(m);
}
void worker(void *p) {
  for (;;) {
    if (xPortIsInsideInterrupt() != pdFALSE)
      reach_error();
    taskENTER_CRITICAL();
    uint32_t m = ulPortRaiseBASEPRI();
    if (m != configMAX_SYSCALL_INTERRUPT_PRIORITY)
      reach_error();
    vPortSetBASEPRI(m);
    shared = 1;
    taskEXIT_CRITICAL();
  }
}
int main(void) {
  void (*vector)(void) = TIMER_IRQHandler; /* installed in the vector table */
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// `xPortIsInsideInterrupt` is pdTRUE exactly in interrupt handlers; `ulPortRaiseBASEPRI`
/// returns the previous BASEPRI: 0 when interrupts were not masked, else
/// `configMAX_SYSCALL_INTERRUPT_PRIORITY` (inside a critical section). Each check flipped fails.
#[test]
fn port_inside_interrupt_and_previous_basepri() {
    let r = verify_text("portq", PORT_QUERIES);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    for (from, to) in [
        (
            "if (xPortIsInsideInterrupt() != pdTRUE)",
            "if (xPortIsInsideInterrupt() == pdTRUE)",
        ),
        (
            "if (xPortIsInsideInterrupt() != pdFALSE)",
            "if (xPortIsInsideInterrupt() == pdFALSE)",
        ),
        ("if (m != 0)", "if (m == 0)"),
        (
            "if (m != configMAX_SYSCALL_INTERRUPT_PRIORITY)",
            "if (m != 1)",
        ),
    ] {
        let text = PORT_QUERIES.replace(from, to);
        assert_ne!(text, PORT_QUERIES);
        let r = verify_text("portq_bug", &text);
        assert!(r.clean(), "{}", r.stderr);
        assert!(
            r.last_line().starts_with("VERIFICATION FAILED"),
            "{to}: {}\n{}",
            r.stdout,
            r.stderr
        );
    }
}

const TIMER_EXPIRY: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
TimerHandle_t t;
void cb(TimerHandle_t x) {}
void worker(void *p) {
  TickType_t now = xTaskGetTickCount();
  xTimerStart(t, 0);
  vTaskDelay(1);
  if (xTimerIsTimerActive(t) != pdFALSE && xTimerGetExpiryTime(t) < now + 5)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  t = xTimerCreate("t", 5, pdFALSE, NULL, cb);
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// `xTimerGetExpiryTime` of an armed timer is its command time (the tick count `xTimerStart`
/// reads, at least `now`) plus the period; without a tick in between exactly `now + 5`.
#[test]
fn timer_expiry_time() {
    let r = verify_text("texp", TIMER_EXPIRY);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    let r = verify_text("texp_bug", &TIMER_EXPIRY.replace("now + 5", "now + 6"));
    assert!(r.clean(), "{}", r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}\n{}",
        r.stdout,
        r.stderr
    );
}

const DEMO_FINDINGS: &str = r#"#define INCLUDE_eTaskGetState 1
#define INCLUDE_vTaskSuspend 1
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include "timers.h"
#include <verifier.h>
EventGroupHandle_t g;
TaskHandle_t waiter;
static StaticEventGroup_t gbuf;
static const char tname[] = "T";
TimerHandle_t t;
void cb(TimerHandle_t x) {}
void wait_task(void *p) {
  EventBits_t b = xEventGroupWaitBits(g, 1, pdTRUE, pdFALSE, portMAX_DELAY);
  if (b != 0)
    reach_error();
  vTaskSuspend(NULL);
}
void master(void *p) {
  if (eTaskGetState(waiter) != eBlocked)
    reach_error();
  vEventGroupDelete(g);
  if (eTaskGetState(waiter) != eSuspended)
    reach_error();
  if (pcTimerGetName(t) != tname)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  g = xEventGroupCreateStatic(&gbuf);
  if (g != (EventGroupHandle_t)&gbuf)
    reach_error();
  t = xTimerCreate(tname, 5, pdFALSE, NULL, cb);
  xTaskCreate(wait_task, "w", configMINIMAL_STACK_SIZE, NULL, 2, &waiter);
  xTaskCreate(master, "m", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// Found running the kernel's own demo tasks (`EventGroupsDemo.c`, `StaticAllocation.c`,
/// `TimerDemo.c`) against the real headers: `vEventGroupDelete` unblocks its waiters, whose
/// waits return 0; `eTaskGetState` tells blocked from suspended; a statically created object's
/// handle is the address of its buffer; `pcTimerGetName` returns the name given. Each check
/// flipped fails (skipped, with a note, without the kernel).
#[test]
fn demo_task_findings_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("schedmc-fk-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("FreeRTOSConfig.h"), REAL_CONFIG).unwrap();
    let verify = |name: &str, text: &str| {
        let file = dir.join(format!("{name}.c"));
        std::fs::write(&file, text).unwrap();
        verify_with_kernel(&k, &dir, &file.to_string_lossy())
    };
    let r = verify("findings", DEMO_FINDINGS);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    for (from, to) in [
        ("if (b != 0)", "if (b == 0)"),
        ("!= eSuspended", "!= eBlocked"),
        ("!= eBlocked)", "!= eReady)"),
        ("!= tname", "== tname"),
        ("g != (EventGroupHandle_t)", "g == (EventGroupHandle_t)"),
    ] {
        let text = DEMO_FINDINGS.replacen(from, to, 1);
        assert_ne!(text, DEMO_FINDINGS);
        let r = verify("findings_bug", &text);
        assert!(r.clean(), "{}", r.stderr);
        assert!(
            r.last_line().starts_with("VERIFICATION FAILED"),
            "{to}: {}\n{}",
            r.stdout,
            r.stderr
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const TIMER_ID_POINTER: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <assert.h>
int counter = 5;
void cb(TimerHandle_t t) {}
int main(void) {
  TimerHandle_t t = xTimerCreate("T", 10, pdTRUE, &counter, cb);
  int *c = (int *)pvTimerGetTimerID(t);
  assert(*c == 5);
  vTaskStartScheduler();
  return 0;
}
"#;

/// A read through a pointer a scheduler primitive returned: the timer's ID `&counter` is exact
/// (sched::handed_back: SUCCESSFUL); an integer given as the ID leaves the target unknown, so
/// the assertion's counterexample is not evidence: UNKNOWN naming the read, never FAILED.
#[test]
fn reads_through_primitive_results_are_not_evidence() {
    let r = verify_text("timerid", TIMER_ID_POINTER);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
    let text = TIMER_ID_POINTER.replacen("&counter, cb", "(void *)0x20, cb", 1);
    let r = verify_text("timerid_int", &text);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 3, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.last_line()
            .contains("reads through a pointer with an unknown target (line 10)"),
        "{}",
        r.last_line()
    );
}

/// `pcTaskGetName` returns the kernel's copy of the name, one per task (`sched::task_name`):
/// the examples `task_name*` (the copy is not the literal; texts compare equal; writes through
/// one copy change only it) give their expected verdicts.
#[test]
fn task_names_are_the_kernels_copies() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| {
            let n = e.path.file_name().unwrap().to_string_lossy().to_string();
            e.path
                .parent()
                .unwrap()
                .ends_with("examples/freertos-kernel")
                && n.starts_with("task_name")
        })
        .collect();
    assert_eq!(
        exs.len(),
        8,
        "task_name, task_name_copy, task_name_loop and task_name_twice, safe and bug"
    );
    for ex in &exs {
        let r = verify_example(ex, &[]);
        let want = format!("VERIFICATION {}", ex.expect);
        assert!(
            r.last_line().starts_with(&want),
            "{}: {}\n{}",
            ex.path.display(),
            r.last_line(),
            r.stderr
        );
    }
}

const NAME_WRITTEN: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
void worker(void *p) {
  char *me = pcTaskGetName(NULL);
  me[0] = 'v';
  if (xTaskGetHandle("worker") == NULL)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// A task that renames itself through `pcTaskGetName` is not found under its old name by the
/// kernel (`xTaskGetHandle` compares the copies): schedmc, which compares the literals given at
/// creation, says UNKNOWN rather than SUCCESSFUL.
#[test]
fn get_handle_after_a_write_into_a_name_is_unknown() {
    let r = verify_text("name_written", NAME_WRITTEN);
    assert!(
        r.last_line().starts_with("VERIFICATION UNKNOWN"),
        "{}\n{}",
        r.stdout,
        r.stderr
    );
    assert!(
        r.stdout.contains("write into a task's name"),
        "{}",
        r.stdout
    );
}

/// `REAL_CONFIG_FULL` with the `// config: NAME VALUE` lines of `text` as overrides (or
/// additions).
fn config_with_overrides(text: &str) -> String {
    let mut config = REAL_CONFIG_FULL.to_string();
    for l in text.lines() {
        let Some(rest) = l.strip_prefix("// config: ") else {
            continue;
        };
        let (name, value) = rest.split_once(' ').unwrap();
        let def = format!("#define {name} ");
        let line = format!("#define {name} {value}");
        config = match config.lines().find(|c| c.starts_with(&def)) {
            Some(old) => config.replace(old, &line),
            None => config.replace("#endif", &format!("{line}\n#endif")),
        };
    }
    config
}

/// The reviewer's applications of `tests/freertos_real/` (session 21): each compiled against
/// the real kernel's headers with `REAL_CONFIG_FULL` changed by its `// config:` lines
/// (cooperative scheduling, no time slicing, static allocation), and each with a verdict
/// argued from the kernel's semantics on its first line. One marked `// not yet proved:`
/// may answer UNKNOWN instead of SUCCESSFUL (never FAILED). Skipped, with a note, without
/// the kernel.
#[test]
fn reviewer_applications_with_the_real_kernel_headers() {
    let Some(k) = real_kernel() else {
        eprintln!("note: FreeRTOS-Kernel not found (set FREERTOS_KERNEL); test skipped");
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir("tests/freertos_real")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    paths.sort();
    let mut bad = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let want = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect:"))
            .unwrap()
            .trim()
            .to_string();
        let open = text.lines().any(|l| l.starts_with("// not yet proved:"));
        let tag = path.file_stem().unwrap().to_string_lossy().to_string();
        let r = verify_real(
            &k,
            &config_with_overrides(&text),
            &format!("rv-{tag}"),
            path.to_str().unwrap(),
        );
        let last = r.last_line();
        let ok = last.starts_with(&format!("VERIFICATION {want}"))
            || (open && want == "SUCCESSFUL" && last.starts_with("VERIFICATION UNKNOWN"));
        if !r.clean() || !ok {
            bad.push(format!("{}: {last} ({})", path.display(), r.stderr));
        }
    }
    assert!(paths.len() >= 30, "the safe and bug applications");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

const VECTOR_TABLE_HANDLER: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
volatile int a, b;
void TIM2_IRQHandler(void) {
  a = a + 1;
  b = b + 1;
}
void reader(void *p) {
  for (;;) {
    int x = a;
    int y = b;
    if (x != y)
      reach_error();
  }
}
int main(void) {
  xTaskCreate(reader, "reader", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

/// An interrupt handler the C program never names (firmware installs it in a vector table of
/// its startup code) is still a handler of the description (`*_IRQHandler`) and fires: the
/// task's two unmasked reads of the counters it advances together may differ. (Before
/// session 21 such a handler was no thread at all: a wrong SUCCESSFUL.) Masked with a
/// critical section, the handler cannot come between them.
#[test]
fn handlers_installed_outside_the_program_fire() {
    let r = verify_text("vector", VECTOR_TABLE_HANDLER);
    assert!(r.clean(), "{}", r.stderr);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED") && r.code == 10,
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("interrupt TIM2_IRQHandler fires"),
        "{}",
        r.stdout
    );
    let masked = VECTOR_TABLE_HANDLER
        .replace(
            "    int x = a;",
            "    taskENTER_CRITICAL();\n    int x = a;",
        )
        .replace("    int y = b;", "    int y = b;\n    taskEXIT_CRITICAL();")
        .replace("  a = a + 1;\n  b = b + 1;", "  a = 1;\n  b = 1;");
    let r = verify_text("vector-masked", &masked);
    assert_clean_verdict(&r, "VERIFICATION SUCCESSFUL");
}

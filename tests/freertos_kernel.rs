//! Programs compiled against FreeRTOS-Kernel-shaped headers (`examples/freertos-kernel/`):
//! an API function the description does not map is named in a warning at its call and the
//! verdict is UNKNOWN; a port's inline-assembly function called directly is unsupported.
//! (The applications in `examples/freertos-kernel/` run in the threaded examples test.)

mod common;
use common::*;

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
void *xEventGroupCreate(void);
unsigned long xEventGroupSetBits(void *group, unsigned long bits);
void *group;
int done;
void worker(void *p) {
  for (;;) {
    xEventGroupSetBits(group, 1);
    done = 1;
  }
}
int main(void) {
  group = xEventGroupCreate();
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
        r.last_line().contains("xEventGroupCreate"),
        "{}",
        r.last_line()
    );
    // one warning per unmapped function, at its first call (file:line:col)
    assert!(
        r.stderr.contains("eventgroup.c:15:") && r.stderr.contains("xEventGroupCreate"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("xEventGroupSetBits"), "{}", r.stderr);
}

const DIRECT_ASM: &str = r#"#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared;
void worker(void *p) {
  for (;;) {
    uint32_t m = ulPortRaiseBASEPRI();
    shared++;
    vPortSetBASEPRI(m);
  }
}
int main(void) {
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
"#;

#[test]
fn port_inline_assembly_called_directly_is_unsupported() {
    let r = verify_text("asm", DIRECT_ASM);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 3, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.last_line().contains("inline assembly"),
        "{}",
        r.last_line()
    );
}

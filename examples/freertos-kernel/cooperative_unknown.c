// expect: UNKNOWN
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel -D configUSE_PREEMPTION=0
// With configUSE_PREEMPTION 0 the kernel schedules cooperatively; schedmc reads the
// configuration from the program and does not model cooperative FreeRTOS yet, so it answers
// UNKNOWN rather than verifying the preemptive behaviour.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

int a, b;

void t1(void *p) {
  for (;;) {
    a = 1;
    b = 1;
    taskYIELD();
  }
}

int main(void) {
  xTaskCreate(t1, "t1", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

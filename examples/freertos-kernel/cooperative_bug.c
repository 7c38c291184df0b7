// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// An updater task (priority 1) keeps two flags equal, setting and clearing them one after the
// other and yielding in between; a monitor task (priority 2) wakes every tick and checks them.
// Bug: the configuration is preemptive (configUSE_PREEMPTION 1), so the tick that wakes the monitor preempts the updater between its two writes.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

int x, y;

void updater(void *p) {
  for (;;) {
    x = 1;
    y = 1;
    taskYIELD();
    x = 0;
    y = 0;
    taskYIELD();
  }
}

void monitor(void *p) {
  for (;;) {
    vTaskDelay(1);
    if (x != y)
      reach_error();
  }
}

int main(void) {
  xTaskCreate(updater, "updater", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(monitor, "monitor", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel -D configUSE_PREEMPTION=0
// An updater task (priority 1) keeps two flags equal, setting and clearing them one after the
// other and yielding in between; a monitor task (priority 2) wakes every tick and checks them.
// With configUSE_PREEMPTION 0 (cooperative scheduling, read from the configuration) the monitor runs only when the updater yields, after both writes.
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

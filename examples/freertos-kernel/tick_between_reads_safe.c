// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A low-priority task reads a counter twice; a high-priority task wakes every tick and
// increments it. The low task is dispatched when the high one blocks, possibly just before a
// tick, so that task can run twice between the two reads (the counter grows by 2). The
// reads are in a critical section: no tick between them, so they agree.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

volatile int wakes;

void sleeper(void *p) {
  for (;;) {
    vTaskDelay(1);
    wakes++;
  }
}

void reader(void *p) {
  taskENTER_CRITICAL();
  int a = wakes;
  int b = wakes;
  taskEXIT_CRITICAL();
  if (b != a)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(reader, "reader", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(sleeper, "sleeper", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// A task suspended while blocked in vTaskDelay does not wake when its delay expires: the
// controller suspends the blocked high-priority task and lets 5 ticks pass; the count the
// high task advances after each delay stays the same.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
TaskHandle_t worker_h;
volatile int count;
void worker(void *p) {
  for (;;) {
    vTaskDelay(2);
    count++;
  }
}
void controller(void *p) {
  vTaskSuspend(worker_h);
  int c0 = count;
  vTaskDelay(5);
  if (count != c0)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "wrk", configMINIMAL_STACK_SIZE, NULL, 3, &worker_h);
  xTaskCreate(controller, "ctl", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

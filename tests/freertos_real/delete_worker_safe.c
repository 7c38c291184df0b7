// expect: SUCCESSFUL
// A deleted task never runs again: the controller deletes the lower-priority worker and
// then blocks for 3 ticks; the worker's count does not change. A task deleting itself does
// not continue past vTaskDelete(NULL).
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
TaskHandle_t worker_h;
volatile int count;
void worker(void *p) {
  for (;;)
    count++;
}
void controller(void *p) {
  vTaskDelay(2);
  vTaskDelete(worker_h);
  int c = count;
  vTaskDelay(3);
  if (count != c)
    reach_error();
  vTaskDelete(NULL);
  reach_error();
}
int main(void) {
  xTaskCreate(worker, "wrk", configMINIMAL_STACK_SIZE, NULL, 1, &worker_h);
  xTaskCreate(controller, "ctl", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// The controller reads the worker's count, then blocks for a tick before deleting it: the
// worker runs during the delay, so the count read before no longer holds.
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
  int c = count;
  vTaskDelay(1);
  vTaskDelete(worker_h);
  vTaskDelay(3);
  if (count != c)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "wrk", configMINIMAL_STACK_SIZE, NULL, 1, &worker_h);
  xTaskCreate(controller, "ctl", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

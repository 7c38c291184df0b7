// expect: FAILED
// vTaskResume of a task suspended while blocked in vTaskDelay makes it ready at once (its
// delay ends early), and it runs again while the controller waits: the count changes.
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
  vTaskResume(worker_h);
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

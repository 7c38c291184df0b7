// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// uxTaskPriorityGet(NULL) is the caller's priority; after vTaskPrioritySet(h, 3) it is 3
// (no mutex held, so the base and effective priorities are equal).
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static TaskHandle_t worker_h;
void worker(void *p) {
  for (;;) {
    UBaseType_t mine = uxTaskPriorityGet(NULL);
    if (mine != 1 && mine != 3)
      reach_error();
    vTaskDelay(1);
  }
}
void boss(void *p) {
  if (uxTaskPriorityGet(NULL) != 2 || uxTaskPriorityGet(worker_h) != 1)
    reach_error();
  vTaskPrioritySet(worker_h, 3);
  if (uxTaskPriorityGet(worker_h) != 3)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "wk", configMINIMAL_STACK_SIZE, NULL, 1, &worker_h);
  xTaskCreate(boss, "boss", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

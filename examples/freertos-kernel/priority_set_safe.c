// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* Raising a ready task above the caller switches to it inside vTaskPrioritySet. */
TaskHandle_t w;
volatile int ran;
void worker(void *p) {
  ran = 1;
  vTaskSuspend(NULL);
}
void controller(void *p) {
  vTaskPrioritySet(w, 3);
  if (!ran)
    reach_error();
  if (uxTaskPriorityGet(w) != 3)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, &w);
  xTaskCreate(controller, "c", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

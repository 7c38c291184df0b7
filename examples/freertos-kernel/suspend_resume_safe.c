// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* vTaskResume calls are not counted: resuming a task that is ready has no effect. */
TaskHandle_t w;
volatile int runs;
void worker(void *p) {
  for (;;) {
    vTaskSuspend(NULL);
    runs++;
  }
}
void controller(void *p) {
  while (eTaskGetState(w) != eSuspended)
    vTaskDelay(1);
  vTaskResume(w);
  vTaskResume(w);
  while (eTaskGetState(w) != eSuspended)
    vTaskDelay(1);
  if (runs != 1)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, &w);
  xTaskCreate(controller, "c", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Task names (kept when string literals): the controller finds the worker by its name with
// xTaskGetHandle (as the kernel's AbortDelay demo does), checks pcTaskGetName of itself and of
// the worker character by character, and counts the tasks with uxTaskGetNumberOfTasks: the
// two tasks, the idle task and the timer service task (configUSE_TIMERS 1). A name no task
// has gives NULL. After deleting the worker (the kernel frees it at once) the count drops.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

static const char *const worker_name = "worker";

void worker(void *p) {
  for (;;)
    vTaskDelay(10);
}

void controller(void *p) {
  TaskHandle_t w = xTaskGetHandle(worker_name);
  if (w == NULL || xTaskGetHandle("nobody") != NULL)
    reach_error();
  const char *me = pcTaskGetName(NULL);
  const char *other = pcTaskGetName(w);
  if (me[0] != 'c' || me[3] != 't' || other[0] != 'w' || other[6] != '\0')
    reach_error();
  if (uxTaskGetNumberOfTasks() != 4)
    reach_error();
  vTaskDelete(w);
  if (uxTaskGetNumberOfTasks() != 3 || xTaskGetHandle("worker") != NULL)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(worker, worker_name, configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(controller, "control", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  if (uxTaskGetNumberOfTasks() != 2)
    reach_error();
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// pcTaskGetName returns the kernel's own copy of the name (pxTCB->pcTaskName, filled by
// tasks.c prvInitialiseNewTask: at most configMAX_TASK_NAME_LEN - 1 = 15 characters, then
// NUL), not the pointer given to xTaskCreate: the pointers differ, the texts are equal
// (truncated), two tasks created with the same literal have two copies, and writing through
// one copy changes neither the other nor the literal.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

static const char *const worker_name = "a_worker_with_a_long_name";
static TaskHandle_t h1, h2;

void worker(void *p) {
  for (;;)
    vTaskDelay(10);
}

void controller(void *p) {
  char *me = pcTaskGetName(NULL);
  char *w1 = pcTaskGetName(h1);
  char *w2 = pcTaskGetName(h2);
  if ((const char *)w1 == worker_name || w1 == w2 || me == w1)
    reach_error();
  if (me[0] != 'c' || me[6] != 'l' || me[7] != '\0' || w1[14] != worker_name[14] || w1[15] != '\0')
    reach_error();
  if (pcTaskGetName(h1) != w1)
    reach_error();
  w1[0] = 'X';
  if (w2[0] != 'a' || pcTaskGetName(h1)[0] != 'X' || worker_name[0] != 'a')
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(worker, worker_name, configMINIMAL_STACK_SIZE, NULL, 1, &h1);
  xTaskCreate(worker, worker_name, configMINIMAL_STACK_SIZE, NULL, 1, &h2);
  xTaskCreate(controller, "control", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// config: configUSE_TIME_SLICING 0
// Two tasks of equal priority without time slicing: a task keeps the processor until it
// yields, so neither sees the other's write between its own write and check.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared;
void a(void *p) {
  for (;;) {
    shared = 1;
    if (shared != 1)
      reach_error();
    taskYIELD();
  }
}
void b(void *p) {
  for (;;) {
    shared = 2;
    if (shared != 2)
      reach_error();
    taskYIELD();
  }
}
int main(void) {
  xTaskCreate(a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// The kernel clamps priorities to configMAX_PRIORITIES - 1 (5 levels in FreeRTOSConfig.h).
// Bug: the application assumes that its "priority 7" writer is never interrupted by the
// priority-4 checker, but both run at priority 4 and share the processor by time slicing: the
// checker may run between the writer's two writes. (With 32 levels it would be SUCCESSFUL.)
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

int x, y;

void writer(void *p) {
  for (;;) {
    x = x + 1;
    y = y + 1;
    vTaskDelay(1);
  }
}

void checker(void *p) {
  for (;;) {
    if (x != y)
      reach_error();
  }
}

int main(void) {
  xTaskCreate(writer, "writer", configMINIMAL_STACK_SIZE, NULL, 7, NULL);
  xTaskCreate(checker, "checker", configMINIMAL_STACK_SIZE, NULL, 4, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// pcTaskGetName returns the kernel's own copy of the name (pxTCB->pcTaskName, filled by
// tasks.c prvInitialiseNewTask), not the pointer given to xTaskCreate. Bug: the controller
// recognises itself by comparing that pointer with the literal it was created with (always
// different in the kernel, even for a short name the kernel keeps whole).
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

static const char *const my_name = "control";

void controller(void *p) {
  if (pcTaskGetName(NULL) != my_name)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(controller, my_name, configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static TaskHandle_t a, b;
void worker(void *p) {
  for (;;)
    vTaskDelay(10);
}
static TaskHandle_t spawn(const char *name) {
  TaskHandle_t t;
  xTaskCreate(worker, name, configMINIMAL_STACK_SIZE, NULL, 1, &t);
  return t;
}
void monitor(void *p) {
  char *na = pcTaskGetName(a), *nb = pcTaskGetName(b);
  if (na[0] != 'r' || nb[0] != 't' || na == nb)
    reach_error();
  if (xTaskGetHandle("rx") != a || xTaskGetHandle("tx") != b)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  a = spawn("rx");
  b = spawn("tx");
  xTaskCreate(monitor, "mon", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

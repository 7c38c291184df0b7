// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static const char *const names[3] = {"led", "uart", "adc"};
static TaskHandle_t h[3];
void worker(void *p) {
  for (;;)
    vTaskDelay(10);
}
void monitor(void *p) {
  for (int i = 0; i < 3; i++) {
    char *n = pcTaskGetName(h[i]);
    if (n[0] != names[i][0] || n[1] != names[i][1])
      reach_error();
    if (xTaskGetHandle(names[i]) != h[i])
      reach_error();
  }
  vTaskDelete(NULL);
}
int main(void) {
  for (int i = 0; i < 3; i++)
    xTaskCreate(worker, names[i], configMINIMAL_STACK_SIZE, NULL, 1, &h[i]);
  xTaskCreate(monitor, "mon", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// xSemaphoreCreateCounting with an initial count above the maximum: the kernel returns NULL
// (queue.c asserts and creates nothing); the application's configASSERT on the handle fails.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
static SemaphoreHandle_t pool;
void user(void *p) {
  xSemaphoreTake(pool, portMAX_DELAY);
  vTaskDelete(NULL);
}
int main(void) {
  pool = xSemaphoreCreateCounting(2, 3);
  configASSERT(pool != NULL);
  configASSERT(xTaskCreate(user, "user", configMINIMAL_STACK_SIZE, NULL, 1, NULL) == pdPASS);
  vTaskStartScheduler();
  return 0;
}

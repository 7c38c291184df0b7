// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
/* A recursive mutex taken twice is released only after the second give. */
SemaphoreHandle_t m;
volatile int released;
void owner(void *p) {
  xSemaphoreTakeRecursive(m, portMAX_DELAY);
  xSemaphoreTakeRecursive(m, portMAX_DELAY);
  if (xSemaphoreGiveRecursive(m) != pdTRUE)
    reach_error();
  /* second give forgotten */
  released = 1;
  vTaskDelay(5);
  vTaskDelete(NULL);
}
void other(void *p) {
  while (!released)
    vTaskDelay(1);
  if (xSemaphoreTakeRecursive(m, 0) != pdTRUE)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  m = xSemaphoreCreateRecursiveMutex();
  xTaskCreate(owner, "own", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(other, "oth", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

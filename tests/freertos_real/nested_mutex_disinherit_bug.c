// expect: FAILED
// Priority inheritance with two mutexes held: giving back m2 (which nobody waits for) does
// not return the low task to its base priority while it still holds m1, which the high task
// waits for: the check that it did fails.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
SemaphoreHandle_t m1, m2;
void low(void *p) {
  xSemaphoreTake(m1, portMAX_DELAY);
  xSemaphoreTake(m2, portMAX_DELAY);
  while (uxTaskPriorityGet(NULL) == 1) {
  }
  xSemaphoreGive(m2);
  if (uxTaskPriorityGet(NULL) != 1)
    reach_error();
  xSemaphoreGive(m1);
  vTaskDelete(NULL);
}
void high(void *p) {
  vTaskDelay(1);
  xSemaphoreTake(m1, portMAX_DELAY);
  xSemaphoreGive(m1);
  vTaskDelete(NULL);
}
int main(void) {
  m1 = xSemaphoreCreateMutex();
  m2 = xSemaphoreCreateMutex();
  xTaskCreate(low, "low", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(high, "high", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  vTaskStartScheduler();
  return 0;
}

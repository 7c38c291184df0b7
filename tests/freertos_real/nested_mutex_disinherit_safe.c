// expect: SUCCESSFUL
// Priority inheritance with two mutexes held: the low task holds m1 and m2, the high task
// blocks on m1 and lends its priority. Giving back m2 (which nobody waits for) keeps the
// inherited priority, as FreeRTOS disinherits only when the holder holds no mutex; giving
// back m1 returns the low task to its base priority.
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
  if (uxTaskPriorityGet(NULL) != 3)
    reach_error();
  xSemaphoreGive(m1);
  if (uxTaskPriorityGet(NULL) != 1)
    reach_error();
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

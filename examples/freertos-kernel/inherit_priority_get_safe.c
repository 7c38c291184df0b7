// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
/* A mutex holder inherits the priority of the higher-priority task blocked on it, and gets
   its own back when it gives the mutex. */
SemaphoreHandle_t m;
TaskHandle_t hi;
volatile int held, wants;
void high(void *p) {
  while (!held)
    vTaskDelay(1);
  wants = 1;
  xSemaphoreTake(m, portMAX_DELAY);
  xSemaphoreGive(m);
  vTaskDelete(NULL);
}
void low(void *p) {
  xSemaphoreTake(m, portMAX_DELAY);
  held = 1;
  while (!wants || eTaskGetState(hi) != eBlocked)
    vTaskDelay(1);
  if (uxTaskPriorityGet(NULL) != 3)
    reach_error();
  xSemaphoreGive(m);
  if (uxTaskPriorityGet(NULL) != 1)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  m = xSemaphoreCreateMutex();
  xTaskCreate(high, "hi", configMINIMAL_STACK_SIZE, NULL, 3, &hi);
  xTaskCreate(low, "lo", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Three tasks share a pool of two buffers guarded by a counting semaphore
// (xSemaphoreCreateCounting is xQueueCreateCountingSemaphore, xSemaphoreTake is
// xQueueSemaphoreTake): at most two may hold a buffer. two slots for two users at a time.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

SemaphoreHandle_t slots;
int in_use;

void user(void *p) {
  for (;;) {
    if (xSemaphoreTake(slots, portMAX_DELAY) == pdTRUE) {
      taskENTER_CRITICAL();
      in_use++;
      if (in_use > 2)
        reach_error();
      taskEXIT_CRITICAL();
      vTaskDelay(1);
      taskENTER_CRITICAL();
      in_use--;
      taskEXIT_CRITICAL();
      xSemaphoreGive(slots);
    }
  }
}

int main(void) {
  slots = xSemaphoreCreateCounting(2, 2);
  xTaskCreate(user, "u1", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(user, "u2", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(user, "u3", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

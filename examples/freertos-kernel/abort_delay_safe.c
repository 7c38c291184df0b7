// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// xTaskAbortDelay: "Forces a task to leave the Blocked state ... Returns pdPASS if the task
// was in the Blocked state, otherwise pdFAIL". A sensor task sleeps 1000 ticks; a button task
// aborts its delay; the sensor wakes before the tick count reaches 1000.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static TaskHandle_t sensor;
static volatile int woken;
void sensor_task(void *p) {
  vTaskDelay(1000);
  if (xTaskGetTickCount() >= 1000)
    reach_error();
  woken = 1;
  vTaskDelete(NULL);
}
void button_task(void *p) {
  vTaskDelay(1);
  if (xTaskAbortDelay(sensor) != pdPASS)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(sensor_task, "sens", configMINIMAL_STACK_SIZE, NULL, 2, &sensor);
  xTaskCreate(button_task, "btn", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// xTaskAbortDelay returns pdFAIL when the task is not Blocked: the button task, at a higher
// priority, aborts before the sensor task (lower priority, still Ready) has started its delay.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static TaskHandle_t sensor;
void sensor_task(void *p) {
  vTaskDelay(1000);
  vTaskDelete(NULL);
}
void button_task(void *p) {
  if (xTaskAbortDelay(sensor) != pdPASS)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(sensor_task, "sens", configMINIMAL_STACK_SIZE, NULL, 1, &sensor);
  xTaskCreate(button_task, "btn", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A gateway task blocks on a queue set holding a data queue and a binary semaphore
// (xQueueAddToSet, xQueueSelectFromSet): the member returned has an item, so reading it
// with a zero block time succeeds (FreeRTOS docs: "a queue or semaphore that is a member of
// the set ... the handle returned ... a read with zero block time will succeed").
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"
#include <verifier.h>
static QueueHandle_t data;
static SemaphoreHandle_t kick;
static QueueSetHandle_t set;
static int got;
void producer(void *p) {
  int v = 7;
  for (;;) {
    xQueueSend(data, &v, portMAX_DELAY);
    xSemaphoreGive(kick);
    vTaskDelay(2);
  }
}
void gateway(void *p) {
  for (;;) {
    QueueSetMemberHandle_t m = xQueueSelectFromSet(set, portMAX_DELAY);
    if (m == (QueueSetMemberHandle_t)data) {
      int v;
      if (xQueueReceive(data, &v, 0) != pdPASS || v != 7)
        reach_error();
      got++;
    } else if (m == (QueueSetMemberHandle_t)kick) {
      if (xSemaphoreTake(kick, 0) != pdPASS)
        reach_error();
    } else {
      reach_error();
    }
  }
}
int main(void) {
  data = xQueueCreate(2, sizeof(int));
  kick = xSemaphoreCreateBinary();
  set = xQueueCreateSet(2 + 1);
  configASSERT(data && kick && set);
  xQueueAddToSet(data, set);
  xQueueAddToSet(kick, set);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(gateway, "gw", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

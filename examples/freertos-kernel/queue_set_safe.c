// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A queue set (xQueueCreateSet, configUSE_QUEUE_SETS) holds a queue of length 1 and a counting
// semaphore of 2 that an interrupt handler gives (xSemaphoreGiveFromISR is xQueueGiveFromISR:
// a give to a member posts its handle to the set). A task sends sequence numbers into the
// queue; the handler task blocks on the set and reads exactly the member selected, with no
// block time: it always has data, and the items arrive in order.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"
#include <verifier.h>

QueueHandle_t queue;
SemaphoreHandle_t events;
QueueSetHandle_t set;
int handled;

void EXTI0_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  xSemaphoreGiveFromISR(events, &woken);
  portYIELD_FROM_ISR(woken);
}

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSend(queue, &next, portMAX_DELAY);
    next += 1;
  }
}

void handler(void *p) {
  int expected = 0;
  int item;
  for (;;) {
    vTaskDelay(1);
    QueueSetMemberHandle_t m = xQueueSelectFromSet(set, portMAX_DELAY);
    if (m == (QueueSetMemberHandle_t)queue) {
      if (xQueueReceive(queue, &item, 0) != pdPASS)
        reach_error();
      if (item != expected)
        reach_error();
      expected += 1;
    } else if (m == (QueueSetMemberHandle_t)events) {
      if (xSemaphoreTake(events, 0) != pdPASS)
        reach_error();
      handled = 1;
    } else {
      reach_error();
    }
  }
}

int main(void) {
  void (*vector)(void) = EXTI0_IRQHandler; /* installed in the vector table */
  (void)vector;
  queue = xQueueCreate(1, sizeof(int));
  events = xSemaphoreCreateCounting(2, 0);
  set = xQueueCreateSet(1 + 2);
  configASSERT(xQueueAddToSet(queue, set) == pdPASS);
  configASSERT(xQueueAddToSet(events, set) == pdPASS);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(handler, "hdl", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// As queue_set_safe.c, but the handler, after the queue's item, also takes an event without
// selecting the semaphore (which the kernel's documentation forbids): the set then returns the semaphore's handle while its count
// is 0, and the take with no block time fails.
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
      xSemaphoreTake(events, 0);
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

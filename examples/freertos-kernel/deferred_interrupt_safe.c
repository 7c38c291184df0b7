// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Deferred interrupt handling: the UART interrupt counts an event and gives a binary
// semaphore (xSemaphoreGiveFromISR is xQueueGiveFromISR); a high-priority handler task takes
// it and handles the event. The low-priority background task checks that every event has
// been handled whenever it runs. The handler passes xHigherPriorityTaskWoken to portYIELD_FROM_ISR, so the handler task runs as soon as the interrupt ends.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

SemaphoreHandle_t event;
volatile int pending;
volatile int handled;

void UART_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  pending = pending + 1;
  xSemaphoreGiveFromISR(event, &woken);
  portYIELD_FROM_ISR(woken);
}

void handler_task(void *p) {
  for (;;) {
    if (xSemaphoreTake(event, portMAX_DELAY) == pdTRUE) {
      taskENTER_CRITICAL();
      handled = pending;
      taskEXIT_CRITICAL();
    }
  }
}

void background_task(void *p) {
  for (;;) {
    taskENTER_CRITICAL();
    if (handled != pending)
      reach_error();
    taskEXIT_CRITICAL();
  }
}

int main(void) {
  void (*vector)(void) = UART_IRQHandler; /* installed in the vector table */
  (void)vector;
  event = xSemaphoreCreateBinary();
  xTaskCreate(handler_task, "handler", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  xTaskCreate(background_task, "background", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Deferred work through the timer service task: a UART interrupt pends `account(&rx_bytes, 2)`
// (xTimerPendFunctionCallFromISR) and a task pends `account(&rx_bytes, 1)`
// (xTimerPendFunctionCall); the service task calls each function with its two arguments when it
// processes the command, in the order the commands were queued. After a delay the task sees
// its own call done, but the bug assumes the interrupt never came: it may have (3).
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <assert.h>

int rx_bytes;
int seen[3];
int *last_counter;

void account(void *counter, uint32_t n) {
  last_counter = (int *)counter;
  rx_bytes += (int)n;
  seen[n] = 1;
}

void UART_IRQHandler(void) {
  static int fired;
  BaseType_t woken = pdFALSE;
  if (fired)
    return;
  fired = 1;
  if (xTimerPendFunctionCallFromISR(account, &rx_bytes, 2, &woken) != pdPASS)
    return;
  portYIELD_FROM_ISR(woken);
}

void worker(void *p) {
  xTimerPendFunctionCall(account, &rx_bytes, 1, portMAX_DELAY);
  vTaskDelay(5);
  assert(seen[1] == 1);
  assert(rx_bytes == 1);
  assert(rx_bytes == 1 || seen[2] == 1);
  assert(last_counter == &rx_bytes);
  for (;;)
    vTaskDelay(10);
}

int main(void) {
  void (*vector)(void) = UART_IRQHandler; /* installed in the vector table */
  (void)vector;
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

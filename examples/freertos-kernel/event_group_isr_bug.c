// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Event bits from an interrupt, with a wrong assumption: the interrupt reads the group's bits
// back right after xEventGroupSetBitsFromISR and expects its bit there. The set is only pended
// to the timer service task (the kernel's xTimerPendFunctionCallFromISR), which has not run
// yet: the bit is not set when the interrupt reads it.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <assert.h>

#define BIT_RX (1U << 0)

EventGroupHandle_t events;

void ADC_IRQHandler(void) {
  static int fired;
  BaseType_t woken = pdFALSE;
  if (fired)
    return;
  fired = 1;
  if (xEventGroupSetBitsFromISR(events, BIT_RX, &woken) == pdPASS) {
    assert((xEventGroupGetBitsFromISR(events) & BIT_RX) != 0);
    portYIELD_FROM_ISR(woken);
  }
}

void consumer(void *p) {
  xEventGroupWaitBits(events, BIT_RX, pdTRUE, pdTRUE, portMAX_DELAY);
  for (;;)
    vTaskDelay(10);
}

int main(void) {
  void (*vector)(void) = ADC_IRQHandler; /* installed in the vector table */
  (void)vector;
  events = xEventGroupCreate();
  xTaskCreate(consumer, "consumer", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}

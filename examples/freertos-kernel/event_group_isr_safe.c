// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Event bits from an interrupt: xEventGroupSetBitsFromISR does not set the bits itself, it
// pends the set to the timer service task (the kernel's xTimerPendFunctionCallFromISR of
// vEventGroupSetBitsCallback); the waiting task is woken when the service task runs. The
// interrupt publishes its sample before it asks for the bit, so the waiter sees the sample.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <assert.h>

#define BIT_RX (1U << 0)

EventGroupHandle_t events;
int sample;

void ADC_IRQHandler(void) {
  static int fired;
  BaseType_t woken = pdFALSE;
  if (fired)
    return;
  fired = 1;
  sample = 42;
  if (xEventGroupSetBitsFromISR(events, BIT_RX, &woken) == pdPASS) {
    portYIELD_FROM_ISR(woken);
  }
}

void consumer(void *p) {
  EventBits_t bits = xEventGroupWaitBits(events, BIT_RX, pdTRUE, pdTRUE, portMAX_DELAY);
  assert(bits == BIT_RX);
  assert(sample == 42);
  assert(xEventGroupGetBits(events) == 0);
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

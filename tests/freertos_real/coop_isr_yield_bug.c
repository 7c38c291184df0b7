// expect: FAILED
// config: configUSE_PREEMPTION 0
// Cooperative scheduling, but the interrupt gives a semaphore and calls portYIELD_FROM_ISR
// with the woken flag: the context switch to the higher-priority handler task happens at the
// end of the interrupt even without preemption, between the background task's two reads.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
SemaphoreHandle_t sem;
volatile int handled;
void EXTI0_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  xSemaphoreGiveFromISR(sem, &woken);
  portYIELD_FROM_ISR(woken);
}
void handler(void *p) {
  for (;;) {
    xSemaphoreTake(sem, portMAX_DELAY);
    handled++;
  }
}
void background(void *p) {
  for (;;) {
    int x = handled;
    int y = handled;
    if (x != y)
      reach_error();
    taskYIELD();
  }
}
int main(void) {
  sem = xSemaphoreCreateBinary();
  xTaskCreate(handler, "h", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  xTaskCreate(background, "bg", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}

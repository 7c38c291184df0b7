// expect: SUCCESSFUL
// config: configUSE_PREEMPTION 0
// Cooperative scheduling: the interrupt gives a semaphore without asking for a context
// switch (NULL woken flag), so the handler task runs only when the background task yields,
// never between the background task's two reads.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
SemaphoreHandle_t sem;
volatile int handled;
void EXTI0_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  xSemaphoreGiveFromISR(sem, NULL);
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

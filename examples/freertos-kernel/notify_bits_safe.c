// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Event bits through notifications: a button interrupt sets bit 0 of the task's notification
// value, a timer interrupt bit 1 (xTaskNotifyFromISR with eSetBits, then
// portYIELD_FROM_ISR); the task waits
// (xTaskNotifyWait is xTaskGenericNotifyWait) and handles each press once: it checks that it
// never handles more presses than happened. The task clears the bits it handled on exit from the wait.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

TaskHandle_t task_handle;
volatile int presses;
int handled;

void BUTTON_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  if (presses < 3) {
    presses = presses + 1;
    xTaskNotifyFromISR(task_handle, 1, eSetBits, &woken);
    portYIELD_FROM_ISR(woken);
  }
}

void TIMER_IRQHandler(void) {
  BaseType_t woken = pdFALSE;
  xTaskNotifyFromISR(task_handle, 2, eSetBits, &woken);
  portYIELD_FROM_ISR(woken);
}

void button_task(void *p) {
  uint32_t bits;
  for (;;) {
    if (xTaskNotifyWait(0, 0xffffffffUL, &bits, portMAX_DELAY) == pdTRUE) {
      if (bits & 1) {
        taskENTER_CRITICAL();
        handled++;
        if (handled > presses)
          reach_error();
        taskEXIT_CRITICAL();
      }
    }
  }
}

int main(void) {
  void (*vector[2])(void) = {BUTTON_IRQHandler, TIMER_IRQHandler}; /* the vector table */
  (void)vector;
  xTaskCreate(button_task, "button", configMINIMAL_STACK_SIZE, NULL, 2, &task_handle);
  vTaskStartScheduler();
  return 0;
}

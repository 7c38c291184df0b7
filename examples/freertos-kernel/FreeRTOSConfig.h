/* FreeRTOSConfig.h -- the configuration of the example applications. */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#ifndef configUSE_PREEMPTION
#define configUSE_PREEMPTION 1
#endif
#define configUSE_TIME_SLICING 1
#define configCPU_CLOCK_HZ 64000000UL
#define configTICK_RATE_HZ ((TickType_t)1000)
#define configMAX_PRIORITIES (5)
#define configMINIMAL_STACK_SIZE ((uint16_t)128)
#define configUSE_MUTEXES 1
#define configUSE_RECURSIVE_MUTEXES 1
#define configUSE_COUNTING_SEMAPHORES 1
#define configUSE_QUEUE_SETS 1
#define configTASK_NOTIFICATION_ARRAY_ENTRIES 2
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (5 << 4)
#define configUSE_TIMERS 1
#ifndef configTIMER_TASK_PRIORITY
#define configTIMER_TASK_PRIORITY (configMAX_PRIORITIES - 1)
#endif
#ifndef configTIMER_QUEUE_LENGTH
#define configTIMER_QUEUE_LENGTH 5
#endif
#define configTIMER_TASK_STACK_DEPTH configMINIMAL_STACK_SIZE
#define INCLUDE_vTaskDelay 1
#define INCLUDE_xTaskDelayUntil 1
/* a failing assertion hangs the target for the debugger */
#define configASSERT(x)                                                                       \
  if ((x) == 0) {                                                                             \
    portDISABLE_INTERRUPTS();                                                                 \
    for (;;)                                                                                  \
      ;                                                                                       \
  }

#endif

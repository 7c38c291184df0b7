/* portmacro.h -- an ARM Cortex-M4F-style port (written for schedmc's tests): types, the
   context-switch request through the NVIC's interrupt control register, and interrupt masking
   by raising BASEPRI in inline assembly. */
#ifndef PORTMACRO_H
#define PORTMACRO_H

typedef uint32_t StackType_t;
typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t TickType_t;
#define portMAX_DELAY (TickType_t)0xffffffffUL
#define portBYTE_ALIGNMENT 8
#define portTICK_PERIOD_MS ((TickType_t)1000 / configTICK_RATE_HZ)

#define portNVIC_INT_CTRL_REG (*((volatile uint32_t *)0xe000ed04))
#define portNVIC_PENDSVSET_BIT (1UL << 28UL)

#define portYIELD()                                                                           \
  {                                                                                           \
    portNVIC_INT_CTRL_REG = portNVIC_PENDSVSET_BIT;                                           \
    __asm volatile("dsb" ::: "memory");                                                       \
    __asm volatile("isb");                                                                    \
  }
#define portEND_SWITCHING_ISR(xSwitchRequired)                                                \
  do {                                                                                        \
    if (xSwitchRequired != pdFALSE)                                                           \
      portYIELD();                                                                            \
  } while (0)
#define portYIELD_FROM_ISR(x) portEND_SWITCHING_ISR(x)

extern void vPortEnterCritical(void);
extern void vPortExitCritical(void);
#define portSET_INTERRUPT_MASK_FROM_ISR() ulPortRaiseBASEPRI()
#define portCLEAR_INTERRUPT_MASK_FROM_ISR(x) vPortSetBASEPRI(x)
#define portDISABLE_INTERRUPTS() vPortRaiseBASEPRI()
#define portENABLE_INTERRUPTS() vPortSetBASEPRI(0)
#define portENTER_CRITICAL() vPortEnterCritical()
#define portEXIT_CRITICAL() vPortExitCritical()

#define portFORCE_INLINE inline __attribute__((always_inline))

portFORCE_INLINE static BaseType_t xPortIsInsideInterrupt(void) {
  uint32_t ulCurrentInterrupt;
  __asm volatile("mrs %0, ipsr" : "=r"(ulCurrentInterrupt)::"memory");
  return ulCurrentInterrupt == 0 ? pdFALSE : pdTRUE;
}

portFORCE_INLINE static void vPortRaiseBASEPRI(void) {
  uint32_t ulNewBASEPRI;
  __asm volatile("mov %0, %1\n msr basepri, %0\n isb\n dsb\n"
                 : "=r"(ulNewBASEPRI)
                 : "i"(configMAX_SYSCALL_INTERRUPT_PRIORITY)
                 : "memory");
}

portFORCE_INLINE static uint32_t ulPortRaiseBASEPRI(void) {
  uint32_t ulOriginalBASEPRI, ulNewBASEPRI;
  __asm volatile("mrs %0, basepri\n mov %1, %2\n msr basepri, %1\n isb\n dsb\n"
                 : "=r"(ulOriginalBASEPRI), "=r"(ulNewBASEPRI)
                 : "i"(configMAX_SYSCALL_INTERRUPT_PRIORITY)
                 : "memory");
  return ulOriginalBASEPRI;
}

portFORCE_INLINE static void vPortSetBASEPRI(uint32_t ulNewMaskValue) {
  __asm volatile("msr basepri, %0" ::"r"(ulNewMaskValue) : "memory");
}

#define portMEMORY_BARRIER() __asm volatile("" ::: "memory")

#endif

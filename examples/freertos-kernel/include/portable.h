/* portable.h -- includes the port's portmacro.h (found on the include path). */
#ifndef PORTABLE_H
#define PORTABLE_H

#ifndef portENTER_CRITICAL
#include "portmacro.h"
#endif

#if portBYTE_ALIGNMENT == 8
#define portBYTE_ALIGNMENT_MASK (0x0007)
#else
#error "Invalid portBYTE_ALIGNMENT definition"
#endif

void *pvPortMalloc(size_t xSize);
void vPortFree(void *pv);

#endif

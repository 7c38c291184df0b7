/* systemc.h -- schedmc's C API for SystemC-style cooperative threads: events, immediate /
   delta / timed notification, waiting on an event or for a time, and starting the
   simulation. Prototypes only (no bodies): schedmc binds these names to scheduler actions.
   Times are integers in the simulation's time unit. */
#ifndef __SCHEDMC_SYSTEMC_H
#define __SCHEDMC_SYSTEMC_H

typedef int sc_event;
typedef int sc_time;

#define SC_ZERO_TIME 0

void sc_thread_create(void (*f)(void));
void sc_wait(sc_event *e);
void sc_wait_time(sc_time t);
void sc_notify(sc_event *e);
void sc_notify_delta(sc_event *e);
void sc_notify_time(sc_event *e, sc_time t);
sc_time sc_time_stamp(void);
void sc_start(void);

#endif

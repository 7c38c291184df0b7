// A board-support library with weak defaults that an application may override
// (used by weak_main_safe.c and weak_main_bug.c).
int __attribute__((weak)) board_rate = 9600;

int __attribute__((weak)) board_init(void) { return 0; }

#pragma weak board_id
int board_id(void) { return 7; }

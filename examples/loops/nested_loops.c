// expect: SUCCESSFUL
// args: --engine bmc --unwind 5
// Nested loops: the inner loop's counter restarts on every outer iteration, so a bound of
// 5 (4 iterations + the exit test) suffices for both loops.
void reach_error(void);

int main(void) {
    int n = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            n++;
    if (n != 16)
        reach_error();
    return 0;
}

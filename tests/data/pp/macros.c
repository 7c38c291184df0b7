/* Macro corner cases: rescanning, blue paint, pasting, GNU comma, nesting. */
#define EMPTY
#define LPAREN (
#define RPAREN )
#define F(x, y) x + y
#define ELLIP_FUNC(...) __VA_ARGS__
#define AND &&
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define ID(x) x
#define APPLY(f, x) f(x)
#define TWICE(x) x x
#define SELF SELF + 1
#define A B
#define B A
#define fn(x) fn(x + 1)
#define eprintf(fmt, ...) fprintf(stderr, fmt, ##__VA_ARGS__)
#define NARGS(...) NARGS_(__VA_ARGS__, 5, 4, 3, 2, 1, 0)
#define NARGS_(a, b, c, d, e, N, ...) N
#define PASTE3(a, b, c) a ## b ## c
#define STR(x) #x
#define XSTR(x) STR(x)
#define LINE_STR XSTR(__LINE__)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define SQUARE(x) ((x) * (x))
#define NEG -
#define OBJ(x) (x)
#define OBJ2 OBJ

ELLIP_FUNC(F, LPAREN, 'a', 'b', RPAREN);
int v = ID(ID(ID(3)));
int w = APPLY(SQUARE, 4) + APPLY(ID, APPLY(ID, 5));
TWICE(TWICE(x));
SELF; A; B; fn(fn(1));
eprintf("a"); eprintf("b", 1, 2); eprintf("c",);
int n0 = NARGS(a); int n3 = NARGS(a, b, c);
int XCAT(var_, __LINE__) = PASTE3(1, 2, 3);
const char *s = LINE_STR STR(  spaced   out  ) STR("q\"uote") STR('\'');
int m = MIN(MIN(1, 2), SQUARE(3));
int neg = NEG 1 - NEG-1;
int k = OBJ2(4) + OBJ2;
CAT(L, "wide"); CAT(., 5); CAT(<, <=); CAT(a, EMPTY) CAT(EMPTY, b);
ELLIP_FUNC(
  multi,
  line
) after;
F(ID(1) AND, 2);

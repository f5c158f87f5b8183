package layoutmodel

import (
	"regexp"
	"strings"
)

// Names the generated C headers may not declare. A struct member or type
// named like a keyword does not compile; one named like a macro of the
// standard library (errno, stdin, NULL, EOF, true) compiles alone and
// breaks every file that includes that library header first. So the
// model refuses each of them, at its position, with the reason.

// cWords maps a reserved word to why it is reserved.
var cWords = map[string]string{}

func reserve(why, words string) {
	for _, w := range strings.Fields(words) {
		if _, dup := cWords[w]; !dup {
			cWords[w] = why
		}
	}
}

func init() {
	reserve("a C keyword", `auto break case char const continue default do double else enum
		extern float for goto if inline int long register restrict return short signed sizeof
		static struct switch typedef union unsigned void volatile while
		alignas alignof bool constexpr false nullptr static_assert thread_local true typeof
		typeof_unqual`)
	reserve("a C++ keyword (C++ code includes the headers too)", `and and_eq asm bitand bitor catch
		char8_t char16_t char32_t class compl concept consteval constinit const_cast co_await
		co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace
		new noexcept not not_eq operator or or_eq private protected public reinterpret_cast
		requires static_cast template this throw try typeid typename using virtual wchar_t xor
		xor_eq`)
	// Macros (and the few identifiers) the C library's headers define:
	// each header's, as C11/C23 require them to be macros, and the stdio
	// streams, which every library defines as macros.
	for _, h := range []struct{ header, words string }{
		{"<assert.h>", "assert"},
		{"<complex.h>", "complex imaginary I CMPLX CMPLXF CMPLXL"},
		{"<errno.h>", "errno EDOM EILSEQ ERANGE"},
		{"<iso646.h>", "and and_eq bitand bitor compl not not_eq or or_eq xor xor_eq"},
		{"<math.h>", `fpclassify isfinite isinf isnan isnormal signbit isgreater isgreaterequal isless
			islessequal islessgreater isunordered math_errhandling INFINITY NAN`},
		{"<setjmp.h>", "setjmp"},
		{"<stdalign.h>", "alignas alignof"},
		{"<stdarg.h>", "va_arg va_copy va_end va_start"},
		{"<stdbool.h>", "bool true false"},
		{"<stddef.h>", "NULL offsetof unreachable"},
		{"<stdio.h>", "stdin stdout stderr EOF FILE BUFSIZ"},
		{"<stdnoreturn.h>", "noreturn"},
		{"<threads.h>", "thread_local"},
	} {
		reserve("declared by the C library's "+h.header, h.words)
	}
	reserve("predefined as a macro by GCC and Clang in their default GNU modes (-std=gnu11)", "linux unix i386")
}

// cReservedPatterns are the name families C reserves (C11 7.1.3 and the
// future library directions of 7.31), each with why.
var cReservedPatterns = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`^_[A-Z_]|__`), "reserved for the compiler and library: it begins with an underscore and a capital or holds a double underscore"},
	{regexp.MustCompile(`^E[0-9A-Z]`), "reserved for <errno.h>'s macros: it begins with E and a digit or capital"},
	{regexp.MustCompile(`^SIG_?[A-Z]`), "reserved for <signal.h>'s macros: it begins with SIG and a capital"},
	{regexp.MustCompile(`^(PRI|SCN)[a-zX]`), "reserved for <inttypes.h>'s macros: it begins with PRI or SCN and a lower-case letter or X"},
	{regexp.MustCompile(`^(LC|FE|TIME|ATOMIC|MATH)_[A-Z]`), "reserved for the C library's macros: it begins with LC_, FE_, TIME_, ATOMIC_ or MATH_ and a capital"},
	{regexp.MustCompile(`^U?INT[0-9A-Z_]*_(MAX|MIN|C|WIDTH)$`), "reserved for <stdint.h>'s macros: it begins with INT or UINT and ends with _MAX, _MIN, _C or _WIDTH"},
}

// cReserved returns why name may not be declared by a generated C header
// (a struct, a member, a macro, a function), or "" when it may.
func cReserved(name string) string {
	if why, ok := cWords[name]; ok {
		return why
	}
	for _, p := range cReservedPatterns {
		if p.re.MatchString(name) {
			return p.why
		}
	}
	return ""
}

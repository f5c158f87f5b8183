// Package local declares a schema-marked enum and union by hand and uses
// them in the same package: the facts of the package being checked.
package local

// Level is an integer enum.
//
//schemagen:enum
type Level int // want Level:`^enum\(Low, Mid, High, Top\)$`

const (
	Low Level = iota
	Mid
	High
	Top = High // another name for High: one member value, named first as High
)

// Shape is a union whose variants are declared around it.
//
//schemagen:union
type Shape interface{ area() int } // want Shape:`^union\(\*Square, \*Circle\)$`

type Square struct{}

func (*Square) area() int { return 1 }

//schemagen:enum
type NotAnEnum struct{} // a directive on a type that cannot be an enum: no fact

//schemagen:union
type NotAUnion int // a directive on a type that cannot be a union: no fact

type Circle struct{}

func (*Circle) area() int { return 2 }

type Plain int // implements nothing

func levels(l Level) string {
	switch l { // want `^missing cases in switch of type Level: Mid$`
	case Low, Top:
		return "low or high"
	}
	switch l { // silent: High covers its other name Top
	case Low, Mid, High:
	}
	return ""
}

func shapes(s Shape) {
	switch s.(type) { // want `^missing cases in type switch of type Shape: \*Circle$`
	case *Square:
	}
}

// Drawn is a second union Square is a variant of, as an object may be a
// variant of several unions without a discriminator, each with a marker
// method of its own: each union's variants are its own.
//
//schemagen:union
type Drawn interface{ isDrawn() } // want Drawn:`^union\(\*Square, \*Line\)$`

func (*Square) isDrawn() {}

type Line struct{}

func (*Line) isDrawn() {}

func drawn(d Drawn) {
	switch d.(type) { // want `^missing cases in type switch of type Drawn: \*Line$`
	case *Square:
	}
	switch d.(type) { // silent: every variant
	case *Square, *Line:
	}
}

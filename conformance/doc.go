// Package conformance holds the consumer checks: programs and tests that use
// generated/ the way the host (Go), app (TypeScript) and firmware (C) teams
// do. A generated output that no consumer here uses is not proven.
package conformance

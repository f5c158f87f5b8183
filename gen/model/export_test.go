package model

// SetAskedLimit sets how many answers each of the resolver's memos keeps
// per generation, returning what restores it: a test resolves with a memo
// that forgets at once, to show that forgetting changes no answer.
func SetAskedLimit(n int) (restore func()) {
	old := askedLimit
	askedLimit = n
	return func() { askedLimit = old }
}

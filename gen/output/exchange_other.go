//go:build !linux

package output

import "io/fs"

// exchange: no atomic exchange of two names is used on this OS; Write
// swaps by two renames, and Lock's recovery covers the moment between
// them. A variable, as on Linux, so that tests can replace it.
var exchange = func(a, b string) error { return errNoExchange }

// syncEach is true here: each file of a new tree is fsynced as it is
// written (writeFile), and syncFiles has nothing left to do.
const syncEach = true

// syncFiles does nothing here: see syncEach.
func syncFiles(string) error { return nil }

// freshMode is 0 here: the mode a new file gets is not known, so Write
// writes every file rather than link one that did not change.
func freshMode() fs.FileMode { return 0 }

// soleName is false here, where nothing is linked (freshMode).
func soleName(fs.FileInfo) bool { return false }

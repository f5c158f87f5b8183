package ledger

import (
	"github.com/schemagen/schemagen/generated/go/fleet"
)

// appendRow appends row to b as the one line of JSON json.Marshal writes
// for it (no newline): the generated encoder, the kind first, then the
// fields in schema order, optional ones only when present, without
// reflection. FuzzAppendRowIsJSONMarshal holds it to json.Marshal byte for
// byte.
func appendRow(b []byte, row fleet.LedgerRow) ([]byte, error) {
	return row.AppendJSON(b)
}

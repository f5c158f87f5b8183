package fix

import . "fleet"

func dotted(r LedgerRow) {
	switch r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*ShippedRow$`
	case *PassedRow, *FailedRow:
	}
}

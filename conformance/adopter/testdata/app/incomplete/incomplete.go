// Package incomplete forgets a payment method: schemavet must say so.
package incomplete

import "acme.dev/shop/gen/go/orders"

// Paid says how an order was paid.
func Paid(o *orders.Order) string {
	switch o.Payment.(type) {
	case *orders.Card:
		return "card"
	case nil:
		return "not yet"
	}
	return "?"
}

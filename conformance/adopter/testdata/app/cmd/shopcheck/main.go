// Command shopcheck is the shop's Go service reading its own contract: it
// decodes each fixture named on the command line with the generated types
// (valid/<kind>/… and invalid/<kind>/…), validates it, encodes it again and
// checks that the bytes decode to the same value, and prints one line a
// fixture: "PATH: ok SUMMARY" or "PATH: error MESSAGE".
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	billing "acme.dev/shop/gen/go/billing/common"
	"acme.dev/shop/gen/go/orders"
	shipping "acme.dev/shop/gen/go/shipping/common"
)

func main() {
	// The two packages named common are two packages.
	_ = billing.Money{Cents: 100, Currency: billing.CurrencyEUR}
	_ = shipping.Parcel{Grams: 1}
	for _, path := range os.Args[1:] {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Println(path+": error", err)
			continue
		}
		summary, err := check(filepath.Base(filepath.Dir(path)), data)
		if err != nil {
			fmt.Printf("%s: error %s\n", path, strings.ReplaceAll(err.Error(), "\n", "; "))
			continue
		}
		fmt.Printf("%s: ok %s\n", path, summary)
	}
}

func check(kind string, data []byte) (string, error) {
	switch kind {
	case "order":
		var o orders.Order
		if err := json.Unmarshal(data, &o); err != nil {
			return "", err
		}
		if err := o.Validate(); err != nil {
			return "", err
		}
		again, err := json.Marshal(o)
		if err != nil {
			return "", err
		}
		var o2 orders.Order
		if err := json.Unmarshal(again, &o2); err != nil {
			return "", fmt.Errorf("the encoding does not decode: %v", err)
		}
		if b, _ := json.Marshal(o2); !bytes.Equal(b, again) {
			return "", fmt.Errorf("a round trip changed the order: %s, then %s", again, b)
		}
		return describe(&o), nil
	case "order-event":
		ev, err := orders.UnmarshalOrderEvent(data)
		if err != nil {
			return "", err
		}
		if err := ev.Validate(); err != nil {
			return "", err
		}
		switch ev := ev.(type) {
		case *orders.OrderPlaced:
			return "placed " + describe(&ev.Order), nil
		case *orders.OrderShipped:
			return "shipped " + ev.ID, nil
		}
	}
	return "", fmt.Errorf("no fixtures of kind %q", kind)
}

// describe says what an order holds: its payment (a union field, nil when
// absent), its adjustments (a list of unions) and its stock (a named map).
func describe(o *orders.Order) string {
	pay := "unpaid"
	switch p := o.Payment.(type) {
	case *orders.Card:
		pay = "card " + p.Last4
	case *orders.Voucher:
		pay = "voucher " + p.Code
	case nil:
	}
	var adj []string
	for _, a := range o.Adjustments {
		switch a := a.(type) {
		case *orders.Discount:
			adj = append(adj, fmt.Sprintf("-%d", a.Cents))
		case *orders.Surcharge:
			adj = append(adj, fmt.Sprintf("+%d", a.Cents))
		}
	}
	var stock orders.Stock = o.Stock
	title := ""
	if o.Heading != nil {
		title = " " + *o.Heading
	}
	return fmt.Sprintf("%s %s [%s] stock=%d%s", o.ID, pay, strings.Join(adj, " "), len(stock), title)
}

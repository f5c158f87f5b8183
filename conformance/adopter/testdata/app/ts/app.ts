// The app's side: the generated types of both wire packages, a switch over
// a union-typed field that must answer every variant (a missing one fails
// `never`), a list of unions, a named map, and what the schema refuses.
import type { Adjustment, Order, OrderEvent, Stock } from "../gen/ts/orders";
import type { Money } from "../gen/ts/billing/common";
import type { Parcel } from "../gen/ts/shipping/common";

export function paid(o: Order): string {
  const p = o.payment;
  if (p === undefined) {
    return "unpaid";
  }
  switch (p.method) {
    case "card":
      return "card " + p.last4;
    case "voucher":
      return "voucher " + p.code;
    default: {
      const unanswered: never = p;
      return unanswered;
    }
  }
}

export function adjusted(adjustments: readonly Adjustment[]): number {
  let cents = 0;
  for (const a of adjustments) {
    switch (a.type) {
      case "discount":
        cents -= a.cents;
        break;
      case "surcharge":
        cents += a.cents;
        break;
      default: {
        const unanswered: never = a;
        return unanswered;
      }
    }
  }
  return cents;
}

export function inStock(s: Stock): number {
  return Object.values(s).reduce((a, b) => a + b, 0);
}

export function describe(e: OrderEvent): string {
  switch (e.event) {
    case "placed":
      return paid(e.order) + " " + adjusted(e.order.adjustments ?? []);
    case "shipped":
      return e.id;
  }
}

export const price: Money = { cents: 250, currency: "EUR" };
export const parcel: Parcel = { grams: 100, labels: { front: "fragile" } };

export const open: Order = { id: "o-1", status: "open", placedAt: "2026-09-06T10:00:00Z", lines: [{ sku: "ABC", qty: 1 }] };
// @ts-expect-error an open order carries no payment
export const openButPaid: Order = { ...open, payment: { method: "card", last4: "4242" } };
// @ts-expect-error a payment is one of its variants, told apart by method
export const cash: Order = { ...open, status: "paid", payment: { method: "cash" } };

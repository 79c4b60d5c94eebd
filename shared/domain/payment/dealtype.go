package payment

import "math/big"

// DealType is the kind of deal, as the product lists them.
type DealType string

// The deal types, in the order the product lists them.
const (
	Lease       DealType = "Lease"
	Retail      DealType = "Retail"
	Balloon     DealType = "Balloon"
	Cash        DealType = "Cash"
	OnePayLease DealType = "One-pay lease"
	Wholesale   DealType = "Wholesale"
	Incomplete  DealType = "Incomplete"
	Conquest    DealType = "Conquest"
	Converted   DealType = "Converted"
)

// DealTypes lists every deal type in the product's order.
func DealTypes() []DealType {
	return []DealType{Lease, Retail, Balloon, Cash, OnePayLease, Wholesale, Incomplete, Conquest, Converted}
}

// SaleType is the one-letter symbol a deal's sale type is stored and shown as.
type SaleType string

// The sale type symbols. The product names only the letters B, P, L and C; they read as
// Balloon, Purchase (a retail finance), Lease and Cash, the four ways a customer pays.
const (
	SaleBalloon  SaleType = "B"
	SalePurchase SaleType = "P"
	SaleLease    SaleType = "L"
	SaleCash     SaleType = "C"
)

// SaleTypes lists the sale type symbols in the product's order.
func SaleTypes() []SaleType { return []SaleType{SaleBalloon, SalePurchase, SaleLease, SaleCash} }

// Valid reports whether s is one of the four symbols.
func (s SaleType) Valid() bool {
	switch s {
	case SaleBalloon, SalePurchase, SaleLease, SaleCash:
		return true
	}
	return false
}

// Valid reports whether d is one of the listed deal types.
func (d DealType) Valid() bool {
	for _, t := range DealTypes() {
		if d == t {
			return true
		}
	}
	return false
}

// SaleType is the sale type a deal of this type is computed as. Wholesale, Incomplete,
// Conquest and Converted describe where a deal stands or came from, not how it is paid, and
// have none (ok is false): the engine computes no payment for them.
func (d DealType) SaleType() (SaleType, bool) {
	switch d {
	case Lease, OnePayLease:
		return SaleLease, true
	case Retail:
		return SalePurchase, true
	case Balloon:
		return SaleBalloon, true
	case Cash:
		return SaleCash, true
	}
	return "", false
}

// DisplayRate shows a deal's lease rate as the product does. On a Canadian platform the
// rate (a money factor) is multiplied by 2400 and shown with 2 decimals, whatever the sale
// type; elsewhere it is shown as it is, with 5 decimals for a lease (sale type L) and 2 for
// every other sale type. Rounding is half away from zero.
func DisplayRate(rate float64, saleType SaleType, canada bool) string {
	// The shortest decimal that reads back as the same float is the number the user typed
	// or the store kept; formatting that exact decimal avoids binary artefacts such as
	// 0.000125*2400 = 0.30000000000000004.
	x, ok := new(big.Rat).SetString(formatShortest(rate))
	if !ok {
		return ""
	}
	if canada {
		return formatFixed(x.Mul(x, big.NewRat(moneyFactorDivisor, 1)), 2)
	}
	if saleType == SaleLease {
		return formatFixed(x, 5)
	}
	return formatFixed(x, 2)
}

package dealsheet

import (
	"testing"
	"time"
)

func TestPredictTurn(t *testing.T) {
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	sale := func(year int, mk, model string, days int) SaleEntry {
		return SaleEntry{Year: year, Make: mk, Model: model, OpenedAt: at.AddDate(0, 0, -days), SoldAt: at, Days: days}
	}
	store := []SaleEntry{
		sale(2026, "Toyota", "Camry", 10), sale(2025, "Toyota", "Camry", 20), sale(2026, "Toyota", "Camry", 40),
		sale(2020, "Toyota", "Camry", 90), sale(2026, "Toyota", "RAV4", 5), sale(2026, "Honda", "Civic", 30),
	}
	for _, tt := range []struct {
		name             string
		year             int
		mk, model        string
		sales            []SaleEntry
		basis            string
		n                int
		estimate, lo, hi int
	}{
		{"the same model within a year", 2026, "Toyota", "Camry", store, TurnBasisModelYear, 3, 20, 10, 40},
		{"the same model, every year", 2018, "toyota", "camry", store, TurnBasisModel, 4, 30, 10, 40},
		{"the same make", 2026, "Toyota", "Corolla", store, TurnBasisMake, 5, 20, 10, 40},
		{"every sale of the store", 2026, "Kia", "Soul", store, TurnBasisStore, 6, 25, 10, 40},
		{"too few sales", 2026, "Toyota", "Camry", store[:2], TurnBasisNone, 0, -1, -1, -1},
		{"no sales", 2026, "Toyota", "Camry", nil, TurnBasisNone, 0, -1, -1, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := PredictTurn(tt.year, tt.mk, tt.model, "", tt.sales)
			if p.Basis != tt.basis || p.Sales != tt.n || p.StoreSales != len(tt.sales) {
				t.Fatalf("basis %s n %d store %d", p.Basis, p.Sales, p.StoreSales)
			}
			if tt.estimate < 0 {
				if p.Estimate != nil || p.BasisLabel == "" {
					t.Errorf("an estimate from too little history: %+v", p)
				}
				return
			}
			if *p.Estimate != tt.estimate || *p.Low != tt.lo || *p.High != tt.hi {
				t.Errorf("estimate %d (%d to %d), want %d (%d to %d)", *p.Estimate, *p.Low, *p.High, tt.estimate, tt.lo, tt.hi)
			}
		})
	}
}

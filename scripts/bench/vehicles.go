package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/vehicle"
)

// vehicleBench measures the vehicle catalogue's calls through the gateway against the bare
// GetItem every call's session needs: VIN decoding, a make/model/trim search, and one batch
// call decoding 10,000 VINs.
type vehicleBench struct {
	gateway, bearer string
	client          *http.Client
	bare            func() error
	n               int
}

// benchVINs returns n VINs built from the descriptors of real vehicles of several makes, with
// serial numbers counted up and their check digits computed.
func benchVINs(n int) []string {
	stems := []string{"1HGCM826*3A", "1G1ZT538*6F", "1N4AL3AP*JC", "1C4RJFAG*FC", "5YJ3E1EA*KF", "4T1B11HK*JU", "1FTFW1ET*DF", "KNDJT2A5*D7"}
	out := make([]string, n)
	for i := range out {
		s := stems[i%len(stems)]
		v := []byte(fmt.Sprintf("%s%06d", s, i%1000000))
		d, _ := vehicle.CheckDigit(string(v[:8]) + "0" + string(v[9:]))
		v[8] = d
		out[i] = string(v)
	}
	return out
}

func (b vehicleBench) call(ctx context.Context, method, path string, body any) error {
	var buf []byte
	if body != nil {
		var err error
		if buf, err = json.Marshal(body); err != nil {
			return err
		}
	}
	_, err := callGateway(ctx, b.client, method, b.gateway+path, b.bearer, buf)
	return err
}

func benchVehicles(ctx context.Context, b vehicleBench) error {
	vins := benchVINs(10000)
	i := 0
	decode := func() error {
		i++
		return b.call(ctx, http.MethodGet, "/vehicle/vin/"+vins[i%len(vins)], nil)
	}
	fmt.Printf("\nVehicle catalogue through the gateway vs a bare GetItem (n=%d)\n", b.n)
	base, path, err := measure(b.n, b.bare, decode)
	if err != nil {
		return err
	}
	report("bare GetItem", base, nil)
	report("GET /vehicle/vin/{vin}", path, base)

	searches := []map[string]any{
		{"makeName": "Honda", "modelName": "Accord", "year": 2024},
		{"makeName": "Toyota", "query": "ca", "year": 2020},
		{"query": "che"},
	}
	paths := []string{"/vehicle/trims/search", "/vehicle/models/search", "/vehicle/makes/search"}
	for k, p := range paths {
		base, path, err := measure(b.n, b.bare, func() error { return b.call(ctx, http.MethodPost, p, searches[k]) })
		if err != nil {
			return err
		}
		report("POST "+p, path, base)
	}

	const runs = 5
	var total time.Duration
	for r := 0; r < runs; r++ {
		start := time.Now()
		if err := b.call(ctx, http.MethodPost, "/vehicle/vin/decode_batch", map[string]any{"vins": vins}); err != nil {
			return err
		}
		total += time.Since(start)
	}
	per := total / runs
	fmt.Printf("  %-34s %8.1f ms per call   %8.0f VINs/s\n", "POST /vehicle/vin/decode_batch (10,000)", ms(per), float64(len(vins))/per.Seconds())
	return nil
}

package contact

import (
	"strconv"

	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The kinds of a customer's scanned images: the two sides of the driver licence and the photo
// cropped from it.
const (
	ImageLicenseFront  = "driver_license_front"
	ImageLicenseBack   = "driver_license_back"
	ImageLicenseAvatar = "driver_license_avatar"
)

// ImageKinds are every kind of scanned image a customer may have.
func ImageKinds() []string {
	return []string{ImageLicenseFront, ImageLicenseBack, ImageLicenseAvatar}
}

// ImageKey is where the image of kind of customer id is kept in the file store: the one place
// these keys are built.
func ImageKey(t store.Tenant, id int64, kind string) (blob.Key, error) {
	return blob.NewKey(t, "contacts", strconv.FormatInt(id, 10), kind)
}

package analyzer

import (
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
)

// TestSiteVerbs: every category a classified return can have has the
// words its related information uses.
func TestSiteVerbs(t *testing.T) {
	for k := errorigin.OtherFailure; k <= errorigin.InvalidParams; k++ {
		if siteVerb[k] == "" {
			t.Errorf("category %s has no site verb", k)
		}
	}
}

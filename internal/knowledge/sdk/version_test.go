package sdk

import "testing"

func TestOlder(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want bool
	}{{"v1.4.1", true}, {"v1.5.0-pre.1", false}, {"v1.5.0", false}, {"v1.8.0", false}, {"v0.9.0", true}} {
		if got := Older(tc.v, Default[0].Advisories[0].FixedIn); got != tc.want {
			t.Errorf("Older(%s, %s) = %v", tc.v, Default[0].Advisories[0].FixedIn, got)
		}
	}
}

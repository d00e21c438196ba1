package analyzer

import "github.com/mcperrlint/mcperrlint/internal/errorigin"

// siteVerb says what happens at a reported return's site, by its
// category.
var siteVerb = map[errorigin.Category]string{
	errorigin.Decode:        "the arguments are decoded",
	errorigin.Validate:      "the argument is checked",
	errorigin.InvalidParams: "the InvalidParams error is built",
	errorigin.OtherFailure:  "the error comes from",
}

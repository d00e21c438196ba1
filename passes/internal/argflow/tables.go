package argflow

import (
	"go/types"
	"strings"
)

// This file is the library knowledge of the argument tracker, as data.
// Functions are named as types.Func.FullName prints them; lookups go
// through funcKey, since Classify runs on every call and FullName builds
// a new string each time.

// decoders maps functions that turn argument data into Go values to the
// operand positions of the data and of the target pointer (receiver = 0
// for methods; -1 means none). Their error result is a decoding error.
var decoders = map[string]struct{ data, target int }{
	"encoding/json.Unmarshal":                        {0, 1},
	"(*encoding/json.Decoder).Decode":                {0, 1},
	"github.com/goccy/go-json.Unmarshal":             {0, 1},
	"(*github.com/goccy/go-json.Decoder).Decode":     {0, 1},
	"github.com/segmentio/encoding/json.Unmarshal":   {0, 1},
	"github.com/mitchellh/mapstructure.Decode":       {0, 1},
	"github.com/mitchellh/mapstructure.WeakDecode":   {0, 1},
	"github.com/go-viper/mapstructure/v2.Decode":     {0, 1},
	"github.com/go-viper/mapstructure/v2.WeakDecode": {0, 1},
	"gopkg.in/yaml.v3.Unmarshal":                     {0, 1},
}

// validators are functions and methods that check a value; their error
// result, when an operand derives from the arguments, is a validation
// failure. Methods named in validatorMethods qualify on any receiver.
var validators = map[string]bool{
	"(*github.com/go-playground/validator/v10.Validate).Struct":            true,
	"(*github.com/go-playground/validator/v10.Validate).StructCtx":         true,
	"(*github.com/go-playground/validator/v10.Validate).Var":               true,
	"(*github.com/go-playground/validator/v10.Validate).VarCtx":            true,
	"github.com/go-ozzo/ozzo-validation/v4.Validate":                       true,
	"github.com/go-ozzo/ozzo-validation/v4.ValidateStruct":                 true,
	"github.com/invopop/validation.Validate":                               true,
	"github.com/invopop/validation.ValidateStruct":                         true,
	"(*github.com/santhosh-tekuri/jsonschema/v6.Schema).Validate":          true,
	"(*github.com/google/jsonschema-go/jsonschema.Resolved).Validate":      true,
	"(*github.com/xeipuuv/gojsonschema.Schema).Validate":                   true,
	"github.com/asaskevich/govalidator.ValidateStruct":                     true,
	"(*github.com/santhosh-tekuri/jsonschema/v5.Schema).Validate":          true,
	"(*github.com/google/jsonschema-go/jsonschema.Resolved).ApplyDefaults": true,
}

// validatorMethods are method names that, on a receiver derived from the
// arguments, validate it.
var validatorMethods = map[string]bool{
	"Validate": true, "Valid": true, "Check": true, "Verify": true,
}

// purePackages are packages whose functions and methods compute their
// results from their operands alone: a result derived from an argument is
// an argument value, and a failed error result is the argument failing a
// check (a parse error). Packages that also do I/O list the pure names in
// pureFuncs instead.
var purePackages = map[string]bool{
	"bytes": true, "strings": true, "strconv": true, "unicode": true,
	"unicode/utf8": true, "unicode/utf16": true, "math": true, "math/big": true,
	"math/bits": true, "slices": true, "maps": true, "sort": true, "cmp": true,
	"regexp": true, "net/url": true, "net/netip": true, "net/mail": true,
	"path": true, "time": true, "encoding/json": true, "encoding/base64": true,
	"encoding/base32": true, "encoding/hex": true, "encoding/csv": true, "html": true,
	"mime": true, "fmt": true, "errors": true,
	"github.com/google/uuid":           true,
	"github.com/gofrs/uuid":            true,
	"github.com/Masterminds/semver":    true,
	"github.com/Masterminds/semver/v3": true,
	"golang.org/x/mod/semver":          true,
	"github.com/robfig/cron/v3":        true,
	"github.com/shopspring/decimal":    true,
}

// impureInPurePackages are the exceptions to purePackages: they read the
// clock, the environment or the file system, or block.
var impureInPurePackages = map[string]bool{
	"time.Now": true, "time.Sleep": true, "time.After": true, "time.Tick": true,
	"time.NewTimer": true, "time.NewTicker": true, "time.AfterFunc": true,
	"fmt.Fprintf": true, "fmt.Fprint": true, "fmt.Fprintln": true,
	"fmt.Printf": true, "fmt.Print": true, "fmt.Println": true,
	"fmt.Scan": true, "fmt.Scanf": true, "fmt.Scanln": true,
	"fmt.Fscan": true, "fmt.Fscanf": true, "fmt.Fscanln": true,
}

// pureNotChecks are pure functions whose error does not say that an
// operand is malformed: marshaling parses nothing, and fails for an
// unsupported type or value in the server's own data.
var pureNotChecks = map[string]bool{
	"encoding/json.Marshal": true, "encoding/json.MarshalIndent": true,
	"(*encoding/json.Encoder).Encode": true,
}

// pureFuncs are pure functions of packages that are otherwise impure.
var pureFuncs = map[string]bool{
	"net.ParseIP": true, "net.ParseCIDR": true, "net.ParseMAC": true,
	"net.SplitHostPort": true, "net.JoinHostPort": true,
	"path/filepath.Base": true, "path/filepath.Clean": true, "path/filepath.Dir": true,
	"path/filepath.Ext": true, "path/filepath.IsAbs": true, "path/filepath.IsLocal": true,
	"path/filepath.Join": true, "path/filepath.Match": true, "path/filepath.Rel": true,
	"path/filepath.Split": true, "path/filepath.ToSlash": true, "path/filepath.FromSlash": true,
	"path/filepath.Localize": true,
}

// isPure reports whether the function or method k computes its results
// from its operands alone.
func isPure(k funcKey) bool {
	if pureFuncKeys[k] {
		return true
	}
	return purePackages[k.pkg] && !impureKeys[k]
}

// errorConstructors create a new error from a message.
var errorConstructors = map[string]bool{
	"errors.New":                        true,
	"fmt.Errorf":                        true,
	"github.com/pkg/errors.New":         true,
	"github.com/pkg/errors.Errorf":      true,
	"github.com/pkg/errors.Wrap":        true,
	"github.com/pkg/errors.Wrapf":       true,
	"github.com/pkg/errors.WithMessage": true,
	"github.com/pkg/errors.WithStack":   true,
	"errors.Join":                       true,
}

// A funcKey names a function or method by its parts, as FullName prints
// them: the package path, for a method the receiver's type name and
// whether it is a pointer, and the name.
type funcKey struct {
	pkg, recv, name string
	ptr             bool
}

// keyOf returns fn's key, built from strings fn already holds.
func keyOf(fn *types.Func) funcKey {
	k := funcKey{name: fn.Name()}
	if fn.Pkg() != nil {
		k.pkg = fn.Pkg().Path()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			k.ptr, t = true, p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			k.recv = n.Obj().Name()
		}
	}
	return k
}

// parseKey returns the key of the function FullName prints as full:
// "path.Func", "(path.Type).Method" or "(*path.Type).Method".
func parseKey(full string) funcKey {
	var k funcKey
	if rest, ok := strings.CutPrefix(full, "("); ok {
		typ, name, _ := strings.Cut(rest, ").")
		typ, k.ptr = strings.CutPrefix(typ, "*")
		dot := strings.LastIndexByte(typ, '.')
		k.pkg, k.recv, k.name = typ[:dot], typ[dot+1:], name
		return k
	}
	dot := strings.LastIndexByte(full, '.')
	k.pkg, k.name = full[:dot], full[dot+1:]
	return k
}

// keyed returns table with its names parsed into keys.
func keyed[V any](table map[string]V) map[funcKey]V {
	m := make(map[funcKey]V, len(table))
	for full, v := range table {
		m[parseKey(full)] = v
	}
	return m
}

var (
	decoderKeys          = keyed(decoders)
	validatorKeys        = keyed(validators)
	errorConstructorKeys = keyed(errorConstructors)
	pureFuncKeys         = keyed(pureFuncs)
	impureKeys           = keyed(impureInPurePackages)
	pureNotCheckKeys     = keyed(pureNotChecks)
)

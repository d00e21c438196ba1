package roles

// Builtin returns the library knowledge every analyzer starts from: the
// standard library's and common modules' decoders, validators, error
// constructors and pure functions. Functions are spelled as
// types.Func.FullName prints them.
func Builtin() []Row { return builtinRows }

// BuiltinTable is the table of the built-in rows alone, for the questions
// no configuration changes (does this call make a new error).
var BuiltinTable = NewTable(builtinRows)

var builtinRows = rowsOf(
	// Decoders: operand 0 is the data, operand 1 the target.
	funcs(Row{Role: Decode, Data: 0, Target: 1},
		"encoding/json.Unmarshal",
		"(*encoding/json.Decoder).Decode",
		"github.com/goccy/go-json.Unmarshal",
		"(*github.com/goccy/go-json.Decoder).Decode",
		"github.com/segmentio/encoding/json.Unmarshal",
		"github.com/mitchellh/mapstructure.Decode",
		"github.com/mitchellh/mapstructure.WeakDecode",
		"github.com/go-viper/mapstructure/v2.Decode",
		"github.com/go-viper/mapstructure/v2.WeakDecode",
		"gopkg.in/yaml.v3.Unmarshal",
	),
	funcs(Row{Role: Validate},
		"(*github.com/go-playground/validator/v10.Validate).Struct",
		"(*github.com/go-playground/validator/v10.Validate).StructCtx",
		"(*github.com/go-playground/validator/v10.Validate).Var",
		"(*github.com/go-playground/validator/v10.Validate).VarCtx",
		"github.com/go-ozzo/ozzo-validation/v4.Validate",
		"github.com/go-ozzo/ozzo-validation/v4.ValidateStruct",
		"github.com/invopop/validation.Validate",
		"github.com/invopop/validation.ValidateStruct",
		"(*github.com/santhosh-tekuri/jsonschema/v6.Schema).Validate",
		"(*github.com/google/jsonschema-go/jsonschema.Resolved).Validate",
		"(*github.com/xeipuuv/gojsonschema.Schema).Validate",
		"github.com/asaskevich/govalidator.ValidateStruct",
		"(*github.com/santhosh-tekuri/jsonschema/v5.Schema).Validate",
		"(*github.com/google/jsonschema-go/jsonschema.Resolved).ApplyDefaults",
	),
	// A method of these names validates its receiver, when that holds
	// argument values.
	methods(Row{Role: Validate}, "Validate", "Valid", "Check", "Verify"),
	// Packages whose functions compute their results from their operands
	// alone: a failed error result is an operand failing a check (a
	// parse error).
	packages(Row{Role: Pure},
		"bytes", "strings", "strconv", "unicode", "unicode/utf8", "unicode/utf16",
		"math", "math/big", "math/bits", "slices", "maps", "sort", "cmp",
		"regexp", "net/url", "net/netip", "net/mail", "path", "time",
		"encoding/json", "encoding/base64", "encoding/base32", "encoding/hex",
		"encoding/csv", "html", "mime", "fmt", "errors",
		"github.com/google/uuid",
		"github.com/gofrs/uuid",
		"github.com/Masterminds/semver",
		"github.com/Masterminds/semver/v3",
		"golang.org/x/mod/semver",
		"github.com/robfig/cron/v3",
		"github.com/shopspring/decimal",
	),
	// The exceptions: they read the clock, the environment or the file
	// system, or block.
	funcs(Row{Role: Pure, Impure: true},
		"time.Now", "time.Sleep", "time.After", "time.Tick",
		"time.NewTimer", "time.NewTicker", "time.AfterFunc",
		"fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln",
		"fmt.Printf", "fmt.Print", "fmt.Println",
		"fmt.Scan", "fmt.Scanf", "fmt.Scanln",
		"fmt.Fscan", "fmt.Fscanf", "fmt.Fscanln",
	),
	// Marshaling parses nothing: it fails for an unsupported type or
	// value in the server's own data.
	funcs(Row{Role: Pure, NotCheck: true},
		"encoding/json.Marshal", "encoding/json.MarshalIndent",
		"(*encoding/json.Encoder).Encode",
	),
	// Pure functions whose error depends on some operands only.
	funcs(Row{Role: Pure, Checks: []int{0}},
		// The base is parsed; the elements are joined as they are.
		"net/url.JoinPath",
	),
	// What a sanitizer returns cannot fail the check it is made for.
	// JSON Schema validation by loaders and a result: the document
	// loaded holds what it was given, Validate fails only to load, and
	// the result says whether the document passed.
	funcs(Row{Role: Pure, NotCheck: true},
		"github.com/xeipuuv/gojsonschema.Validate",
		"github.com/xeipuuv/gojsonschema.NewBytesLoader",
		"github.com/xeipuuv/gojsonschema.NewGoLoader",
		"github.com/xeipuuv/gojsonschema.NewStringLoader",
	),
	funcs(Row{Role: Pure},
		"(*github.com/xeipuuv/gojsonschema.Result).Valid",
		"(*github.com/xeipuuv/gojsonschema.Result).Errors",
	),
	funcs(Row{Role: Sanitize},
		"regexp.QuoteMeta",
		"net/url.QueryEscape", "net/url.PathEscape",
	),
	// Pure functions of packages that are otherwise impure.
	funcs(Row{Role: Pure},
		"net.ParseIP", "net.ParseCIDR", "net.ParseMAC",
		"net.SplitHostPort", "net.JoinHostPort",
		"path/filepath.Base", "path/filepath.Clean", "path/filepath.Dir",
		"path/filepath.Ext", "path/filepath.IsAbs", "path/filepath.IsLocal",
		"path/filepath.Join", "path/filepath.Match", "path/filepath.Rel",
		"path/filepath.Split", "path/filepath.ToSlash", "path/filepath.FromSlash",
		"path/filepath.Localize",
	),
	funcs(Row{Role: ErrorMatch, Data: 0, Target: 1},
		"errors.As",
		"github.com/pkg/errors.As",
		"errors.Is",
		"github.com/pkg/errors.Is",
	),
	funcs(Row{Role: ErrorConstructor},
		"errors.New",
		"fmt.Errorf",
		"github.com/pkg/errors.New",
		"github.com/pkg/errors.Errorf",
		"github.com/pkg/errors.Wrap",
		"github.com/pkg/errors.Wrapf",
		"github.com/pkg/errors.WithMessage",
		"github.com/pkg/errors.WithStack",
		"errors.Join",
	),
)

// funcs gives each named function the role of row.
func funcs(row Row, names ...string) []Row {
	out := make([]Row, len(names))
	for i, name := range names {
		out[i] = row
		out[i].Func = MustParseRef(name)
	}
	return out
}

// packages gives each package the role of row.
func packages(row Row, paths ...string) []Row {
	out := make([]Row, len(paths))
	for i, path := range paths {
		out[i] = row
		out[i].Package = path
	}
	return out
}

// methods gives each method name the role of row.
func methods(row Row, names ...string) []Row {
	out := make([]Row, len(names))
	for i, name := range names {
		out[i] = row
		out[i].Method = name
	}
	return out
}

func rowsOf(groups ...[]Row) []Row {
	var out []Row
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

package analyzer_test

// The hermetic SDK stubs under testdata/src/github.com let analysistest run in
// GOPATH mode with no network and no module cache. A stub is only worth as much
// as its fidelity, so this test loads every stub package and the real package
// at the pinned version, and checks that everything the stub declares exists
// in the real package with the same type. A stub may declare less than the
// real package (fewer declarations, fewer struct fields, fewer methods), but
// nothing different.

import (
	"fmt"
	"go/types"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// stubbedSDKs maps each matrix module that pins a stubbed SDK version to the
// stub packages it is the reference for.
var stubbedSDKs = []struct {
	module string // directory under testdata/modules
	pkgs   []string
}{
	{"gosdk-v1.8.0", []string{
		"github.com/modelcontextprotocol/go-sdk/mcp",
		"github.com/modelcontextprotocol/go-sdk/jsonrpc",
		"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2",
	}},
	{"mcpgo-v1.2.1", []string{
		"github.com/mark3labs/mcp-go/mcp",
		"github.com/mark3labs/mcp-go/server",
	}},
}

func TestStubsMatchRealSDK(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads real SDKs from the module cache; skipped in -short mode")
	}
	gopath, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}

	// Every stub package on disk must be checked.
	var all []string
	for _, sdk := range stubbedSDKs {
		all = append(all, sdk.pkgs...)
	}
	for _, path := range stubPackagesOnDisk(t, filepath.Join(gopath, "src", "github.com")) {
		if !slices.Contains(all, path) {
			t.Errorf("stub package %s is not listed in stubbedSDKs, so nothing checks it", path)
		}
	}

	stubs := loadStubTypes(t, &packages.Config{
		Dir: gopath,
		Env: testbin.GopathEnv(gopath),
	}, all)

	for _, sdk := range stubbedSDKs {
		dir := matrixModuleDir(t, sdk.module)
		downloadMatrixModule(t, dir)
		reals := loadStubTypes(t, &packages.Config{Dir: dir, Env: offlineModuleEnv()}, sdk.pkgs)
		for _, path := range sdk.pkgs {
			t.Run(path, func(t *testing.T) {
				for _, msg := range compareStub(stubs[path], reals[path]) {
					t.Error(msg)
				}
			})
		}
	}
}

// stubPackagesOnDisk lists the import paths of the directories under root
// that hold .go files.
func stubPackagesOnDisk(t *testing.T, root string) []string {
	t.Helper()
	src := filepath.Dir(root)
	var paths []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, err := filepath.Rel(src, filepath.Dir(path))
			if err != nil {
				return err
			}
			if p := filepath.ToSlash(rel); !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// loadStubTypes loads the type information of the packages at paths, failing the
// test on any load, parse or type error.
func loadStubTypes(t *testing.T, cfg *packages.Config, paths []string) map[string]*types.Package {
	t.Helper()
	cfg.Mode = packages.NeedName | packages.NeedTypes | packages.NeedTypesSizes
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatalf("load %v in %s: %v", paths, cfg.Dir, err)
	}
	res := make(map[string]*types.Package)
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			t.Errorf("load %s in %s: %v", pkg.PkgPath, cfg.Dir, e)
		}
		if pkg.Types != nil {
			res[pkg.PkgPath] = pkg.Types
		}
	}
	for _, path := range paths {
		if res[path] == nil {
			t.Fatalf("load %s in %s: no type information", path, cfg.Dir)
		}
	}
	return res
}

// stubQualifier prints a package as its name: "mcp.Tool", "jsonrpc2.WireError".
func stubQualifier(p *types.Package) string { return p.Name() }

func stubTypeString(typ types.Type) string {
	// The stubs' httpHeader stands for net/http's Header, which they do
	// not import (see its declaration).
	return strings.ReplaceAll(types.TypeString(typ, stubQualifier), "mcp.httpHeader", "http.Header")
}

// compareStub returns a message for every declaration of stub that is absent
// from real or differs from it. Exported declarations must exist in real;
// unexported ones (helpers of the stub) are compared only when real has a
// declaration of the same name.
func compareStub(stub, real *types.Package) []string {
	var msgs []string
	if stub.Name() != real.Name() {
		msgs = append(msgs, fmt.Sprintf("package name: stub %s, real %s", stub.Name(), real.Name()))
	}
	for _, name := range stub.Scope().Names() {
		sobj := stub.Scope().Lookup(name)
		robj := real.Scope().Lookup(name)
		if robj == nil {
			if sobj.Exported() {
				msgs = append(msgs, fmt.Sprintf("%s: declared by the stub, absent from the real package", name))
			}
			continue
		}
		for _, m := range compareStubObject(sobj, robj) {
			msgs = append(msgs, name+": "+m)
		}
	}
	return msgs
}

func compareStubObject(sobj, robj types.Object) []string {
	switch sobj := sobj.(type) {
	case *types.Const:
		robj, ok := robj.(*types.Const)
		if !ok {
			return []string{fmt.Sprintf("stub const, real %T", robj)}
		}
		var msgs []string
		if s, r := stubTypeString(sobj.Type()), stubTypeString(robj.Type()); s != r {
			msgs = append(msgs, fmt.Sprintf("type: stub %s, real %s", s, r))
		}
		if s, r := sobj.Val().ExactString(), robj.Val().ExactString(); s != r {
			msgs = append(msgs, fmt.Sprintf("value: stub %s, real %s", s, r))
		}
		return msgs
	case *types.Var:
		robj, ok := robj.(*types.Var)
		if !ok {
			return []string{fmt.Sprintf("stub var, real %T", robj)}
		}
		if s, r := stubTypeString(sobj.Type()), stubTypeString(robj.Type()); s != r {
			return []string{fmt.Sprintf("type: stub %s, real %s", s, r)}
		}
	case *types.Func:
		robj, ok := robj.(*types.Func)
		if !ok {
			return []string{fmt.Sprintf("stub func, real %T", robj)}
		}
		// The signature string includes type parameters and parameter names.
		if s, r := stubTypeString(sobj.Type()), stubTypeString(robj.Type()); s != r {
			return []string{fmt.Sprintf("signature: stub %s, real %s", s, r)}
		}
	case *types.TypeName:
		robj, ok := robj.(*types.TypeName)
		if !ok {
			return []string{fmt.Sprintf("stub type, real %T", robj)}
		}
		return compareStubTypeName(sobj, robj)
	default:
		return []string{fmt.Sprintf("unexpected stub object %T", sobj)}
	}
	return nil
}

func compareStubTypeName(sobj, robj *types.TypeName) []string {
	if sobj.IsAlias() != robj.IsAlias() {
		return []string{fmt.Sprintf("alias: stub %v, real %v", sobj.IsAlias(), robj.IsAlias())}
	}
	if sobj.IsAlias() {
		if s, r := stubTypeString(stubAliasRHS(sobj.Type())), stubTypeString(stubAliasRHS(robj.Type())); s != r {
			return []string{fmt.Sprintf("alias of: stub %s, real %s", s, r)}
		}
		return nil
	}
	snamed, ok1 := sobj.Type().(*types.Named)
	rnamed, ok2 := robj.Type().(*types.Named)
	if !ok1 || !ok2 {
		return []string{fmt.Sprintf("type kinds: stub %T, real %T", sobj.Type(), robj.Type())}
	}

	var msgs []string
	if s, r := stubTypeParams(snamed.TypeParams()), stubTypeParams(rnamed.TypeParams()); s != r {
		msgs = append(msgs, fmt.Sprintf("type parameters: stub [%s], real [%s]", s, r))
	}

	switch su := snamed.Underlying().(type) {
	case *types.Struct:
		ru, ok := rnamed.Underlying().(*types.Struct)
		if !ok {
			return append(msgs, fmt.Sprintf("stub struct, real %s", stubTypeString(rnamed.Underlying())))
		}
		msgs = append(msgs, compareStubStruct(su, ru)...)
	case *types.Interface:
		ru, ok := rnamed.Underlying().(*types.Interface)
		if !ok {
			return append(msgs, fmt.Sprintf("stub interface, real %s", stubTypeString(rnamed.Underlying())))
		}
		msgs = append(msgs, compareStubInterface(su, ru)...)
	default:
		if s, r := stubTypeString(snamed.Underlying()), stubTypeString(rnamed.Underlying()); s != r {
			msgs = append(msgs, fmt.Sprintf("underlying type: stub %s, real %s", s, r))
		}
	}

	// Declared methods: each must exist in real with the same receiver kind
	// and signature (parameter names included).
	for i := range snamed.NumMethods() {
		sm := snamed.Method(i)
		var rm *types.Func
		for j := range rnamed.NumMethods() {
			if rnamed.Method(j).Name() == sm.Name() {
				rm = rnamed.Method(j)
				break
			}
		}
		if rm == nil {
			msgs = append(msgs, fmt.Sprintf("method %s: declared by the stub, absent from the real type", sm.Name()))
			continue
		}
		if s, r := stubPointerRecv(sm), stubPointerRecv(rm); s != r {
			msgs = append(msgs, fmt.Sprintf("method %s: pointer receiver: stub %v, real %v", sm.Name(), s, r))
		}
		if s, r := stubTypeString(sm.Type()), stubTypeString(rm.Type()); s != r {
			msgs = append(msgs, fmt.Sprintf("method %s: signature: stub %s, real %s", sm.Name(), s, r))
		}
	}
	return msgs
}

// compareStubStruct checks that every field of the stub struct is a field of the
// real one with the same type, embedding and tag.
func compareStubStruct(s, r *types.Struct) []string {
	var msgs []string
	for i := range s.NumFields() {
		sf := s.Field(i)
		j := slices.IndexFunc(stubFields(r), func(f *types.Var) bool { return f.Name() == sf.Name() })
		if j < 0 {
			msgs = append(msgs, fmt.Sprintf("field %s: declared by the stub, absent from the real struct", sf.Name()))
			continue
		}
		rf := r.Field(j)
		if sf.Embedded() != rf.Embedded() {
			msgs = append(msgs, fmt.Sprintf("field %s: embedded: stub %v, real %v", sf.Name(), sf.Embedded(), rf.Embedded()))
		}
		if st, rt := stubTypeString(sf.Type()), stubTypeString(rf.Type()); st != rt {
			msgs = append(msgs, fmt.Sprintf("field %s: type: stub %s, real %s", sf.Name(), st, rt))
		}
		if st, rt := s.Tag(i), r.Tag(j); st != rt {
			msgs = append(msgs, fmt.Sprintf("field %s: tag: stub %q, real %q", sf.Name(), st, rt))
		}
	}
	return msgs
}

func stubFields(s *types.Struct) []*types.Var {
	fields := make([]*types.Var, s.NumFields())
	for i := range fields {
		fields[i] = s.Field(i)
	}
	return fields
}

// compareStubInterface checks that every method of the stub interface is a method
// of the real one with the same signature, that both have the same exported
// methods (so the same types satisfy them outside the package), and that the
// stub is sealed by an unexported method if the real one is.
func compareStubInterface(s, r *types.Interface) []string {
	var msgs []string
	rmethods := map[string]*types.Func{}
	rexported, rsealed := []string{}, false
	for i := range r.NumMethods() {
		m := r.Method(i)
		rmethods[m.Name()] = m
		if m.Exported() {
			rexported = append(rexported, m.Name())
		} else {
			rsealed = true
		}
	}
	sexported, ssealed := []string{}, false
	for i := range s.NumMethods() {
		sm := s.Method(i)
		if sm.Exported() {
			sexported = append(sexported, sm.Name())
		} else {
			ssealed = true
		}
		rm := rmethods[sm.Name()]
		if rm == nil {
			msgs = append(msgs, fmt.Sprintf("interface method %s: declared by the stub, absent from the real interface", sm.Name()))
			continue
		}
		if st, rt := stubTypeString(sm.Type()), stubTypeString(rm.Type()); st != rt {
			msgs = append(msgs, fmt.Sprintf("interface method %s: signature: stub %s, real %s", sm.Name(), st, rt))
		}
	}
	slices.Sort(sexported)
	slices.Sort(rexported)
	if !slices.Equal(sexported, rexported) {
		msgs = append(msgs, fmt.Sprintf("exported interface methods: stub %v, real %v", sexported, rexported))
	}
	if ssealed != rsealed {
		msgs = append(msgs, fmt.Sprintf("has unexported methods: stub %v, real %v", ssealed, rsealed))
	}
	if s.IsComparable() != r.IsComparable() || s.IsMethodSet() != r.IsMethodSet() {
		msgs = append(msgs, fmt.Sprintf("interface kind: stub %s, real %s", stubTypeString(s), stubTypeString(r)))
	}
	return msgs
}

// stubAliasRHS returns the type an alias declaration names, one level deep.
func stubAliasRHS(t types.Type) types.Type {
	if a, ok := t.(*types.Alias); ok {
		return a.Rhs()
	}
	return t
}

func stubTypeParams(l *types.TypeParamList) string {
	var parts []string
	for i := range l.Len() {
		tp := l.At(i)
		parts = append(parts, tp.Obj().Name()+" "+stubTypeString(tp.Constraint()))
	}
	return strings.Join(parts, ", ")
}

func stubPointerRecv(m *types.Func) bool {
	recv := m.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	_, ok := types.Unalias(recv.Type()).(*types.Pointer)
	return ok
}

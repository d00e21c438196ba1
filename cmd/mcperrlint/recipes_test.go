package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository's top directory.
const repoRoot = "../.."

// yamlToJSON parses a YAML file with testdata/yamljson (a module of its
// own, so that this module's go.mod has no YAML parser) into v.
func yamlToJSON(t *testing.T, file string, v any) {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runSplit(t, filepath.Join(repoRoot, "testdata", "yamljson"), nil, "go", "run", ".", abs)
	if code != 0 {
		t.Fatalf("%s does not parse as YAML:\n%s", file, stderr)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%s: unexpected shape: %v\n%s", file, err, out)
	}
}

// A workflowStep is a step of a GitHub Actions job.
type workflowStep struct {
	Name string            `json:"name"`
	Uses string            `json:"uses"`
	Run  string            `json:"run"`
	If   string            `json:"if"`
	With map[string]string `json:"with"`
}

// TestGitHubWorkflow checks the GitHub Actions workflow the README and
// docs/ci.md show, as far as it can be checked without GitHub: the file
// parses as YAML and is what both documents show; its steps check out,
// set up Go, install the command (whose package path is this command's),
// run it, and upload the SARIF file even when the run step fails on
// findings. TestSARIF runs the run step's exact script.
func TestGitHubWorkflow(t *testing.T) {
	workflowRunStep(t)
}

// workflowRunStep checks docs/github-workflow.yml as TestGitHubWorkflow
// says, and returns its mcperrlint step's script and the SARIF file it
// writes.
func workflowRunStep(t *testing.T) (script, sarifFile string) {
	t.Helper()
	file := filepath.Join(repoRoot, "docs", "github-workflow.yml")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{"README.md", filepath.Join("docs", "ci.md")} {
		data, err := os.ReadFile(filepath.Join(repoRoot, doc))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "```yaml\n"+string(text)+"```\n") {
			t.Errorf("%s does not show docs/github-workflow.yml as it is", doc)
		}
	}

	var wf struct {
		Permissions map[string]string `json:"permissions"`
		Jobs        map[string]struct {
			Steps []workflowStep `json:"steps"`
		} `json:"jobs"`
	}
	yamlToJSON(t, file, &wf)
	if wf.Permissions["security-events"] != "write" {
		t.Errorf("permissions %v: upload-sarif needs security-events: write", wf.Permissions)
	}
	steps := wf.Jobs["mcperrlint"].Steps
	if len(steps) != 5 {
		t.Fatalf("job mcperrlint has %d steps, want 5 (checkout, setup-go, install, run, upload): %+v", len(steps), steps)
	}
	checkout, setup, install, lint, upload := steps[0], steps[1], steps[2], steps[3], steps[4]
	if !strings.HasPrefix(checkout.Uses, "actions/checkout@") || !strings.HasPrefix(setup.Uses, "actions/setup-go@") || setup.With["go-version-file"] != "go.mod" {
		t.Errorf("the first steps are not checkout and setup-go with go.mod's version: %+v %+v", checkout, setup)
	}
	const pkg = "github.com/mcperrlint/mcperrlint/cmd/mcperrlint"
	if install.Run != "go install "+pkg+"@latest" {
		t.Errorf("install step runs %q", install.Run)
	}
	if out, _, code := runSplit(t, repoRoot, nil, "go", "list", "-f", "{{.Name}}", pkg); code != 0 || strings.TrimSpace(out) != "main" {
		t.Errorf("go list %s: %q, exit %d; the install step names no command of this module", pkg, out, code)
	}
	sarifFile = upload.With["sarif_file"]
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || sarifFile == "" || !strings.Contains(upload.If, "failure()") {
		t.Errorf("last step %+v is not an upload-sarif of a file that runs when the check fails", upload)
	}
	if !strings.Contains(lint.Run, "> "+sarifFile) || sarifFile == "" {
		t.Fatalf("run step %q does not write %q", lint.Run, sarifFile)
	}
	return lint.Run, sarifFile
}

// A hook is an entry of .pre-commit-hooks.yaml.
type hook struct {
	ID            string   `json:"id"`
	Entry         string   `json:"entry"`
	Args          []string `json:"args"`
	Language      string   `json:"language"`
	Types         []string `json:"types"`
	PassFilenames *bool    `json:"pass_filenames"`
}

// TestPreCommitHooks checks .pre-commit-hooks.yaml: it parses, and
// pre-commit try-repo runs each hook on a git repository holding the
// example module, where the findings fail it (exit status 3, the findings
// printed); after mcperrlint -fix the installed-binary hook passes. The
// golang hook builds the command from this checkout as a user's
// pre-commit would from a tag, through the Go module proxy only.
func TestPreCommitHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in pre-commit's environment and loads the real SDKs")
	}
	// Parallel: it waits on other processes much of its time.
	t.Parallel()
	var hooks []hook
	yamlToJSON(t, filepath.Join(repoRoot, ".pre-commit-hooks.yaml"), &hooks)
	languages := make(map[string]string)
	for _, h := range hooks {
		languages[h.ID] = h.Language
		if h.Entry != "mcperrlint" || strings.Join(h.Args, " ") != "./..." || h.PassFilenames == nil || *h.PassFilenames || strings.Join(h.Types, ",") != "go" {
			t.Errorf("hook %s: %+v; want entry mcperrlint, args [./...], pass_filenames false, types [go]", h.ID, h)
		}
	}
	if languages["mcperrlint"] != "golang" || languages["mcperrlint-system"] != "system" || len(hooks) != 2 {
		t.Errorf("hooks %v, want mcperrlint (golang) and mcperrlint-system (system)", languages)
	}

	preCommit := toolFor(t, "pre-commit", "apt-get install pre-commit")
	root, _ := filepath.Abs(repoRoot)
	if err := exec.Command("git", "-C", root, "rev-parse", "--git-dir").Run(); err != nil {
		t.Fatalf("%s is not a git repository, which pre-commit try-repo needs: %v", root, err)
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	git := func(args ...string) {
		t.Helper()
		args = append([]string{"-c", "user.name=test", "-c", "user.email=test@example.com"}, args...)
		if out, _, code := runSplit(t, dir, nil, "git", args...); code != 0 {
			t.Fatalf("git %v: exit %d\n%s", args, code, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "example")

	modcache, _, _ := runSplit(t, dir, nil, "go", "env", "GOMODCACHE")
	env := []string{
		"PRE_COMMIT_HOME=" + t.TempDir(),
		// pre-commit's golang language sets GOPATH to its environment;
		// keep the module cache where it is, so the build downloads
		// nothing the tests have not.
		"GOMODCACHE=" + strings.TrimSpace(modcache),
		"PATH=" + filepath.Dir(bin) + string(filepath.ListSeparator) + os.Getenv("PATH"),
	}
	tryRepo := func(id string) (string, int) {
		t.Helper()
		out, stderr, code := runSplit(t, dir, env, preCommit, "try-repo", root, id, "--all-files")
		return out + stderr, code
	}
	for _, id := range []string{"mcperrlint", "mcperrlint-system"} {
		out, code := tryRepo(id)
		if code != 1 || !strings.Contains(out, "exit code: 3") || !strings.Contains(out, "weather/weather.go:28:3: tool handler returns an argument decoding error") {
			t.Errorf("pre-commit try-repo %s: exit %d, want 1 with mcperrlint's exit code 3 and its findings:\n%s", id, code, out)
		}
	}

	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 {
		t.Fatalf("-fix: exit %d\n%s", code, out)
	}
	git("commit", "-q", "-a", "-m", "fixed")
	if out, code := tryRepo("mcperrlint-system"); code != 0 || !strings.Contains(out, "Passed") {
		t.Errorf("pre-commit try-repo mcperrlint-system after -fix: exit %d, want 0 and Passed:\n%s", code, out)
	}
}

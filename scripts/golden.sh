#!/usr/bin/env bash
# Regenerates .golden files by applying mcperrlint's fixes with the
# standalone driver on a copy, so goldens come from the real -fix path.
# Review every resulting diff before committing it: goldens are assertions.
#
# Usage: scripts/golden.sh FAMILY...      (hermetic: testdata/src/FAMILY)
#        scripts/golden.sh modules/NAME... (real SDK: testdata/modules/NAME)
#        scripts/golden.sh example         (testdata/example: what -fix,
#                                           go fix and golangci-lint --fix write)
# MCPERRLINT_FLAGS holds flags for a family its test configures, e.g.
#        MCPERRLINT_FLAGS=-tool-errors scripts/golden.sh tool_errors
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/mcperrlint" "$root/cmd/mcperrlint"

# fix PATTERN applies the fixes in the current directory. Exit status 3
# means it found (and fixed) diagnostics; anything but 0 or 3 is a failure
# of the run itself, which must not pass for "no golden needed".
fix() {
	local out status=0
	out=$("$tmp/mcperrlint" ${MCPERRLINT_FLAGS:-} -fix "$1" 2>&1) || status=$?
	if [ "$status" != 0 ] && [ "$status" != 3 ]; then
		printf 'golden.sh: mcperrlint -fix %s in %s failed (exit %s):\n%s\n' "$1" "$PWD" "$status" "$out" >&2
		exit 1
	fi
}

# write_goldens SRC_DIR FIXED_DIR: a .golden beside each file that changed.
write_goldens() {
	(cd "$2" && find . -name '*.go') | while read -r rel; do
		if ! cmp -s "$2/$rel" "$1/$rel"; then
			cp "$2/$rel" "$1/$rel.golden"
			echo "wrote ${1#"$root"/}/${rel#./}.golden"
		fi
	done
}

for arg in "$@"; do
	case "$arg" in
	modules/* | example)
		src="$root/testdata/$arg"
		cp -r "$src" "$tmp/mod"
		find "$tmp/mod" -name '*.golden' -delete
		# The example's replace directive points back at this repository.
		sed -i.bak "s#=> \.\./\.\.\$#=> $root#" "$tmp/mod/go.mod" && rm -f "$tmp/mod/go.mod.bak"
		(cd "$tmp/mod" && fix ./...)
		write_goldens "$src" "$tmp/mod"
		rm -rf "$tmp/mod"
		;;
	*)
		[ -d "$tmp/src" ] || cp -r "$root/testdata/src" "$tmp/src"
		(cd "$tmp/src/$arg" && GOPATH="$tmp" GO111MODULE=off GOFLAGS= fix .)
		write_goldens "$root/testdata/src/$arg" "$tmp/src/$arg"
		;;
	esac
done

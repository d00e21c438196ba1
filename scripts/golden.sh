#!/usr/bin/env bash
# Regenerates the .golden files of hermetic case families by applying
# mcperrlint's fixes with the standalone driver on a copy of testdata.
# Review every resulting diff before committing it: goldens are assertions.
#
# Usage: scripts/golden.sh FAMILY...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/mcperrlint" "$root/cmd/mcperrlint"
cp -r "$root/testdata/src" "$tmp/src"
for family in "$@"; do
	(cd "$tmp/src/$family" && GOPATH="$tmp" GO111MODULE=off GOFLAGS= "$tmp/mcperrlint" -fix . >/dev/null 2>&1 || true)
	for f in "$tmp/src/$family"/*.go; do
		name=$(basename "$f")
		if ! cmp -s "$f" "$root/testdata/src/$family/$name"; then
			cp "$f" "$root/testdata/src/$family/$name.golden"
			echo "wrote testdata/src/$family/$name.golden"
		fi
	done
done

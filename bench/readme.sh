#!/bin/sh
# Put DIR/report.md (bench/report.sh) into README.md, between the lines
# "<!-- bench results: begin -->" and "<!-- bench results: end -->", with a
# line naming DIR and the chart links made relative to the checkout.
#
#   readme.sh DIR
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:?usage: readme.sh DIR}" && pwd)
rel=${dir#"$top"/}
readme=$top/README.md
grep -qx '<!-- bench results: begin -->' "$readme" ||
	{ echo "readme: no bench results markers in $readme" >&2; exit 1; }
awk -v report="$dir/report.md" -v rel="$rel" '
$0 == "<!-- bench results: end -->" { skip = 0 }
!skip { print }
$0 == "<!-- bench results: begin -->" {
	skip = 1
	print "From `" rel "/` (`boots.csv`, `report.md`):"
	print ""
	while ((getline line <report) > 0) {
		if (line ~ /^!\[/)
			sub(/\]\(/, "](" rel "/", line)
		print line
	}
}' "$readme" >"$readme.new"
mv "$readme.new" "$readme"

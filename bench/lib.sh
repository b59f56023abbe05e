# Sourced by bench/'s scripts after tools/lib.sh (or qemu/guest.sh), before
# they read their arguments:
#   . "$top/bench/lib.sh"
# What they share, once: the scenarios of a full run, and their usage, read
# from the script's own header comment, whose lines "#   NAME.sh ..." are
# its calls. Sourcing it answers --help and -h: the header comment, status 0.

# header: the calling script's header comment, without its "# ".
header() { sed -n '1d; /^#/!q; s/^# \{0,1\}//p' "$0"; }

# usage: the script's calls, as "usage: NAME.sh ...", on stderr; exit 2.
usage() {
	header | sed -n "s/^ *\($(basename "$0") \)/usage: \1/p" >&2
	exit 2
}

# listed_scenarios: the scenarios of a full run, in table order, on one line
# (bench/scenarios/CFLIST).
listed_scenarios() { echo $(grep -v '^#' "$top/bench/scenarios/CFLIST"); }

case ${1:-} in -h | --help) header; exit 0 ;; esac

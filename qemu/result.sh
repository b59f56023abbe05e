# Sourced: the one parser of the guest's result line (see qemu/init.c and
# docs/harness.md). field LINE KEY prints the value of KEY=VALUE, or "".
field() {
	printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}

#!/usr/bin/env bash
# Times the stages of make test.
#
#   stage.sh run NAME CMD...   runs CMD as stage NAME and records its wall time and exit status
#   stage.sh summary           prints every recorded stage's time and the total, and checks the
#                              total against the budget; exits 1 when a stage failed or the
#                              budget is exceeded
#
# STAGE_TIMES names the record (one "name<TAB>seconds<TAB>status" line per stage), STAGE_START
# the epoch second the suite started, TEST_BUDGET the suite's budget in seconds.
set -uo pipefail

times=${STAGE_TIMES:?STAGE_TIMES is not set}

case "${1:-}" in
run)
	name=$2
	shift 2
	echo "== ${name}"
	start=$(date +%s)
	"$@"
	status=$?
	printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$status" >>"$times"
	exit "$status"
	;;
summary)
	budget=${TEST_BUDGET:-1200}
	total=$(($(date +%s) - ${STAGE_START:?STAGE_START is not set}))
	failed=0
	echo
	echo "make test: stage times (wall clock; "beside" stages ran in parallel)"
	while IFS=$'\t' read -r name secs status; do
		result=ok
		if [ "$status" != 0 ]; then
			result="FAILED ($status)"
			failed=1
		fi
		printf '  %-28s %4dm%02ds  %s\n' "$name" $((secs / 60)) $((secs % 60)) "$result"
	done <"$times"
	verdict="within the budget of $((budget / 60)) min"
	if [ "$total" -gt "$budget" ]; then
		verdict="OVER the budget of $((budget / 60)) min"
		failed=1
	fi
	printf '  %-28s %4dm%02ds  %s\n' "total" $((total / 60)) $((total % 60)) "$verdict"
	exit "$failed"
	;;
*)
	echo "usage: stage.sh run NAME CMD... | stage.sh summary" >&2
	exit 2
	;;
esac

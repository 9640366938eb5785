# Sourced by the CLI suites that check refusals (mot_import_cli.sh,
# scm_import_cli.sh, members_cli.sh); they set `work` and `fail` first.
# expect CODE TEXT CMD...: CMD exits CODE and its stderr holds TEXT; when
# the suite set `expect_unwritten` (the -o its refused commands name), that
# file is not written. CMD's stdout and stderr stay in $work/out.txt and $work/err.txt.
expect() {
  local code=$1 text=$2 rc=0; shift 2
  "$@" > "$work/out.txt" 2> "$work/err.txt" || rc=$?
  [ "$rc" -eq "$code" ] || fail "$* exited $rc, expected $code: $(cat "$work/err.txt")"
  grep -qF -- "$text" "$work/err.txt" || fail "$* did not say '$text': $(cat "$work/err.txt")"
  [ -z "${expect_unwritten:-}" ] || [ ! -e "$expect_unwritten" ] || fail "$* wrote $expect_unwritten"
}

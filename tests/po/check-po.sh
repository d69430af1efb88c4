#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# TAP: each catalogue in po/LINGUAS compiles with msgfmt --check, has no
# fuzzy or untranslated message, and translates every string the sources
# mark today (msgcmp against a template extracted now, so a new string that
# never reached the .po file is caught too). The Russian text (the
# catalogue and the titles' data) writes е, never ё, as the rulebooks do.
# Usage: check-po.sh SOURCE_ROOT
cd "$1" || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

xgettext --from-code=UTF-8 --add-comments=Translators \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=KOL_NC_:1c,2 \
  --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 \
  --files-from=po/POTFILES.in --directory=. --output="$work/koleya.pot" 2>"$work/xgettext.log"
xgettext_status=$?

languages=$(grep -v -e '^#' -e '^[[:space:]]*$' po/LINGUAS)
count=$(printf '%s\n' $languages | wc -l)
echo "1..$((2 + 2 * count))"

if [ "$xgettext_status" -eq 0 ]; then
  echo "ok 1 - xgettext extracts the template from po/POTFILES.in"
else
  sed 's/^/# /' "$work/xgettext.log"
  echo "not ok 1 - xgettext extracts the template from po/POTFILES.in"
fi

n=1
for lang in $languages; do
  n=$((n + 1))
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1)
  status=$?
  printf '%s\n' "$stats" | sed 's/^/# /'
  case "$status:$stats" in
    0:*fuzzy*|0:*untranslated*) echo "not ok $n - po/$lang.po has no fuzzy or untranslated message" ;;
    0:*) echo "ok $n - po/$lang.po compiles and has no fuzzy or untranslated message" ;;
    *) echo "not ok $n - po/$lang.po compiles with msgfmt --check" ;;
  esac

  n=$((n + 1))
  if LC_ALL=C msgcmp "po/$lang.po" "$work/koleya.pot" >"$work/msgcmp.log" 2>&1; then
    echo "ok $n - po/$lang.po translates every string in the sources"
  else
    sed 's/^/# /' "$work/msgcmp.log"
    echo "not ok $n - po/$lang.po translates every string in the sources (run: ninja -C build koleya-update-po)"
  fi
done

n=$((n + 1))
yo=$( (msgexec -i po/ru.po cat 2>/dev/null; cat data/games/*/game.json data/templates/*/*.json) | grep -n '[ёЁ]')
if [ -z "$yo" ]; then
  echo "ok $n - the Russian text writes е, not ё"
else
  printf '%s\n' "$yo" | head -20 | sed 's/^/# /'
  echo "not ok $n - the Russian text writes е, not ё"
fi

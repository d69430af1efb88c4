#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# TAP: po/POTFILES.in lists every file under src/ and ui/ with strings marked
# for translation, lists only files that exist, is sorted, and leaves out
# the engine (whose messages are for developers).
# Usage: check-potfiles.sh SOURCE_ROOT
cd "$1" || exit 1

listed=$(grep -v -e '^#' -e '^[[:space:]]*$' po/POTFILES.in)
marker='(^|[^A-Za-z0-9_])(_|N_|C_|NC_|KOL_NC_)\(|ngettext[[:space:]]*\(|translatable="yes"'

echo "1..4"

missing=""
# (the engine only defines KOL_NC_; its words are listed from src/titles)
for f in $(grep -rlE "$marker" --include='*.c' --include='*.h' --include='*.ui' src ui | grep -v '^src/engine/' |
           LC_ALL=C sort); do
  printf '%s\n' "$listed" | grep -qxF "$f" || missing="$missing $f"
done
if [ -z "$missing" ]; then
  echo "ok 1 - every file with translatable strings is in po/POTFILES.in"
else
  for f in $missing; do echo "# missing: $f"; done
  echo "not ok 1 - every file with translatable strings is in po/POTFILES.in"
fi

absent=""
for f in $listed; do
  [ -f "$f" ] || absent="$absent $f"
done
if [ -z "$absent" ]; then
  echo "ok 2 - every file in po/POTFILES.in exists"
else
  for f in $absent; do echo "# no such file: $f"; done
  echo "not ok 2 - every file in po/POTFILES.in exists"
fi

if printf '%s\n' "$listed" | LC_ALL=C sort -c 2>/dev/null; then
  echo "ok 3 - po/POTFILES.in is sorted"
else
  echo "# sort it with: LC_ALL=C sort"
  echo "not ok 3 - po/POTFILES.in is sorted"
fi

engine=$(printf '%s\n' "$listed" | grep '^src/engine/')
if [ -z "$engine" ]; then
  echo "ok 4 - po/POTFILES.in lists nothing from src/engine"
else
  printf '%s\n' "$engine" | sed 's/^/# engine file listed: /'
  echo "not ok 4 - po/POTFILES.in lists nothing from src/engine"
fi

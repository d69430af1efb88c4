#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# TAP: the layers include only what they may (docs/architecture.md):
#  - the rules engine (src/engine) and the title modules (src/titles) are
#    C11 + GLib only, with no GObject types, no GIO, no GTK and no json-glib;
#  - the engine's core never names a title: no title header, no module
#    symbol; titles are reached through the registry (src/titles/kol-titles.h);
#  - outside src/titles only the model's title loader uses the registry, and
#    nothing includes a title module's private header;
#  - a title's state in the engine (title_state, the title half of
#    round.data, KolCorp/KolPlayer.title_data) is reached only through the
#    KOL_*_TITLE macros of kol-engine.h, and a title module uses those
#    macros only in its private header, where its typed accessors are.
#  - the views read the model, not the engine: no file in src/views includes
#    an engine header, and the views are built with the engine's state and
#    title opaque (KOL_ENGINE_OPAQUE), so that no view reads their fields.
# Usage: check-layering.sh SOURCE_DIR (the top of src/)
src=$1
n=0
failed=0

check () {
  n=$((n + 1))
  if [ -z "$2" ]; then
    echo "ok $n - $1"
  else
    printf '%s\n' "$2" | sed 's/^/# /'
    echo "not ok $n - $1"
    failed=1
  fi
}

grep_src () {
  # grep_src PATTERN DIR…: matching lines of C files
  pattern=$1
  shift
  grep -rnE "$pattern" --include='*.c' --include='*.h' "$@"
}

echo "1..9"

forbidden='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](glib-object\.h|gobject/|gio/|gtk/|gdk/|json-glib)'
check "src/engine and src/titles include no GObject, GIO, GTK or json-glib header" \
  "$(grep_src "$forbidden" "$src/engine" "$src/titles")"

types='\bG_(DECLARE_[A-Z_]+|DEFINE_[A-Z_]*TYPE[A-Z_]*|DEFINE_INTERFACE[A-Z_]*)[[:space:]]*\('
check "src/engine and src/titles declare no GObject type" \
  "$(grep_src "$types" "$src/engine" "$src/titles")"

check "src/engine names no title module" \
  "$(grep_src '#[[:space:]]*include[[:space:]]*"kol-title(s|-[0-9]|-standard)|kol_title_module_([0-9]|standard)|kol_titles_' "$src/engine")"

check "only the model's title loader uses the title registry" \
  "$(grep_src '#[[:space:]]*include[[:space:]]*"kol-titles\.h"' "$src" | grep -v -e "^$src/titles/" -e "^$src/model/title/kol-title-loader")"

check "no file outside src/titles includes a title module's header" \
  "$(grep_src '#[[:space:]]*include[[:space:]]*"kol-title-([0-9]|standard)' "$src" | grep -v "^$src/titles/")"

# code lines only: a comment may name the areas
areas='(->|\.)(title_state|title_data)\b|round(\.|->)data\b'
check "the engine's state areas are reached only through the KOL_*_TITLE macros" \
  "$(grep_src "$areas" "$src" | grep -v "^$src/engine/kol-engine\.h:" |
     grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|/\*)')"

check "title modules use the KOL_*_TITLE macros only in their private headers" \
  "$(grep_src '\bKOL_(TITLE_STATE|ROUND_TITLE|CORP_TITLE|PLAYER_TITLE)[[:space:]]*\(' "$src/titles" |
     grep -v -- '-private\.h:')"

check "no file in src/views includes an engine header" \
  "$(grep_src '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]kol-engine' "$src/views")"

check "src/views are built with the engine's state and title opaque" \
  "$(grep -q -- '-DKOL_ENGINE_OPAQUE' "$src/views/meson.build" || echo "$src/views/meson.build does not define KOL_ENGINE_OPAQUE")"

exit 0

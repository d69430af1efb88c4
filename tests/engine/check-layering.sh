#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# TAP: the rules engine is C11 + GLib only, with no GObject types, no GIO,
# no GTK and no json-glib (DEVELOPERS.md, "Architecture").
# Usage: check-layering.sh ENGINE_SOURCE_DIR
engine_dir=$1

echo "1..2"

includes=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](glib-object\.h|gobject/|gio/|gtk/|gdk/|json-glib)' \
  --include='*.c' --include='*.h' "$engine_dir")
if [ -z "$includes" ]; then
  echo "ok 1 - src/engine includes no GObject, GIO, GTK or json-glib header"
else
  printf '%s\n' "$includes" | sed 's/^/# /'
  echo "not ok 1 - src/engine includes no GObject, GIO, GTK or json-glib header"
fi

types=$(grep -rnE '\bG_(DECLARE_[A-Z_]+|DEFINE_[A-Z_]*TYPE[A-Z_]*|DEFINE_INTERFACE[A-Z_]*)[[:space:]]*\(' \
  --include='*.c' --include='*.h' "$engine_dir")
if [ -z "$types" ]; then
  echo "ok 2 - src/engine declares no GObject type"
else
  printf '%s\n' "$types" | sed 's/^/# /'
  echo "not ok 2 - src/engine declares no GObject type"
fi

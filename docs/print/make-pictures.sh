#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Draws the pictures of docs/print with the built koleya-cli: the first
# page of every sheet of 1849, 1840 and the New Title template on A4 (the
# defaults: turned and shrunk where that saves pages), the maps of several
# pages also fitted to one, the 1849 tiles with bleed, and 1840's charters and trams in
# Russian. PNG at 50 dpi, small enough for the repository.
#
#   docs/print/make-pictures.sh [BUILD_DIR]
set -eu

build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/src/cli/koleya-cli"
out="$root/docs/print"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KOLEYA_LOCALEDIR="$build/po"

# export TITLE_DIR NAME [OPTIONS…]: the first page of each sheet, as NAME-SHEET.png
export_sheets () {
  dir=$1 name=$2
  shift 2
  "$cli" export "$root/data/$dir" --format png --dpi 50 -o "$tmp/$name.png" "$@" >"$tmp/$name.files" 2>/dev/null
  for sheet in map tiles tile-counts market charters privates trains tokens; do
    first=$(grep -e "-$sheet-1\.png\$" -e "-$sheet\.png\$" "$tmp/$name.files" | head -n 1) || true
    if [ -n "$first" ]; then
      cp "$first" "$out/$name-$sheet.png"
    fi
  done
}

for title in games/1849 games/1840 templates/blank; do
  name=$(basename "$title")
  [ "$name" = blank ] && name=template
  export_sheets "$title" "$name" --what all --language en
done
for name in 1849 1840; do
  "$cli" export "$root/data/games/$name" --what map --scale fit --format png --dpi 50 --language en \
    -o "$out/$name-map-fitted.png" >/dev/null 2>&1
done
"$cli" export "$root/data/games/1849" --what tiles --bleed --format png --dpi 50 --language en \
  -o "$tmp/bleed.png" >/dev/null 2>&1
cp "$tmp/bleed-1.png" "$out/1849-tiles-bleed.png"
export_sheets games/1840 1840-ru --what charters,trains --language ru

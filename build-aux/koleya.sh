#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Build and run Koleya, or its tests, from a checkout on Debian 12.
#   build-aux/koleya.sh run    install the build dependencies, build, launch the app
#   build-aux/koleya.sh test   the same, then the whole test suite under Xvfb
# KOLEYA_BUILDDIR (default: build) and KOLEYA_MESON_OPTIONS (e.g.
# "-Dwerror=true") choose the build directory and its options; .ci/run uses them.
set -eu

cd "$(dirname "$0")/.."
builddir=${KOLEYA_BUILDDIR:-build}
options=${KOLEYA_MESON_OPTIONS:-}

deps="meson ninja-build pkg-config gcc libc6-dev libgtk-4-dev librsvg2-dev libjson-glib-dev libxtst-dev
      gettext appstream desktop-file-utils xvfb xauth adwaita-icon-theme fonts-dejavu-core
      python3 python3-jsonschema"

install_deps () {
  missing=""
  for pkg in $deps; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing="$missing $pkg"
  done
  [ -z "$missing" ] && return 0

  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "Installing:$missing"
  $sudo apt-get update
  # shellcheck disable=SC2086 # one word per package
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
}

build () {
  if [ ! -f "$builddir/build.ninja" ]; then
    # shellcheck disable=SC2086 # options are separate words
    meson setup "$builddir" $options
  elif [ -n "$options" ]; then
    # shellcheck disable=SC2086
    meson configure "$builddir" $options
  fi
  meson compile -C "$builddir"
}

case "${1:-run}" in
  run)
    install_deps
    build
    # devenv finds the uninstalled schema, titles and translations.
    exec meson devenv -C "$builddir" koleya
    ;;
  test)
    install_deps
    build
    exec xvfb-run -a -s '-screen 0 1280x1024x24' meson test -C "$builddir" --print-errorlogs
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac

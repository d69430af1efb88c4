#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command as a one-case TAP test, its output shown as TAP comments.
# Usage: tap-run.sh DESCRIPTION COMMAND [ARGUMENT...]
description=$1
shift

echo "1..1"
status=0
output=$("$@" 2>&1) || status=$?
if [ -n "$output" ]; then
  printf '%s\n' "$output" | sed 's/^/# /'
fi
if [ "$status" -eq 0 ]; then
  echo "ok 1 - $description"
else
  echo "not ok 1 - $description (exit status $status)"
fi

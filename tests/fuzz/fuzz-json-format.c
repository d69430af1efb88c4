/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>

#include "kol-fuzz-common.h"

/* libFuzzer target: see kol_fuzz_json_format() in kol-fuzz-common.c. */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_setenv ("KOLEYA_DATA_DIR", KOL_FUZZ_DATA_DIR, FALSE);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  kol_fuzz_json_format (data, size);
  return 0;
}

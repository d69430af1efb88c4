/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-game.h"

const KolTitleModule kol_title_module_1849 = {
  .id = "1849",
};

/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* For tests only: what writes the bytes of a save instead of write(2). */
typedef gssize (*KolSaveFileWriteFunc) (int         fd,
                                        const void *data,
                                        gsize       length);

void _kol_save_file_set_write (KolSaveFileWriteFunc func);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Limits of the engine's fixed-size state. The whole game state is one flat
 * struct so that applying an action can work on a copy and commit by swapping
 * (an illegal action then never leaves a half-changed state behind), and so
 * that history snapshots are a memcpy. The limits are generous for the titles
 * we know; the title loader refuses data that exceeds them.
 */
#define KOL_MAX_PLAYERS          8
#define KOL_MAX_CORPS           32
#define KOL_MAX_COMPANIES       16
#define KOL_MAX_CERTS          320
#define KOL_MAX_TRAINS         128
#define KOL_MAX_HEXES          224
#define KOL_MAX_TILE_DEFS      320   /* manifest tiles plus one preprinted tile per hex */
#define KOL_MAX_TILE_COPIES    400
#define KOL_MAX_CORP_TOKENS      8
#define KOL_MAX_HEX_SLOTS        8   /* token slots over all cities of one tile */
#define KOL_MAX_NODES           10   /* nodes of one tile */
#define KOL_MAX_PATHS           16   /* paths of one tile */
#define KOL_MAX_PHASES          12
#define KOL_MAX_TRAIN_DEFS      16
#define KOL_MAX_TRAIN_VARIANTS   4
#define KOL_MAX_MARKET_ROWS     16
#define KOL_MAX_MARKET_COLS     32
#define KOL_MAX_TRACK_TYPES      4
#define KOL_MAX_COLORS           8

/* Tile and hex colours, in a fixed order; the title declares the upgrade order. */
typedef enum
{
  KOL_COLOR_WHITE,
  KOL_COLOR_YELLOW,
  KOL_COLOR_GREEN,
  KOL_COLOR_BROWN,
  KOL_COLOR_GRAY,
  KOL_COLOR_RED,
  KOL_COLOR_PURPLE,
  KOL_COLOR_BLUE,
  KOL_N_COLORS
} KolColor;

const char *kol_color_to_string   (KolColor    color);
gboolean    kol_color_from_string (const char *str,
                                   KolColor   *out);

/* A reference to anything that can own money, shares, trains or companies. */
typedef enum
{
  KOL_ENTITY_NONE,
  KOL_ENTITY_PLAYER,
  KOL_ENTITY_CORP,
  KOL_ENTITY_COMPANY,
  KOL_ENTITY_POOL,      /* the bank pool / Share Pool / market */
  KOL_ENTITY_BANK,      /* the bank (and the depot for trains) */
  KOL_ENTITY_REMOVED,   /* out of the game (rusted trains, removed corps) */
} KolEntityKind;

typedef struct
{
  guint8 kind;          /* KolEntityKind */
  gint16 index;
} KolEntity;

#define KOL_ENTITY_INIT_NONE ((KolEntity) { KOL_ENTITY_NONE, -1 })

static inline KolEntity
kol_entity (KolEntityKind kind, int index)
{
  return (KolEntity) { (guint8) kind, (gint16) index };
}

static inline gboolean
kol_entity_equal (KolEntity a, KolEntity b)
{
  return a.kind == b.kind && (a.kind == KOL_ENTITY_POOL || a.kind == KOL_ENTITY_BANK ||
                              a.kind == KOL_ENTITY_NONE || a.kind == KOL_ENTITY_REMOVED ||
                              a.index == b.index);
}

static inline gboolean
kol_entity_is (KolEntity e, KolEntityKind kind)
{
  return e.kind == kind;
}

static inline KolEntity
kol_entity_corp (int corp)
{
  return kol_entity (KOL_ENTITY_CORP, corp);
}

/* Is @a somebody, and the same as @b? kol_entity_equal() holds for two
 * nobodies (KOL_ENTITY_NONE), but "is X the president" must be false when
 * X is nobody. */
static inline gboolean
kol_entity_same (KolEntity a, KolEntity b)
{
  return a.kind != KOL_ENTITY_NONE && kol_entity_equal (a, b);
}

/* A translatable text carried by title data: English and Russian. */
typedef struct
{
  char *en;
  char *ru;
} KolText;

G_END_DECLS

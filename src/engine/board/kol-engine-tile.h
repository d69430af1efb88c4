/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-types.h"

G_BEGIN_DECLS

/*
 * Tile definitions: nodes (cities, towns, off-boards, junctions) and paths
 * between edges and nodes, exactly in the topology of 18xx.games' tile DSL so
 * that its ids (city index, node index) map onto ours.
 */
typedef enum
{
  KOL_NODE_CITY,
  KOL_NODE_TOWN,
  KOL_NODE_OFFBOARD,
  KOL_NODE_JUNCTION,
} KolNodeKind;

typedef enum
{
  KOL_REVENUE_FIXED,
  KOL_REVENUE_BY_COLOR,   /* keys are KolColor: value of the newest phase colour listed */
  KOL_REVENUE_BY_PHASE,   /* keys are phase indices: value of the latest phase reached */
} KolRevenueKind;

#define KOL_MAX_REVENUE_KEYS 8

typedef struct
{
  guint8 kind;            /* KolRevenueKind */
  guint8 n;
  int    fixed;
  gint16 keys[KOL_MAX_REVENUE_KEYS];
  int    values[KOL_MAX_REVENUE_KEYS];
} KolRevenue;

typedef struct
{
  char       id[8];       /* "c0", "t1" as in the data file */
  guint8     kind;        /* KolNodeKind */
  guint8     slots;       /* cities: token slots */
  gint8      city_index;  /* index among the tile's cities, -1 if not a city */
  gint8      part;        /* position among all parts of the 18xx.games tile
                           * definition: the n in its ids "<tile>-<n>" (city
                           * "57-0-0", route node "I27-0"); defaults to the node index */
  guint8     optional;    /* a stop that does not count as a required stop (ports) */
  gint8      visit_cost;  /* -1 = default */
  gint16     group;       /* off-board area, -1 if none */
  KolRevenue revenue;
  char       loc[12];     /* drawing hint */
} KolNodeDef;

/* A path end: an edge 0..5, or a node (KOL_PATH_NODE + index). */
#define KOL_PATH_NODE 16
#define KOL_PATH_IS_EDGE(e) ((e) < 6)
#define KOL_PATH_IS_NODE(e) ((e) >= KOL_PATH_NODE)
#define KOL_PATH_NODE_INDEX(e) ((e) - KOL_PATH_NODE)
#define KOL_TRACK_FUTURE 0xff  /* preview track, drawn only */

typedef struct
{
  guint8 a;
  guint8 b;
  guint8 track;           /* track type index of the title, or KOL_TRACK_FUTURE */
  guint8 terminal;        /* 0, 1 or 2 */
  guint8 a_lane[2];       /* {lanes, index}; {0,0} when none */
  guint8 b_lane[2];
} KolPathDef;

typedef enum
{
  KOL_UPGRADE_INFERRED,
  KOL_UPGRADE_EXPLICIT,
  KOL_UPGRADE_SAME_COLOR,
  KOL_UPGRADE_NONE,
} KolUpgradePolicy;

typedef struct
{
  char *id;
  char *role;             /* "bonus:green_upgrade", … or NULL */
} KolIconDef;

typedef struct
{
  char            *id;           /* "57", "L30a", or the hex id for preprinted tiles */
  guint8           color;        /* KolColor */
  int              count;        /* copies; -1 = unlimited; 0 for preprinted tiles */
  char             label[8];
  guint8           n_nodes;
  KolNodeDef       nodes[KOL_MAX_NODES];
  guint8           n_paths;
  KolPathDef       paths[KOL_MAX_PATHS];
  guint8           rotations;    /* bitmask of allowed rotations */
  char            *frame;        /* frame colour or NULL */
  GPtrArray       *icons;        /* KolIconDef*, may be NULL */
  guint8           upgrade_policy;
  GArray          *upgrades_to;  /* gint16 tile def indices, for EXPLICIT (or extra) */
  GArray          *lay_only_on;  /* gint16 hex indices, or NULL */
  char            *lay_requires; /* capability, or NULL */
  gboolean         preprinted;
  gint16           first_copy;   /* index of this tile's first copy in the copy table */
} KolTileDef;

/* Derived facts a tile's topology implies, for upgrades and drawing. */
guint8   kol_tile_exits           (const KolTileDef *tile,
                                   int               rotation);   /* edge bitmask */
int      kol_tile_n_cities        (const KolTileDef *tile);
int      kol_tile_n_towns         (const KolTileDef *tile);
int      kol_tile_n_slots         (const KolTileDef *tile);
/* First slot index (over all cities) of city @city_index. */
int      kol_tile_city_slot_base  (const KolTileDef *tile,
                                   int               city_index);
/* Node index of the @city_index-th city, or -1. */
int      kol_tile_city_node       (const KolTileDef *tile,
                                   int               city_index);
/* Edges (after rotation) connected to node @node by a path; bitmask. */
guint8   kol_tile_node_exits      (const KolTileDef *tile,
                                   int               node,
                                   int               rotation);
/* Rotate an end (edge ends move, node ends stay). */
static inline guint8
kol_path_end_rotate (guint8 end,
                     int    rotation)
{
  return KOL_PATH_IS_EDGE (end) ? (guint8) ((end + rotation) % 6) : end;
}
/* Bitmask of rotations giving distinct exit patterns (symmetric duplicates removed). */
guint8   kol_tile_distinct_rotations (const KolTileDef *tile);

void        kol_tile_def_clear    (KolTileDef *tile);
KolIconDef *kol_tile_icon_new     (const char *id,
                                   const char *role);
/* An array of KolIconDef* that frees its elements. */
GPtrArray  *kol_tile_icons_new    (void);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-types.h"
#include "kol-engine-hex.h"
#include "kol-engine-tile.h"

G_BEGIN_DECLS

/*
 * A title resolved for one configuration (player count and options): the
 * immutable data a game is played on. The model's loader builds it from the
 * JSON files, applying map variants and selectors; the engine never sees
 * selectors or variants. Everything title-specific that is a number or a list
 * of ids stays in `rules` (a GVariant a{sv} converted from game.json "rules")
 * and the `extra` dictionaries, for the title's rules module to read.
 */

typedef struct
{
  char    *id;             /* "broad", "tram", … */
  KolText  name;
  guint8   networks;       /* bitmask of network indices */
  char    *draw;           /* "solid", "narrow", "dual", "dotted" */
} KolTrackType;

typedef struct
{
  char    *type;           /* "impassable" or NULL (drawn only) */
  guint8   edge;
} KolBorderDef;

typedef struct
{
  char       *id;          /* "C5" */
  int         x, y;        /* doubled coordinates */
  guint8      color;       /* KolColor of the printed hex */
  KolText     name;        /* location name (en may equal ru) */
  gint16      tile;        /* preprinted tile def index (a blank hex has an empty tile) */
  guint8      rotation;
  int         terrain_cost;
  char       *terrain;     /* "mountains", "water", … or NULL */
  guint8      impassable;  /* edge bitmask */
  guint8      borders;     /* drawn borders, edge bitmask */
  gint16      neighbors[6];/* hex index across each edge, -1 off map */
  gint16      all_neighbors[6]; /* hex index across each edge ignoring borders and
                                 * impassable colours, -1 */
  char       *frame;
  GPtrArray  *icons;       /* KolIconDef* */
  GPtrArray  *tags;        /* char* */
  GVariant   *extra;       /* a{sv}: unknown/title keys of the hex object (e.g. "stadtbahn") */
} KolHexDef;

typedef struct
{
  char   *name;            /* "4H" */
  gint16  on;              /* train def index starting it, -1 */
  guint8  tiles;           /* bitmask of KolColor available */
  int     train_limit;
  int     operating_rounds;
  GPtrArray *status;       /* char* flags */
  GPtrArray *events;       /* char* */
} KolPhaseDef;

typedef struct
{
  char *name;
  int   price;
} KolTrainVariant;

typedef struct
{
  char           *id;       /* "4H", "Y1" — the id prefix of train copies ("4H-0") */
  char           *name;
  int             distance; /* -1 = unlimited */
  int             price;
  int             count;    /* copies for this configuration; -1 unlimited */
  gint16          rusts_on; /* train def index, -1 */
  gint16          obsolete_on;
  gint16          available_on; /* phase index, -1 */
  guint8          n_variants;
  KolTrainVariant variants[KOL_MAX_TRAIN_VARIANTS]; /* variants[0] is the base */
  GVariant       *extra;    /* a{sv} */
} KolTrainDef;

typedef enum
{
  KOL_CELL_PAR        = 1 << 0,  /* 'p' */
  KOL_CELL_END        = 1 << 1,  /* 'e' */
  KOL_CELL_CLOSE      = 1 << 2,  /* 'c' */
  KOL_CELL_PHASE_ZONE = 1 << 3,  /* 'u' */
  KOL_CELL_PAR_2      = 1 << 4,  /* 'z' (1840 tram company par) */
  KOL_CELL_BLOCKED    = 1 << 5,  /* 'x' */
} KolCellFlags;

typedef struct
{
  int    price;            /* 0 with flags == 0 and present == FALSE: no cell */
  guint8 present;
  guint8 flags;
  guint8 zone;             /* 1 + index in KolMarketDef.zones colouring it, 0 */
} KolMarketCell;

#define KOL_MAX_MARKET_ZONES 8

/* How the printed market colours some cells (game.json market.zones); for
 * the views only, the rules never read it. */
typedef struct
{
  char    *color;          /* as in the data: a colour name or "#rrggbb" */
  KolText  label;
} KolMarketZone;

typedef struct
{
  int           n_rows;
  int           n_cols;     /* the longest row */
  int           row_len[KOL_MAX_MARKET_ROWS];
  KolMarketCell cells[KOL_MAX_MARKET_ROWS][KOL_MAX_MARKET_COLS];
  int           n_zones;
  KolMarketZone zones[KOL_MAX_MARKET_ZONES];
} KolMarketDef;

typedef struct
{
  char      *id;            /* "SCE" */
  KolText    name;
  char      *short_name;    /* "P1" */
  int        value;
  int        revenue;
  KolText    description;
  GVariant  *abilities;     /* av (each a{sv}) */
  GVariant  *extra;
} KolCompanyDef;

typedef struct
{
  gint16 hex;
  gint8  city;
  GVariant *when;           /* unused after resolution */
} KolInitialToken;

typedef struct
{
  char     *id;             /* "AFG", "DT K&C", "14" */
  KolText   name;
  KolText   short_name;
  char     *type;           /* "public", "major", "line", "city" */
  char     *color;          /* "#rrggbb" */
  char     *text_color;
  guint8    n_shares;
  guint8    shares[16];     /* percents, president's first */
  int       float_percent;
  guint8    n_tokens;
  int       token_costs[KOL_MAX_CORP_TOKENS];
  int       token_fee;
  gint16    home;           /* hex index, -1 */
  gint8     home_city;
  GArray   *home_choices;   /* gint16 hex indices, or NULL */
  GArray   *initial_tokens; /* KolInitialToken, resolved for this configuration */
  int       par;            /* fixed par price, 0 = none */
  GVariant *extra;
} KolCorpDef;

typedef struct
{
  char    *id;
  KolText  name;
  KolText  description;
} KolOptionDef;

/* A word the title's rulebook says its own way (game.json "terms"), for
 * the views: "treasury" → {"Treasury", "Казна"}. */
typedef struct
{
  char    *id;
  KolText  text;
} KolTermDef;

/* ------------------------------------------------------------ title checks */

/*
 * A problem a rules module finds in a title it is asked to play
 * (KolTitleModule.check_title): what the loader's generic checks cannot
 * know, such as a value of `rules` the module has no rule for, or data that
 * would make a game that cannot end. The engine has no words: the model
 * words each kind (the module's own texts for UNSUPPORTED and UNPLAYABLE,
 * KolTitleWords.checks) and finds the line and column from the path.
 */
typedef enum
{
  KOL_CHECK_VALUE,        /* @value is not one of @allowed */
  KOL_CHECK_KEY,          /* the key @value is unknown; @allowed: the keys */
  KOL_CHECK_TYPE,         /* @value is not @allowed (a JSON type: "string") */
  KOL_CHECK_RANGE,        /* @value is outside @min … @max */
  KOL_CHECK_MISSING,      /* the key @value is required at @path */
  KOL_CHECK_REFERENCE,    /* @value names no @allowed ("hex", "tile", …) */
  KOL_CHECK_UNSUPPORTED,  /* the module does not play this (@text) */
  KOL_CHECK_UNPLAYABLE,   /* a game would not go on to its end (@text) */
} KolCheckKind;

typedef enum
{
  KOL_CHECK_FILE_GAME,
  KOL_CHECK_FILE_MAP,
  KOL_CHECK_FILE_TILES,
} KolCheckFile;

typedef struct
{
  guint8  kind;           /* KolCheckKind */
  guint8  file;           /* KolCheckFile */
  gint16  text;           /* index into the module's check texts */
  char   *path;           /* JSON path: "$.rules.private_auction.kind" */
  char   *value;          /* the value found, as written in JSON (or a key) */
  char   *allowed;        /* the allowed values as JSON, ", " between them */
  int     min, max;
} KolCheckProblem;

typedef struct
{
  GPtrArray *problems;    /* KolCheckProblem, owned */
} KolTitleCheck;

void     kol_title_check_init  (KolTitleCheck *check);
void     kol_title_check_clear (KolTitleCheck *check);
/* Appends a problem; returns it for the fields its kind uses. */
KolCheckProblem *kol_title_check_add (KolTitleCheck *check,
                                      KolCheckKind   kind,
                                      KolCheckFile   file,
                                      const char    *path,
                                      const char    *value);

typedef struct _KolTitle KolTitle;
typedef struct _KolTitleModule KolTitleModule;

/* Opaque to the views, as the state is (kol-engine.h). */
#ifndef KOL_ENGINE_OPAQUE
struct _KolTitle
{
  char          *id;               /* "1849" */
  int            data_version;
  char          *rules_module;     /* "1849" */
  /* The rules module named by rules_module, resolved by whoever loads the
   * title (src/titles/kol-titles.h); NULL plays with no rules. */
  const KolTitleModule *module;
  KolText        name;
  char          *designer;
  KolText        currency;         /* printf formats with one %d */

  /* configuration this title was resolved for */
  int            n_players;
  GPtrArray     *options;          /* char* option ids in effect */

  int            bank;             /* -1 = unlimited */
  int            starting_cash;
  int            cert_limit;
  guint8         n_colors;
  guint8         tile_colors[KOL_MAX_COLORS];  /* upgrade order */

  guint8         n_track_types;
  KolTrackType   track_types[KOL_MAX_TRACK_TYPES];

  KolGrid        grid;
  guint          n_hexes;
  KolHexDef     *hexes;

  guint          n_tiles;          /* manifest tiles first, then preprinted */
  guint          n_manifest_tiles;
  KolTileDef    *tiles;
  guint          n_tile_copies;
  gint16        *copy_tile;        /* copy index -> tile def index */
  gint16        *copy_number;      /* copy index -> n in "57-n" */

  guint          n_phases;
  KolPhaseDef   *phases;
  guint          n_trains;
  KolTrainDef   *trains;
  KolMarketDef   market;
  guint          n_companies;
  KolCompanyDef *companies;
  guint          n_corps;
  KolCorpDef    *corps;
  guint          n_option_defs;
  KolOptionDef  *option_defs;
  guint          n_terms;
  KolTermDef    *terms;            /* the views' words (game.json "terms") */

  GVariant      *rules;            /* a{sv} */
  GHashTable    *hex_index;        /* id -> index+1 */
  GHashTable    *tile_index;       /* id -> index+1 */
};
#endif

KolTitle   *kol_title_new                (void);
void        kol_title_free               (KolTitle   *title);
/* Fill indices, neighbours, copy tables and derived fields after the loader
 * filled the arrays; reports inconsistencies (FALSE + error). */
gboolean    kol_title_finish             (KolTitle   *title,
                                          GError    **error);
/* Grows with every kol_title_finish() and kol_title_free(): caches keyed by
 * a title's address compare it to notice a changed or reused title. */
guint       kol_title_generation         (void);

int         kol_title_hex_by_id          (const KolTitle *title,
                                          const char     *id);
int         kol_title_tile_by_id         (const KolTitle *title,
                                          const char     *id);
int         kol_title_corp_by_id         (const KolTitle *title,
                                          const char     *id);
int         kol_title_company_by_id      (const KolTitle *title,
                                          const char     *id);
int         kol_title_train_by_id        (const KolTitle *title,
                                          const char     *id);
int         kol_title_phase_by_name      (const KolTitle *title,
                                          const char     *name);
int         kol_title_track_by_id        (const KolTitle *title,
                                          const char     *id);
gboolean    kol_title_has_option         (const KolTitle *title,
                                          const char     *option);
/* Position of @color in the upgrade order, -1 if absent. */
int         kol_title_color_rank         (const KolTitle *title,
                                          KolColor        color);
/* Convenience readers of the rules dictionary (defaults when absent). */
int         kol_title_rule_int           (const KolTitle *title,
                                          const char     *key,
                                          int             fallback);
GVariant   *kol_title_rule               (const KolTitle *title,
                                          const char     *key);  /* transfer full, may be NULL */
int         kol_variant_to_int           (GVariant       *value,
                                          int             fallback);
GVariant   *kol_variant_unbox            (GVariant       *value);  /* takes @value, transfer full */
GVariant   *kol_variant_lookup           (GVariant       *dict,
                                          const char     *key);    /* transfer full, may be NULL */
gboolean    kol_text_is_set              (const KolText  *text);
/* The title's own word @id (game.json "terms"), or NULL. */
const KolText *kol_title_term            (const KolTitle *title,
                                          const char     *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolTitle, kol_title_free)

G_END_DECLS

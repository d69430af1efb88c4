/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-maker-private.h"

/*
 * A hex's drawing in 18xx-maker and a tile's connections in Koleya.
 *
 * 18xx-maker does not say what connects to what: it draws pieces of track
 * (from a side to the centre, or a sharp, gentle or straight curve between
 * two sides, optionally cut short), cities and towns at positions, and
 * revenue circles apart from them. Reading, a piece joins the side it
 * starts at, every city or town within NEAR of it in the order it passes
 * them, and the side (or the centre, or the city) it ends at; pieces that
 * meet at the centre where nothing stands meet at a junction; each node
 * takes the nearest revenue circle, or the only one.
 *
 * Writing, a tile of one city or town draws it at the centre with a piece
 * from each side it reaches; sides joined to each other get the usual
 * curves; a tile of several draws each node half way to its first side,
 * reached by a short straight piece, and any other connection as a custom
 * line. Every tile written is read back and compared: when the usual curves
 * would pass a node they do not join, the whole tile is drawn with custom
 * lines, which read back exactly.
 */

#define APOTHEM 75.0
#define NEAR 10.0
#define SNAP 6.0
#define SAMPLES 33
#define MAX_NODES 16

typedef struct
{
  double x, y;
} Pt;

static Pt
pt (double x,
    double y)
{
  return (Pt) { x, y };
}

static double
dist (Pt a,
      Pt b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

/* A point of the track frame on the screen: a pointy map's track is a
 * flat one's turned a quarter turn clockwise (y grows downwards). */
static Pt
turn (gboolean pointy,
      Pt       p)
{
  return pointy ? pt (-p.y, p.x) : p;
}

static Pt
unturn (gboolean pointy,
        Pt       p)
{
  return pointy ? pt (p.y, -p.x) : p;
}

/* 18xx-maker's positions: @percent of the way from the centre to an edge,
 * @angle degrees clockwise from straight down. */
static Pt
polar (double angle,
       double percent)
{
  double a = angle * G_PI / 180.0;

  return pt (-APOTHEM * percent * sin (a), APOTHEM * percent * cos (a));
}

static void
to_polar (Pt      p,
          double *angle,
          double *percent)
{
  *percent = hypot (p.x, p.y) / APOTHEM;
  *angle = fmod (atan2 (-p.x, p.y) * 180.0 / G_PI + 360.0, 360.0);
}

static Pt
side_point (gboolean pointy,
            int      side)
{
  return turn (pointy, polar ((side - 1) * 60.0, 1.0));
}

/**
 * _kol_maker_edge:
 * @side: an 18xx-maker side, 1-6
 *
 * Returns: the Koleya edge: on a flat map side 1 is the south edge 0; on a
 *   pointy map side 1 is the west edge 1 and side 6 the south-west edge 0
 */
int
_kol_maker_edge (gboolean pointy,
                 int      side)
{
  side = ((side - 1) % 6 + 6) % 6 + 1;
  return pointy ? side % 6 : side - 1;
}

int
_kol_maker_side (gboolean pointy,
                 int      edge)
{
  edge = (edge % 6 + 6) % 6;
  return pointy ? (edge == 0 ? 6 : edge) : edge + 1;
}

/* ---- reading: nodes ------------------------------------------------------------ */

typedef struct
{
  char        id[8];
  const char *kind;      /* "city", "town", "offboard", "junction" */
  int         slots;
  Pt          pos;
  JsonNode   *revenue;   /* owned */
} Node;

typedef struct
{
  KolMakerGeometry *geometry;
  Node              nodes[MAX_NODES];
  int               n_nodes;
  int               n_cities, n_towns;
  JsonArray        *paths;
} Reader;

static Pt
element_position (JsonObject *element)
{
  double angle = 0, percent = 0, x, y;

  if (_kol_maker_number (element, "x", &x) && _kol_maker_number (element, "y", &y))
    return pt (x, y);
  _kol_maker_number (element, "angle", &angle);
  _kol_maker_number (element, "percent", &percent);
  return polar (angle, percent);
}

static Node *
add_node (Reader     *r,
          const char *kind,
          Pt          pos)
{
  Node *node;

  if (r->n_nodes == MAX_NODES)
    {
      _kol_maker_report (r->geometry->report, _("%s: more than %d cities and towns; the rest are left out"),
                         r->geometry->where, MAX_NODES);
      return NULL;
    }
  node = &r->nodes[r->n_nodes++];
  memset (node, 0, sizeof *node);
  node->kind = kind;
  node->pos = pos;
  if (g_str_equal (kind, "city"))
    g_snprintf (node->id, sizeof node->id, "c%d", r->n_cities++);
  else if (g_str_equal (kind, "town"))
    g_snprintf (node->id, sizeof node->id, "t%d", r->n_towns++);
  else
    g_snprintf (node->id, sizeof node->id, "%c0", kind[0]);
  return node;
}

static int
city_slots (Reader     *r,
            JsonObject *city)
{
  JsonNode *size = json_object_get_member (city, "size");
  gint64 slots = 1;
  gboolean exact;

  if (size != NULL && _kol_maker_int (size, &slots, &exact) && !exact)
    _kol_maker_report (r->geometry->report, _("%s: the city size “%s” is read as %d token spaces"),
                       r->geometry->where, json_node_get_string (size), (int) slots);
  return (int) CLAMP (slots, 1, 8);
}

static void
read_cities (Reader     *r,
             JsonObject *hex,
             const char *member,
             GArray     *reservations)
{
  JsonArray *cities = _kol_maker_array (hex, member);

  for (guint i = 0; cities != NULL && i < json_array_get_length (cities); i++)
    {
      JsonObject *city = json_array_get_object_element (cities, i);
      JsonArray *companies = _kol_maker_array (city, "companies");
      Node *node;

      if (city == NULL || (node = add_node (r, "city", element_position (city))) == NULL)
        continue;
      node->slots = city_slots (r, city);
      for (guint k = 0; companies != NULL && reservations != NULL && k < json_array_get_length (companies); k++)
        {
          JsonNode *company = json_array_get_element (companies, k);
          KolMakerReservation reservation = { r->n_cities - 1, NULL };

          if (JSON_NODE_HOLDS_VALUE (company) && json_node_get_value_type (company) == G_TYPE_STRING)
            reservation.company = g_strdup (json_node_get_string (company));
          else if (JSON_NODE_HOLDS_OBJECT (company))
            reservation.company = g_strdup (_kol_maker_string (json_node_get_object (company), "label"));
          if (reservation.company != NULL)
            g_array_append_val (reservations, reservation);
        }
    }
}

static void
read_towns (Reader     *r,
            JsonObject *hex,
            const char *member,
            gboolean    centre)
{
  JsonArray *towns = _kol_maker_array (hex, member);

  for (guint i = 0; towns != NULL && i < json_array_get_length (towns); i++)
    {
      JsonObject *town = json_array_get_object_element (towns, i);

      if (town != NULL)
        add_node (r, "town", centre ? pt (0, 0) : element_position (town));
    }
}

static const char *
revenue_color (const char *color)
{
  static const char * const known[] = { "yellow", "green", "brown", "gray", "red", "purple", "blue", "white" };

  if (g_strcmp0 (color, "grey") == 0)
    return "gray";
  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (known); i++)
    if (g_str_equal (color, known[i]))
      return known[i];
  return NULL;
}

/* An off-board area's revenue by tile colour: {"by": "color", …}, or a
 * number when there is one. */
static JsonNode *
offboard_revenue (Reader     *r,
                  JsonObject *offboard)
{
  JsonArray *revenues = _kol_maker_array (offboard, "revenues");
  g_autoptr(JsonObject) by = json_object_new ();
  gint64 value = 0, first = 0;
  guint n = 0;

  json_object_set_string_member (by, "by", "color");
  for (guint i = 0; revenues != NULL && i < json_array_get_length (revenues); i++)
    {
      JsonObject *entry = json_array_get_object_element (revenues, i);
      JsonNode *node = entry != NULL ? json_object_get_member (entry, "value") : NULL;
      const char *color = revenue_color (_kol_maker_string (entry, "color"));
      gboolean exact;

      if (node == NULL && entry != NULL)
        node = json_object_get_member (entry, "cost");
      if (!_kol_maker_int (node, &value, &exact) || color == NULL || !exact)
        {
          _kol_maker_report (r->geometry->report, _("%s: an off-board revenue that is not a number for a tile "
                                                    "colour is left out"), r->geometry->where);
          continue;
        }
      if (n++ == 0)
        first = value;
      json_object_set_int_member (by, color, value);
    }
  if (n == 1)
    return json_node_init_int (json_node_alloc (), first);
  return json_node_init_object (json_node_alloc (), by);
}

/* Revenue circles: the only one goes to every city and town, several each
 * to the nearest (or in order, when they are not placed). */
static void
read_values (Reader     *r,
             JsonObject *hex)
{
  JsonArray *values = _kol_maker_array (hex, "values");
  guint n = values != NULL ? json_array_get_length (values) : 0;
  int k = 0;

  for (int i = 0; i < r->n_nodes; i++)
    {
      Node *node = &r->nodes[i];
      JsonObject *best = NULL;
      double best_d = G_MAXDOUBLE;
      gint64 value = 0;
      gboolean exact = TRUE;

      if (!g_str_equal (node->kind, "city") && !g_str_equal (node->kind, "town"))
        continue;
      for (guint v = 0; v < n; v++)
        {
          JsonObject *circle = json_array_get_object_element (values, v);
          gboolean placed = circle != NULL && (json_object_has_member (circle, "angle") ||
                                               json_object_has_member (circle, "x"));
          double d = placed ? dist (element_position (circle), node->pos) : (v == (guint) k ? 0 : G_MAXDOUBLE);

          if (n == 1 || d < best_d)
            {
              best = circle;
              best_d = d;
            }
        }
      k++;
      if (best != NULL)
        _kol_maker_int (json_object_get_member (best, "value"), &value, &exact);
      if (!exact)
        _kol_maker_report (r->geometry->report, _("%s: a revenue that is not a number is read as %d"),
                           r->geometry->where, (int) value);
      node->revenue = json_node_init_int (json_node_alloc (), value);
    }
}

/* ---- reading: track --------------------------------------------------------------- */

typedef struct
{
  Pt     p[SAMPLES];
  double t0, t1;      /* the part drawn, as fractions of the whole piece */
} Curve;

/* An arc of radius @radius from @a to @b bulging towards the centre. */
static Pt
arc_point (Pt     a,
           Pt     b,
           double radius,
           double t)
{
  Pt m = pt ((a.x + b.x) / 2, (a.y + b.y) / 2), c1, c2, c;
  double half = dist (a, b) / 2, d = sqrt (MAX (radius * radius - half * half, 0)), len = 2 * half;
  double nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len, a0, a1, delta;

  c1 = pt (m.x + d * nx, m.y + d * ny);
  c2 = pt (m.x - d * nx, m.y - d * ny);
  c = hypot (c1.x, c1.y) > hypot (c2.x, c2.y) ? c1 : c2;
  a0 = atan2 (a.y - c.y, a.x - c.x);
  a1 = atan2 (b.y - c.y, b.x - c.x);
  delta = remainder (a1 - a0, 2 * G_PI);
  return pt (c.x + radius * cos (a0 + t * delta), c.y + radius * sin (a0 + t * delta));
}

/* The points of a piece in the flat frame, turned for a pointy map. */
static gboolean
piece_curve (gboolean    pointy,
             const char *type,
             int         side,
             Curve      *curve)
{
  Pt a = polar ((side - 1) * 60.0, 1.0), b;
  double radius = 0;
  int steps;

  if (type == NULL)
    b = pt (0, 0);
  else if (g_str_equal (type, "straight"))
    b = polar ((side + 2) * 60.0, 1.0);
  else if (g_str_equal (type, "sharp"))
    b = polar (side * 60.0, 1.0), radius = APOTHEM / sqrt (3.0);
  else if (g_str_equal (type, "gentle"))
    b = polar ((side + 1) * 60.0, 1.0), radius = APOTHEM * sqrt (3.0);
  else
    return FALSE;
  for (steps = 0; steps < SAMPLES; steps++)
    {
      double t = curve->t0 + (curve->t1 - curve->t0) * steps / (SAMPLES - 1);
      Pt p = radius > 0 ? arc_point (a, b, radius, t) : pt (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));

      curve->p[steps] = turn (pointy, p);
    }
  return TRUE;
}

/* Where along @curve @p comes closest, and how close. */
static double
closest (const Curve *curve,
         Pt           p,
         double      *along)
{
  double best = G_MAXDOUBLE;

  for (int i = 0; i + 1 < SAMPLES; i++)
    {
      Pt a = curve->p[i], b = curve->p[i + 1];
      double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
      double u = len2 > 0 ? CLAMP (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0, 1) : 0;
      double d = dist (p, pt (a.x + u * dx, a.y + u * dy));

      if (d < best)
        {
          best = d;
          *along = i + u;
        }
    }
  return best;
}

/* A path end: an edge 0-5, or a node index + 16. */
#define END_NODE 16

static int
junction (Reader *r)
{
  for (int i = 0; i < r->n_nodes; i++)
    if (g_str_equal (r->nodes[i].kind, "junction"))
      return i;
  return add_node (r, "junction", pt (0, 0)) != NULL ? r->n_nodes - 1 : -1;
}

static int
node_near (Reader *r,
           Pt      p,
           double  within)
{
  int best = -1;
  double best_d = within;

  for (int i = 0; i < r->n_nodes; i++)
    if (!g_str_equal (r->nodes[i].kind, "offboard") && dist (r->nodes[i].pos, p) <= best_d)
      {
        best = i;
        best_d = dist (r->nodes[i].pos, p);
      }
  return best;
}

static void
add_path (Reader     *r,
          int         a,
          int         b,
          const char *track)
{
  JsonObject *path;

  if (a == b || a < 0 || b < 0)
    return;
  /* an edge first; two nodes in their order */
  if (b < END_NODE && (a >= END_NODE || b < a))
    {
      int t = a;

      a = b;
      b = t;
    }
  else if (a >= END_NODE && b >= END_NODE && b < a)
    {
      int t = a;

      a = b;
      b = t;
    }
  path = json_object_new ();
  if (a < END_NODE)
    json_object_set_int_member (path, "a", a);
  else
    json_object_set_string_member (path, "a", r->nodes[a - END_NODE].id);
  if (b < END_NODE)
    json_object_set_int_member (path, "b", b);
  else
    json_object_set_string_member (path, "b", r->nodes[b - END_NODE].id);
  json_object_set_string_member (path, "track", track);
  json_array_add_object_element (r->paths, path);
}

static const char *
gauge_track (Reader     *r,
             JsonObject *piece)
{
  const char *gauge = _kol_maker_string (piece, "gauge");

  if (gauge == NULL)
    return "broad";
  if (g_str_equal (gauge, "narrow"))
    {
      r->geometry->narrow = TRUE;
      return "narrow";
    }
  if (g_str_equal (gauge, "dual"))
    {
      r->geometry->dual = TRUE;
      return "dual";
    }
  _kol_maker_report (r->geometry->report, _("The track gauge “%s” is read as standard gauge"), gauge);
  return "broad";
}

/* The nodes a piece passes, in order, between its ends. */
static void
join_along (Reader      *r,
            const Curve *curve,
            int          first,
            int          last,
            const char  *track)
{
  double along[MAX_NODES];
  int order[MAX_NODES], n = 0, prev = first;

  for (int i = 0; i < r->n_nodes; i++)
    {
      double at = 0;

      if (g_str_equal (r->nodes[i].kind, "offboard") || g_str_equal (r->nodes[i].kind, "junction") ||
          closest (curve, r->nodes[i].pos, &at) > NEAR)
        continue;
      /* insertion by position along the piece */
      int k = n++;

      while (k > 0 && along[k - 1] > at)
        {
          along[k] = along[k - 1];
          order[k] = order[k - 1];
          k--;
        }
      along[k] = at;
      order[k] = i;
    }
  for (int k = 0; k < n; k++)
    {
      add_path (r, prev, order[k] + END_NODE, track);
      prev = order[k] + END_NODE;
    }
  if (last >= 0)
    add_path (r, prev, last, track);
  else if (n == 0 && first >= 0)
    _kol_maker_report (r->geometry->report, _("%s: a piece of track that leads nowhere is left out"),
                       r->geometry->where);
}

/* Where a piece that is cut short ends: the node there, the junction at
 * the centre, or nowhere. */
static int
inner_end (Reader *r,
           Pt      p)
{
  int node = node_near (r, p, NEAR);

  if (node >= 0)
    return node + END_NODE;
  if (hypot (p.x, p.y) < SNAP)
    return junction (r) + END_NODE;
  return -1;
}

static void
read_piece (Reader     *r,
            JsonObject *piece,
            int         side)
{
  const char *type = _kol_maker_string (piece, "type"), *track = gauge_track (r, piece);
  gboolean pointy = r->geometry->pointy;
  Curve curve = { .t0 = 0, .t1 = 1 };
  int first, last;

  _kol_maker_number (piece, "start", &curve.t0);
  _kol_maker_number (piece, "end", &curve.t1);
  if (type != NULL && g_str_equal (type, "offboard"))
    {
      for (int i = 0; i < r->n_nodes; i++)
        if (g_str_equal (r->nodes[i].kind, "offboard"))
          add_path (r, _kol_maker_edge (pointy, side), i + END_NODE, track);
      return;
    }
  if (!piece_curve (pointy, type, side, &curve))
    {
      _kol_maker_report (r->geometry->report, _("%s: track of the kind “%s” is left out"), r->geometry->where, type);
      return;
    }
  first = curve.t0 <= 0.01 ? _kol_maker_edge (pointy, side) : inner_end (r, curve.p[0]);
  if (curve.t1 < 0.99 || type == NULL)
    last = inner_end (r, curve.p[SAMPLES - 1]);
  else
    last = _kol_maker_edge (pointy, side + (g_str_equal (type, "straight") ? 3 : g_str_equal (type, "sharp") ? 1 : 2));
  /* a node at the end is met along the piece already */
  if (last >= END_NODE && !g_str_equal (r->nodes[last - END_NODE].kind, "junction"))
    last = -2;
  join_along (r, &curve, first, last == -2 ? -1 : last, track);
}

/* A custom piece: its first and last points, on sides or nodes. */
static int
custom_end (Reader *r,
            Pt      p)
{
  for (int side = 1; side <= 6; side++)
    if (dist (p, side_point (r->geometry->pointy, side)) <= SNAP)
      return _kol_maker_edge (r->geometry->pointy, side);
  return inner_end (r, p);
}

static void
read_custom (Reader     *r,
             JsonObject *piece)
{
  const char *d = _kol_maker_string (piece, "path");
  g_auto(GStrv) words = d != NULL ? g_strsplit_set (d, " ,MLml", -1) : NULL;
  double numbers[64];
  guint n = 0;
  int a, b;

  for (guint i = 0; words != NULL && words[i] != NULL && n < G_N_ELEMENTS (numbers); i++)
    if (*words[i] != '\0')
      numbers[n++] = g_ascii_strtod (words[i], NULL);
  if (d == NULL || strpbrk (d, "ml") != NULL || n < 4 || n % 2 != 0)
    {
      _kol_maker_report (r->geometry->report, _("%s: a custom piece of track is left out: only straight lines "
                                                "(M and L) are read"), r->geometry->where);
      return;
    }
  a = custom_end (r, turn (r->geometry->pointy, pt (numbers[0], numbers[1])));
  b = custom_end (r, turn (r->geometry->pointy, pt (numbers[n - 2], numbers[n - 1])));
  if (a < 0 || b < 0)
    _kol_maker_report (r->geometry->report, _("%s: a custom piece of track that does not join sides, cities or "
                                              "towns is left out"), r->geometry->where);
  else
    add_path (r, a, b, gauge_track (r, piece));
}

static void
read_track (Reader     *r,
            JsonObject *hex)
{
  JsonArray *track = _kol_maker_array (hex, "track");

  for (guint i = 0; track != NULL && i < json_array_get_length (track); i++)
    {
      JsonObject *piece = json_array_get_object_element (track, i);
      JsonArray *sides = _kol_maker_array (piece, "sides");
      double side = 1;

      if (piece == NULL)
        continue;
      if (g_strcmp0 (_kol_maker_string (piece, "type"), "custom") == 0)
        {
          read_custom (r, piece);
          continue;
        }
      if (sides != NULL)
        for (guint k = 0; k < json_array_get_length (sides); k++)
          read_piece (r, piece, (int) json_array_get_int_element (sides, k));
      else
        {
          _kol_maker_number (piece, "side", &side);
          read_piece (r, piece, (int) side);
        }
    }
}

/* Paths in one order, whatever order the pieces were drawn in. */
static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  g_autofree char *ka = json_to_string (*(JsonNode **) a, FALSE);
  g_autofree char *kb = json_to_string (*(JsonNode **) b, FALSE);

  return g_strcmp0 (ka, kb);
}

static JsonArray *
sorted_unique (JsonArray *paths)
{
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (paths); i++)
    g_ptr_array_add (nodes, json_array_get_element (paths, i));
  g_ptr_array_sort (nodes, compare_paths);
  for (guint i = 0; i < nodes->len; i++)
    if (i == 0 || compare_paths (&nodes->pdata[i - 1], &nodes->pdata[i]) != 0)
      json_array_add_element (out, json_node_copy (g_ptr_array_index (nodes, i)));
  return out;
}

static void
write_nodes (Reader     *r,
             JsonObject *tile)
{
  JsonArray *nodes = json_array_new ();

  for (int i = 0; i < r->n_nodes; i++)
    {
      Node *node = &r->nodes[i];
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "id", node->id);
      json_object_set_string_member (object, "kind", node->kind);
      if (g_str_equal (node->kind, "city"))
        json_object_set_int_member (object, "slots", node->slots);
      if (node->revenue != NULL)
        json_object_set_member (object, "revenue", g_steal_pointer (&node->revenue));
      json_array_add_object_element (nodes, object);
    }
  if (json_array_get_length (nodes) > 0)
    json_object_set_array_member (tile, "nodes", nodes);
  else
    json_array_unref (nodes);
}

static void
read_label (Reader     *r,
            JsonObject *hex,
            JsonObject *tile)
{
  JsonArray *labels = _kol_maker_array (hex, "labels");
  JsonObject *first = labels != NULL && json_array_get_length (labels) > 0
                      ? json_array_get_object_element (labels, 0) : NULL;
  const char *label = _kol_maker_string (first, "label");

  if (labels != NULL && json_array_get_length (labels) > 1)
    _kol_maker_report (r->geometry->report, _("%s: only the first label is kept"), r->geometry->where);
  if (label != NULL && strlen (label) <= 7)
    json_object_set_string_member (tile, "label", label);
  else if (label != NULL)
    _kol_maker_report (r->geometry->report, _("%s: the label “%s” is longer than 7 bytes and is left out"),
                       r->geometry->where, label);
}

/* Cities first, then towns: Koleya numbers a tile's cities by their index
 * among cities. */
static void
read_nodes (Reader     *r,
            JsonObject *hex,
            GArray     *reservations)
{
  static const char * const unread[] = { "mediumCities", "boomtowns" };
  JsonObject *offboard = _kol_maker_object (hex, "offBoardRevenue");

  read_cities (r, hex, "cities", reservations);
  read_towns (r, hex, "towns", FALSE);
  read_towns (r, hex, "centerTowns", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (unread); i++)
    if (_kol_maker_array (hex, unread[i]) != NULL)
      _kol_maker_report (r->geometry->report, _("%s: %s are left out"), r->geometry->where, unread[i]);
  if (offboard != NULL)
    {
      Node *node = add_node (r, "offboard", pt (0, 0));

      if (node != NULL)
        node->revenue = offboard_revenue (r, offboard);
    }
}

/**
 * _kol_maker_tile_import:
 * @hex: an 18xx-maker hex or tile definition
 * @tile: (out caller-allocates): the Koleya tile body to fill: nodes,
 *   paths, label
 * @reservations: (nullable): KolMakerReservation of the homes on its cities
 *
 * Returns: whether the hex has anything a tile holds
 */
gboolean
_kol_maker_tile_import (KolMakerGeometry *geometry,
                        JsonObject       *hex,
                        JsonObject       *tile,
                        GArray           *reservations)
{
  Reader r = { geometry };
  g_autoptr(JsonArray) sorted = NULL;

  r.paths = json_array_new ();
  read_nodes (&r, hex, reservations);
  read_values (&r, hex);
  read_track (&r, hex);
  write_nodes (&r, tile);
  sorted = sorted_unique (r.paths);
  json_array_unref (r.paths);
  if (json_array_get_length (sorted) > 0)
    json_object_set_array_member (tile, "paths", json_array_ref (sorted));
  read_label (&r, hex, tile);
  for (int i = 0; i < r.n_nodes; i++)
    g_clear_pointer (&r.nodes[i].revenue, json_node_unref);
  return json_object_get_size (tile) > 0;
}

/* ---- writing ------------------------------------------------------------------------ */

typedef struct
{
  const char *id;
  const char *kind;
  JsonObject *object;
  Pt          pos;
  int         anchor;   /* the edge it is drawn towards, or -1 */
  char        new_id[8];
} OutNode;

typedef struct
{
  KolMakerGeometry *geometry;
  JsonObject       *tile;
  int               rotation;
  OutNode           nodes[MAX_NODES];
  int               n_nodes;
  JsonArray        *paths;   /* the tile's */
} Writer;

static int
out_node (Writer     *w,
          const char *id)
{
  for (int i = 0; i < w->n_nodes; i++)
    if (g_strcmp0 (w->nodes[i].id, id) == 0)
      return i;
  return -1;
}

/* A path end as an edge (turned by the tile's rotation) or END_NODE + a
 * node, or -1. */
static int
path_end (Writer   *w,
          JsonNode *end)
{
  gint64 edge;

  if (end == NULL)
    return -1;
  if (JSON_NODE_HOLDS_VALUE (end) && json_node_get_value_type (end) == G_TYPE_STRING)
    {
      int node = out_node (w, json_node_get_string (end));

      return node >= 0 ? node + END_NODE : -1;
    }
  if (_kol_maker_int (end, &edge, NULL))
    return (int) ((edge + w->rotation) % 6 + 6) % 6;
  return -1;
}

static void
collect_nodes (Writer *w)
{
  JsonArray *nodes = _kol_maker_array (w->tile, "nodes");
  int cities = 0, towns = 0;

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes) && w->n_nodes < MAX_NODES; i++)
    {
      JsonObject *object = json_array_get_object_element (nodes, i);
      OutNode *node = &w->nodes[w->n_nodes++];

      node->object = object;
      node->id = _kol_maker_string (object, "id");
      node->kind = _kol_maker_string (object, "kind");
      node->anchor = -1;
      if (g_strcmp0 (node->kind, "city") == 0)
        g_snprintf (node->new_id, sizeof node->new_id, "c%d", cities++);
      else if (g_strcmp0 (node->kind, "town") == 0)
        g_snprintf (node->new_id, sizeof node->new_id, "t%d", towns++);
      else
        g_snprintf (node->new_id, sizeof node->new_id, "%c0", node->kind != NULL ? node->kind[0] : 'x');
    }
}

static gboolean
is_stop (const OutNode *node)
{
  return g_strcmp0 (node->kind, "city") == 0 || g_strcmp0 (node->kind, "town") == 0;
}

/* The screen point half way to @edge's middle. */
static Pt
towards (Writer *w,
         int     edge)
{
  Pt p = side_point (w->geometry->pointy, _kol_maker_side (w->geometry->pointy, edge));

  return pt (p.x / 2, p.y / 2);
}

/* Where each city and town is drawn: alone at the centre; several each
 * half way to its first free side (or around the centre when it has
 * none). */
static void
place_nodes (Writer   *w,
             gboolean  centre)
{
  guint taken = 0;
  int stop = 0;

  for (int i = 0; i < w->n_nodes; i++)
    {
      OutNode *node = &w->nodes[i];

      if (!is_stop (node))
        continue;
      node->pos = pt (0, 0);
      if (centre)
        continue;
      for (guint p = 0; p < json_array_get_length (w->paths) && node->anchor < 0; p++)
        {
          JsonObject *path = json_array_get_object_element (w->paths, p);
          int a = path_end (w, json_object_get_member (path, "a")), b = path_end (w, json_object_get_member (path, "b"));
          int edge = a == i + END_NODE ? b : b == i + END_NODE ? a : -1;

          if (edge >= 0 && edge < END_NODE && (taken & (1u << edge)) == 0)
            {
              node->anchor = edge;
              taken |= 1u << edge;
            }
        }
      node->pos = node->anchor >= 0 ? towards (w, node->anchor) : polar (60.0 * stop + 30.0, 0.35);
      stop++;
    }
}

static void
set_position (JsonObject *element,
              Pt          p)
{
  double angle, percent;

  to_polar (p, &angle, &percent);
  if (percent < 0.01)
    return;
  json_object_set_double_member (element, "angle", round (angle * 100) / 100);
  json_object_set_double_member (element, "percent", round (percent * 1000) / 1000);
}

static JsonNode *
revenue_of (const OutNode *node)
{
  return node->object != NULL ? json_object_get_member (node->object, "revenue") : NULL;
}

static void
write_stops (Writer     *w,
             JsonObject *hex)
{
  JsonArray *cities = json_array_new (), *towns = json_array_new ();

  for (int i = 0; i < w->n_nodes; i++)
    {
      OutNode *node = &w->nodes[i];
      JsonObject *element;
      gint64 slots = 1;

      if (!is_stop (node))
        continue;
      element = json_object_new ();
      if (g_str_equal (node->kind, "city"))
        {
          _kol_maker_int (json_object_get_member (node->object, "slots"), &slots, NULL);
          json_object_set_int_member (element, "size", slots);
        }
      set_position (element, node->pos);
      json_array_add_object_element (g_str_equal (node->kind, "city") ? cities : towns, element);
    }
  if (json_array_get_length (cities) > 0)
    json_object_set_array_member (hex, "cities", json_array_ref (cities));
  if (json_array_get_length (towns) > 0)
    json_object_set_array_member (hex, "towns", json_array_ref (towns));
  json_array_unref (cities);
  json_array_unref (towns);
}

/* One revenue circle when every stop earns the same, else one at each. */
static void
write_values (Writer     *w,
              JsonObject *hex)
{
  JsonArray *values = json_array_new ();
  gint64 first = 0, value;
  gboolean same = TRUE, any = FALSE;

  for (int i = 0; i < w->n_nodes; i++)
    if (is_stop (&w->nodes[i]))
      {
        JsonNode *revenue = revenue_of (&w->nodes[i]);

        if (revenue != NULL && !JSON_NODE_HOLDS_VALUE (revenue))
          _kol_maker_report (w->geometry->report, _("%s: a city's revenue by phase or colour is written as its "
                                                    "first value"), w->geometry->where);
        value = 0;
        if (revenue != NULL && JSON_NODE_HOLDS_OBJECT (revenue))
          {
            g_autoptr(GList) members = json_object_get_members (json_node_get_object (revenue));

            for (GList *l = members; l != NULL; l = l->next)
              if (_kol_maker_int (json_object_get_member (json_node_get_object (revenue), l->data), &value, NULL))
                break;
          }
        else
          _kol_maker_int (revenue, &value, NULL);
        same &= !any || value == first;
        if (!any)
          first = value;
        any = TRUE;
      }
  for (int i = 0; any && i < w->n_nodes; i++)
    {
      JsonObject *circle;
      gint64 v = 0;

      if (!is_stop (&w->nodes[i]))
        continue;
      _kol_maker_int (revenue_of (&w->nodes[i]), &v, NULL);
      circle = json_object_new ();
      json_object_set_int_member (circle, "value", same ? first : v);
      if (!same)
        set_position (circle, w->nodes[i].pos);
      json_array_add_object_element (values, circle);
      if (same)
        break;
    }
  if (json_array_get_length (values) > 0)
    json_object_set_array_member (hex, "values", json_array_ref (values));
  json_array_unref (values);
}

static void
write_offboard (Writer     *w,
                JsonObject *hex,
                int         node)
{
  JsonNode *revenue = revenue_of (&w->nodes[node]);
  JsonObject *offboard = json_object_new (), *by = NULL;
  JsonArray *revenues = json_array_new ();
  g_autoptr(GList) members = NULL;
  gint64 value;

  if (revenue != NULL && JSON_NODE_HOLDS_OBJECT (revenue) &&
      g_strcmp0 (_kol_maker_string (by = json_node_get_object (revenue), "by"), "color") == 0)
    {
      members = json_object_get_members (by);
      for (GList *l = members; l != NULL; l = l->next)
        if (!g_str_equal (l->data, "by") && _kol_maker_int (json_object_get_member (by, l->data), &value, NULL))
          {
            JsonObject *entry = json_object_new ();

            json_object_set_string_member (entry, "color", l->data);
            json_object_set_int_member (entry, "value", value);
            json_array_add_object_element (revenues, entry);
          }
    }
  else
    {
      JsonObject *entry = json_object_new ();

      if (revenue != NULL && !JSON_NODE_HOLDS_VALUE (revenue))
        _kol_maker_report (w->geometry->report, _("%s: an off-board revenue by phase is written as one value"),
                           w->geometry->where);
      value = 0;
      _kol_maker_int (revenue, &value, NULL);
      json_object_set_string_member (entry, "color", "yellow");
      json_object_set_int_member (entry, "value", value);
      json_array_add_object_element (revenues, entry);
    }
  json_object_set_array_member (offboard, "revenues", revenues);
  json_object_set_object_member (hex, "offBoardRevenue", offboard);
}

/* A custom straight line of the track frame between two screen points. */
static JsonObject *
custom_piece (Writer *w,
              Pt      a,
              Pt      b)
{
  JsonObject *piece = json_object_new ();
  g_autoptr(GString) d = g_string_new ("M ");
  char buf[4][G_ASCII_DTOSTR_BUF_SIZE];

  a = unturn (w->geometry->pointy, a);
  b = unturn (w->geometry->pointy, b);
  g_string_append_printf (d, "%s %s L %s %s", g_ascii_formatd (buf[0], sizeof buf[0], "%.2f", a.x),
                          g_ascii_formatd (buf[1], sizeof buf[1], "%.2f", a.y),
                          g_ascii_formatd (buf[2], sizeof buf[2], "%.2f", b.x),
                          g_ascii_formatd (buf[3], sizeof buf[3], "%.2f", b.y));
  json_object_set_string_member (piece, "type", "custom");
  json_object_set_string_member (piece, "path", d->str);
  return piece;
}

static Pt
end_point (Writer *w,
           int     end)
{
  if (end < END_NODE)
    return side_point (w->geometry->pointy, _kol_maker_side (w->geometry->pointy, end));
  return w->nodes[end - END_NODE].pos;
}

/* The drawing of one path: the usual pieces, or a custom line. */
static JsonObject *
path_piece (Writer   *w,
            int       a,
            int       b,
            gboolean  custom)
{
  gboolean pointy = w->geometry->pointy;
  JsonObject *piece;
  int diff;

  if (a >= END_NODE && b < END_NODE)
    {
      int t = a;

      a = b;
      b = t;
    }
  if (a < END_NODE && b >= END_NODE && g_strcmp0 (w->nodes[b - END_NODE].kind, "offboard") == 0)
    {
      piece = json_object_new ();
      json_object_set_string_member (piece, "type", "offboard");
      json_object_set_int_member (piece, "side", _kol_maker_side (pointy, a));
      return piece;
    }
  if (custom || a >= END_NODE)
    return custom_piece (w, end_point (w, a), end_point (w, b));
  piece = json_object_new ();
  if (b >= END_NODE)
    {
      OutNode *node = &w->nodes[b - END_NODE];

      if (node->anchor == a)
        {
          json_object_set_string_member (piece, "type", "straight");
          json_object_set_double_member (piece, "end", 0.25);
        }
      else if (node->anchor >= 0 || hypot (node->pos.x, node->pos.y) > 0.5)
        {
          json_object_unref (piece);
          return custom_piece (w, end_point (w, a), node->pos);
        }
      json_object_set_int_member (piece, "side", _kol_maker_side (pointy, a));
      return piece;
    }
  diff = ((b - a) % 6 + 6) % 6;
  if (diff > 3)
    {
      int t = a;

      a = b;
      b = t;
      diff = 6 - diff;
    }
  json_object_set_string_member (piece, "type", diff == 1 ? "sharp" : diff == 2 ? "gentle" : "straight");
  json_object_set_int_member (piece, "side", _kol_maker_side (pointy, a));
  return piece;
}

static const char *
track_gauge (Writer     *w,
             JsonObject *path)
{
  const char *track = _kol_maker_string (path, "track");

  if (track == NULL || w->geometry->gauges == NULL)
    return NULL;
  return g_hash_table_lookup (w->geometry->gauges, track);
}

static void
write_track (Writer     *w,
             JsonObject *hex,
             gboolean    custom)
{
  JsonArray *track = json_array_new ();

  for (guint p = 0; p < json_array_get_length (w->paths); p++)
    {
      JsonObject *path = json_array_get_object_element (w->paths, p);
      int a = path_end (w, json_object_get_member (path, "a")), b = path_end (w, json_object_get_member (path, "b"));
      const char *gauge = track_gauge (w, path);
      JsonObject *piece;

      if (a < 0 || b < 0)
        continue;
      if (g_strcmp0 (_kol_maker_string (path, "track"), "future") == 0)
        {
          _kol_maker_report (w->geometry->report, _("Preview (future) track is not written"));
          continue;
        }
      piece = path_piece (w, a, b, custom);
      if (gauge != NULL && *gauge != '\0')
        json_object_set_string_member (piece, "gauge", gauge);
      json_array_add_object_element (track, piece);
    }
  if (json_array_get_length (track) > 0)
    json_object_set_array_member (hex, "track", json_array_ref (track));
  json_array_unref (track);
}

static int
compare_node_ids (gconstpointer a,
                  gconstpointer b)
{
  return g_strcmp0 (_kol_maker_string (json_node_get_object (*(JsonNode **) a), "id"),
                    _kol_maker_string (json_node_get_object (*(JsonNode **) b), "id"));
}

/* Nodes by id: import numbers cities first, a Koleya title may not. */
static JsonArray *
sorted_nodes (JsonArray *nodes)
{
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();
  JsonArray *out = json_array_new ();

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    g_ptr_array_add (elements, json_array_get_element (nodes, i));
  g_ptr_array_sort (elements, compare_node_ids);
  for (guint i = 0; i < elements->len; i++)
    json_array_add_element (out, json_node_copy (g_ptr_array_index (elements, i)));
  return out;
}

/* The tile as import will find it: node ids as import names them, edges
 * turned, paths in import's order. */
static char *
expected_topology (Writer *w)
{
  g_autoptr(JsonObject) tile = json_object_new ();
  JsonArray *nodes = json_array_new ();
  g_autoptr(JsonArray) paths = json_array_new ();
  g_autoptr(JsonArray) sorted = NULL;
  Reader r = { w->geometry };
  g_autoptr(JsonNode) root = NULL;

  for (int i = 0; i < w->n_nodes; i++)
    {
      JsonObject *node = json_object_new ();

      json_object_set_string_member (node, "id", w->nodes[i].new_id);
      json_object_set_string_member (node, "kind", w->nodes[i].kind != NULL ? w->nodes[i].kind : "");
      json_array_add_object_element (nodes, node);
      g_strlcpy (r.nodes[i].id, w->nodes[i].new_id, sizeof r.nodes[i].id);
    }
  r.n_nodes = w->n_nodes;
  r.paths = paths;
  for (guint p = 0; p < json_array_get_length (w->paths); p++)
    {
      JsonObject *path = json_array_get_object_element (w->paths, p);
      const char *gauge = track_gauge (w, path);

      if (g_strcmp0 (_kol_maker_string (path, "track"), "future") == 0)
        continue;
      add_path (&r, path_end (w, json_object_get_member (path, "a")), path_end (w, json_object_get_member (path, "b")),
                gauge != NULL && g_str_equal (gauge, "narrow") ? "narrow"
                : gauge != NULL && g_str_equal (gauge, "dual") ? "dual" : "broad");
    }
  sorted = sorted_unique (paths);
  json_object_set_array_member (tile, "nodes", sorted_nodes (nodes));
  json_array_unref (nodes);
  json_object_set_array_member (tile, "paths", json_array_ref (sorted));
  root = json_node_init_object (json_node_alloc (), tile);
  return json_to_string (root, FALSE);
}

/* What import reads from @hex, without revenues and sizes. */
static char *
read_topology (Writer     *w,
               JsonObject *hex)
{
  KolMakerGeometry quiet = *w->geometry;
  g_autoptr(JsonObject) tile = json_object_new ();
  g_autoptr(JsonObject) bare = json_object_new ();
  JsonArray *nodes, *out = json_array_new ();
  g_autoptr(JsonNode) root = NULL;

  quiet.report = NULL;
  _kol_maker_tile_import (&quiet, hex, tile, NULL);
  nodes = _kol_maker_array (tile, "nodes");
  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i), *copy = json_object_new ();

      json_object_set_string_member (copy, "id", _kol_maker_string (node, "id"));
      json_object_set_string_member (copy, "kind", _kol_maker_string (node, "kind"));
      json_array_add_object_element (out, copy);
    }
  json_object_set_array_member (bare, "nodes", sorted_nodes (out));
  json_array_unref (out);
  json_object_set_array_member (bare, "paths", _kol_maker_array (tile, "paths") != NULL
                                                ? json_array_ref (_kol_maker_array (tile, "paths"))
                                                : json_array_new ());
  root = json_node_init_object (json_node_alloc (), bare);
  return json_to_string (root, FALSE);
}

static void
clear_drawing (JsonObject *hex)
{
  static const char * const members[] = { "cities", "towns", "values", "track", "offBoardRevenue" };

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    if (json_object_has_member (hex, members[i]))
      json_object_remove_member (hex, members[i]);
}

static void
draw (Writer     *w,
      JsonObject *hex,
      gboolean    custom)
{
  int stops = 0, others = 0;
  gboolean centre;

  for (int i = 0; i < w->n_nodes; i++)
    {
      if (is_stop (&w->nodes[i]))
        stops++;
      else if (g_strcmp0 (w->nodes[i].kind, "junction") == 0)
        others++;
    }
  centre = stops == 1 && others == 0 && !custom;
  place_nodes (w, centre);
  clear_drawing (hex);
  write_stops (w, hex);
  write_values (w, hex);
  for (int i = 0; i < w->n_nodes; i++)
    if (g_strcmp0 (w->nodes[i].kind, "offboard") == 0)
      {
        write_offboard (w, hex, i);
        break;
      }
  write_track (w, hex, custom);
}

static void
write_label (Writer     *w,
             JsonObject *hex)
{
  const char *label = _kol_maker_string (w->tile, "label");
  JsonArray *labels;
  JsonObject *element;

  if (label == NULL)
    return;
  labels = json_array_new ();
  element = json_object_new ();
  json_object_set_string_member (element, "label", label);
  json_array_add_object_element (labels, element);
  json_object_set_array_member (hex, "labels", labels);
}

static void
check_kinds (Writer *w)
{
  int offboards = 0, junctions = 0;

  for (int i = 0; i < w->n_nodes; i++)
    {
      offboards += g_strcmp0 (w->nodes[i].kind, "offboard") == 0;
      junctions += g_strcmp0 (w->nodes[i].kind, "junction") == 0;
      if (json_object_has_member (w->nodes[i].object, "optional") ||
          json_object_has_member (w->nodes[i].object, "visit_cost") ||
          json_object_has_member (w->nodes[i].object, "group") || json_object_has_member (w->nodes[i].object, "part"))
        _kol_maker_report (w->geometry->report, _("%s: a node's optional stop, visit cost, group or part is not "
                                                  "written"), w->geometry->where);
    }
  if (offboards > 1 || junctions > 1)
    _kol_maker_report (w->geometry->report, _("%s: several off-board areas or junctions on one tile are drawn as "
                                              "one"), w->geometry->where);
}

/**
 * _kol_maker_tile_export:
 * @tile: a Koleya tile body (nodes, paths, label)
 * @rotation: turns the tile's edges by this many sixths
 * @hex: the 18xx-maker hex or tile definition to add the drawing to
 *
 * Returns: whether the drawing reads back as @tile's connections
 */
gboolean
_kol_maker_tile_export (KolMakerGeometry *geometry,
                        JsonObject       *tile,
                        int               rotation,
                        JsonObject       *hex)
{
  Writer w = { geometry, tile, rotation };
  g_autofree char *expected = NULL, *read = NULL;
  g_autoptr(JsonArray) none = json_array_new ();

  w.paths = _kol_maker_array (tile, "paths") != NULL ? _kol_maker_array (tile, "paths") : none;
  collect_nodes (&w);
  check_kinds (&w);
  expected = expected_topology (&w);
  draw (&w, hex, FALSE);
  read = read_topology (&w, hex);
  if (g_strcmp0 (expected, read) != 0)
    {
      g_free (read);
      draw (&w, hex, TRUE);
      read = read_topology (&w, hex);
    }
  write_label (&w, hex);
  if (g_strcmp0 (expected, read) == 0)
    return TRUE;
  _kol_maker_report (geometry->report, _("%s: its track cannot be drawn so that it reads back the same"),
                     geometry->where);
  return FALSE;
}

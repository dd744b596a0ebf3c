/* The open-hand search of pfn/analysis/search.py, compiled.
 *
 * The same algorithm as the Python Search, line for line where it matters: the
 * zero-window probes, the transposition table at trick boundaries keyed on
 * rank-compressed suits (sorted without trumps), the quick bounds of bounds.py, the
 * move orderings of ordering.py (history of cuts included), equivalent cards pruned
 * (suits.py), the rules of play of the kernel (rules/tricks.py: following, trumping,
 * heading, talon-led all-pass tricks).  search.py is the reference: the tests pit
 * this module against it on every kind of position.
 *
 * Cards are 0..31 (8 * suit + rank), a hand a 32-bit mask, seats 0..3.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#endif

/* The history of cuts counts as Python's integers do, past 64 bits: 128 bits where the
 * compiler has them, else (MSVC, 32-bit targets) a pair of words.  PFN_PORTABLE builds
 * the fallbacks anywhere, for their tests. */
#if defined(__SIZEOF_INT128__) && !defined(PFN_PORTABLE)
__extension__ typedef __int128 hist_t;
#define HIST_GT(a, b) ((a) > (b))
#define HIST_NE(a, b) ((a) != (b))
#define HIST_DOCK(h, shift) ((h) -= (hist_t)1 << (shift))
#else
typedef struct { int64_t hi; uint64_t lo; } hist_t;
#define HIST_GT(a, b) ((a).hi != (b).hi ? (a).hi > (b).hi : (a).lo > (b).lo)
#define HIST_NE(a, b) ((a).hi != (b).hi || (a).lo != (b).lo)
static void hist_dock(hist_t *h, int shift) {
    uint64_t step = (uint64_t)1 << shift;
    if (h->lo < step) h->hi--;
    h->lo -= step;
}
#define HIST_DOCK(h, shift) hist_dock(&(h), (shift))
#endif

#define NONE (-1)
#define SUIT(c) ((c) >> 3)
#define RANK(c) ((c) & 7)
#define BIT(c) (1u << (c))

static const uint32_t SUIT_MASKS[4] = {0xFFu, 0xFFu << 8, 0xFFu << 16, 0xFFu << 24};

enum { WINNERS_FIRST, DUCKS_FIRST, LOW_FIRST, HIGH_FIRST };
enum { DEAD = 1, DUCKS = 2 };

/* the table: key -> (lo, hi), open addressing, emptied when full */
typedef struct {
    /* k1 == 0: an empty slot (every real key has k1 != 0: see key()); k2 holds the rest
     * of the key below BOUNDS and the bounds lo, hi (0..10) in its top eight bits, so
     * that an entry is 16 bytes, four to a cache line */
    uint64_t k1, k2;
} Entry;

#define BOUNDS 56
#define KEY2 ((1ull << BOUNDS) - 1)

#define TABLE_LIMIT (1u << 21)  /* entries, as in the Python table; slots twice as many at most */

typedef struct {
    PyObject_HEAD
    int trump, heads, soloist, talon_owner, unfollowed_highest, rules_talon_leads;
    int n, order[4], next[4], target, maxi[4], opponents[3], nopp;
    int talon[4], ntalon, first, exact_talon, duel, ducking;
    uint32_t hands[4];
    long long nodes;
    hist_t history[4][32];
    Entry *table;
    uint32_t slots, used;
} SearchObject;

/* ------------------------------------------------------------------------ kernel */

/* the highest set bit of a non-zero mask */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PFN_PORTABLE)
static inline int highest(uint32_t mask) { return 31 - __builtin_clz(mask); }
#elif defined(_MSC_VER) && !defined(PFN_PORTABLE)
#include <intrin.h>
static inline int highest(uint32_t mask) {
    unsigned long index;
    _BitScanReverse(&index, mask);
    return (int)index;
}
#else
static inline int highest(uint32_t mask) {
    int found = 0;
    while (mask >>= 1) found++;
    return found;
}
#endif
/* the lowest set bit of a non-zero mask */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PFN_PORTABLE)
static inline int lowest(uint32_t mask) { return __builtin_ctz(mask); }
#elif defined(_MSC_VER) && !defined(PFN_PORTABLE)
static inline int lowest(uint32_t mask) {
    unsigned long index;
    _BitScanForward(&index, mask);
    return (int)index;
}
#else
static inline int lowest(uint32_t mask) { return highest(mask & -mask); }
#endif
static inline int popcount(uint32_t x) {
    /* SWAR: as fast as the instruction where a generic build has no popcnt */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static inline uint32_t legal_cards(uint32_t hand, int lead, int trump) {
    uint32_t same = hand & SUIT_MASKS[SUIT(lead)];
    if (same) return same;
    if (trump != NONE) {
        uint32_t trumps = hand & SUIT_MASKS[trump];
        if (trumps) return trumps;
    }
    return hand;
}

static inline uint32_t beating(int best, int led, int trump) {
    uint32_t above = best >= 31 ? 0u : ~((2u << best) - 1u);
    if (trump != NONE && SUIT(best) == trump) return SUIT_MASKS[trump] & above;
    uint32_t beats = SUIT_MASKS[led] & above;
    if (trump != NONE) beats |= SUIT_MASKS[trump];
    return beats;
}

/* index of the winning card: the highest trump, else the highest of suit led; -1 none */
static int trick_winner(const int *cards, int count, int trump, int led) {
    int best = -1, best_key = -1;
    for (int i = 0; i < count; i++) {
        int suit = SUIT(cards[i]), key;
        if (suit == trump) key = 16 + RANK(cards[i]);
        else if (suit == led) key = RANK(cards[i]);
        else continue;
        if (key > best_key) { best = i; best_key = key; }
    }
    return best;
}

/* PlayRules.exempt: the second hand after the soloist's lead need not head */
static inline int exempt(SearchObject *s, const int *seats, int count) {
    return count == 1 && seats[0] != NONE && seats[0] == s->soloist;
}

/* PlayRules.legal */
static uint32_t rules_legal(SearchObject *s, uint32_t hand, const int *cards, const int *seats,
                            int count) {
    if (!count) return hand;
    int lead = cards[0];
    uint32_t legal = legal_cards(hand, lead, s->trump);
    if (s->heads && !exempt(s, seats, count)) {
        int index = trick_winner(cards, count, s->trump, SUIT(lead));
        if (index >= 0) {
            uint32_t heads = legal & beating(cards[index], SUIT(lead), s->trump);
            if (heads) return heads;
        }
    }
    return legal;
}

/* PlayRules.winner: the seat that takes a complete trick, NONE when nobody does */
static int rules_winner(SearchObject *s, const int *cards, const int *seats, int count) {
    int led = SUIT(cards[0]);
    if (seats[0] != NONE) {
        int index = trick_winner(cards, count, s->trump, led);
        return index >= 0 ? seats[index] : NONE;
    }
    if (s->talon_owner != NONE) {
        int index = trick_winner(cards, count, NONE, led);
        if (index < 0) return NONE;
        return index == 0 ? s->talon_owner : seats[index];
    }
    int index = trick_winner(cards + 1, count - 1, NONE, led);
    if (index >= 0) return seats[index + 1];
    if (!s->unfollowed_highest) return NONE;
    /* the highest rank, the earliest of equal ones */
    int best = -1, best_rank = -1;
    for (int i = 1; i < count; i++)
        if (RANK(cards[i]) > best_rank) { best_rank = RANK(cards[i]); best = i; }
    return seats[best];
}

static inline int next_leader(SearchObject *s, int number, int winner) {
    return number <= s->rules_talon_leads ? s->order[0] : winner;
}

/* ------------------------------------------------------------------------- suits */

static inline uint32_t runs(uint32_t own, uint32_t live) {
    /* the tables' source: RUNS is this on every suit */
    uint32_t keep = 0;
    int above = 0;
    for (int rank = 7; rank >= 0; rank--) {
        uint32_t bit = 1u << rank;
        if (!(live & bit)) continue;
        if (own & bit) {
            if (!above) keep |= bit;
            above = 1;
        } else above = 0;
    }
    return keep;
}

/* RUNS[live][own]: the highest card of each run of own cards among a suit's live ones
 * (runs); SPREAD4[ranks]: the bit of rank r moved to bit 4r */
static uint8_t RUNS[256][256];
static uint32_t SPREAD4[256];

/* one card of each run of equivalent cards: a mask */
static inline uint32_t kept_of(uint32_t mask, uint32_t live) {
    uint32_t kept = 0;
    for (int shift = 0; shift < 32; shift += 8)
        if (mask >> shift & 0xFF)
            kept |= (uint32_t)RUNS[live >> shift & 0xFF][mask >> shift & 0xFF] << shift;
    return kept;
}

/* a mask of cards by rank: card (suit, rank) at bit 4 * rank + suit (up), or at
 * 4 * rank + 3 - suit (down) */
static inline uint32_t rank_major(uint32_t mask, int up) {
    uint32_t found = 0;
    for (int suit = 0; suit < 4; suit++)
        found |= SPREAD4[mask >> 8 * suit & 0xFF] << (up ? suit : 3 - suit);
    return found;
}

/* the cards of a rank_major mask, low to high rank, suit by suit up within a rank */
static int low_to_high(uint32_t ranked, int *out) {
    int n = 0;
    for (; ranked; ranked &= ranked - 1) {
        int bit = lowest(ranked);
        out[n++] = 8 * (bit & 3) + (bit >> 2);
    }
    return n;
}

/* the cards of a rank_major mask, high to low rank; within a rank the suits down when
 * the mask was made up, else up */
static int high_to_low(uint32_t ranked, int up, int *out) {
    int n = 0;
    while (ranked) {
        int bit = highest(ranked);
        ranked &= ~(1u << bit);
        out[n++] = 8 * (up ? bit & 3 : 3 - (bit & 3)) + (bit >> 2);
    }
    return n;
}

/* one card of each run of equivalent cards, low to high by suit */
static int moves_of(uint32_t mask, uint32_t live, int *out) {
    int n = 0;
    for (uint32_t kept = kept_of(mask, live); kept; kept &= kept - 1) out[n++] = lowest(kept);
    return n;
}

static void suit_tables(void) {
    for (int live = 0; live < 256; live++)
        for (int own = 0; own < 256; own++)
            RUNS[live][own] = (uint8_t)runs((uint32_t)(own & live), (uint32_t)live);
    for (int x = 0; x < 256; x++) {
        SPREAD4[x] = 0;
        for (int r = 0; r < 8; r++)
            if (x >> r & 1) SPREAD4[x] |= 1u << 4 * r;
    }
}

static int each_card(uint32_t mask, int *out) {
    int n = 0;
    for (int c = 0; c < 32; c++)
        if (mask >> c & 1) out[n++] = c;
    return n;
}

static int ducks(uint32_t own, uint32_t others) {
    int mine[8], theirs[8], a = 0, b = 0;
    for (int r = 0; r < 8; r++) {
        if (own >> r & 1) mine[a++] = r;
        if (others >> r & 1) theirs[b++] = r;
    }
    int m = a < b ? a : b;
    for (int i = 0; i < m; i++)
        if (!(mine[i] < theirs[i])) return 0;
    return 1;
}

static int shape(uint32_t own, uint32_t others) {
    return (((own & -own) > others) ? DEAD : 0) | (ducks(own, others) ? DUCKS : 0);
}

/* A suit compressed: the owners (their index in the order: the order has at most three
 * seats) of its live cards, two bits each, the lowest card's at the bottom, then their
 * count in four bits.  Built a half-suit at a time from tables, not card by card:
 * COMPACT[live][pairs] packs the owners (two bits a rank) of a half-suit's four ranks,
 * keeping those of the live ranks. */
static uint8_t COMPACT[16][256], POP8[256];

/* bit i of x to bit 2i */
static inline uint64_t spread(uint32_t x) {
    uint64_t v = x;
    v = (v | v << 16) & 0x0000FFFF0000FFFFull;
    v = (v | v << 8) & 0x00FF00FF00FF00FFull;
    v = (v | v << 4) & 0x0F0F0F0F0F0F0F0Full;
    v = (v | v << 2) & 0x3333333333333333ull;
    return (v | v << 1) & 0x5555555555555555ull;
}

static inline uint64_t compress(uint64_t pairs, uint32_t live, int shift) {
    uint32_t alive = live >> shift & 0xFF, low = alive & 15;
    uint32_t owners = (uint32_t)(pairs >> 2 * shift);
    uint32_t code = COMPACT[low][owners & 0xFF] |
                    (uint32_t)COMPACT[alive >> 4][owners >> 8 & 0xFF] << 2 * POP8[low];
    return (uint64_t)code << 4 | POP8[alive];
}

static void compact_tables(void) {
    for (int live = 0; live < 16; live++)
        for (int pairs = 0; pairs < 256; pairs++) {
            int out = 0, k = 0;
            for (int r = 0; r < 4; r++)
                if (live >> r & 1) out |= (pairs >> 2 * r & 3) << 2 * k++;
            COMPACT[live][pairs] = (uint8_t)out;
        }
    for (int x = 0; x < 256; x++) POP8[x] = (uint8_t)popcount((uint32_t)x);
}

/* ------------------------------------------------------------------------ bounds */

static int sure_tricks(SearchObject *s, int leader) {
    uint32_t hand = s->hands[leader];
    uint32_t others[3];
    int no = 0, trump = s->trump;
    for (int i = 0; i < s->n; i++)
        if (s->order[i] != leader) others[no++] = s->hands[s->order[i]];
    int sure = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t own = hand >> shift & 0xFF;
        if (!own) continue;
        uint32_t rest = 0;
        for (int i = 0; i < no; i++) rest |= others[i] >> shift & 0xFF;
        uint32_t top = rest ? own & ~((1u << (highest(rest) + 1)) - 1u) : own;
        int count = popcount(top);
        if (!count) continue;
        if (trump != NONE && shift != 8 * trump) {
            for (int i = 0; i < no; i++) {
                if (!(others[i] & SUIT_MASKS[trump])) continue;
                int held = popcount(others[i] >> shift & 0xFF);
                if (held < count) count = held;
            }
        }
        sure += count;
    }
    return sure;
}

static uint32_t exits(SearchObject *s) {
    uint32_t held = s->hands[s->target], found = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t own = held & SUIT_MASKS[suit];
        if (!own) continue;
        uint32_t floor = 0;
        for (int i = 0; i < s->nopp; i++) {
            uint32_t cards = s->hands[s->opponents[i]] & SUIT_MASKS[suit];
            if ((cards & -cards) > floor) floor = cards & -cards;
        }
        if (floor) found |= own & (floor - 1);
    }
    return found;
}

static int gets_out(uint32_t held, uint32_t others, uint32_t every, int unsafe) {
    for (int shift = unsafe < 0 ? 0 : unsafe; shift < 32; shift += 8) {
        uint32_t own = held >> shift & 0xFF;
        if (own) {
            uint32_t found = every >> shift & 0xFF;
            if (found) {
                uint32_t exit_card = 1u << highest(found);
                uint32_t rest = own & ~exit_card;
                if (!rest || shape(rest, others >> shift & 0xFF) & DUCKS) return 1;
            }
        }
        if (unsafe >= 0) break;
    }
    return 0;
}

static int unwanted(SearchObject *s, int leader, int remaining) {
    uint32_t held = s->hands[s->target], others = 0, dead = 0;
    for (int i = 0; i < s->nopp; i++) others |= s->hands[s->opponents[i]];
    int alive = 0, unsafe = -1;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t own = held >> shift & 0xFF;
        if (!own) continue;
        int found = shape(own, others >> shift & 0xFF);
        if (found & DEAD) dead |= 0xFFu << shift;
        else alive = 1;
        if (!(found & DUCKS)) unsafe = unsafe == -1 ? shift : -2;
    }
    int on_lead = leader == s->target;
    if (s->ducking && unsafe != -2 &&
        (!on_lead ? unsafe == -1 : gets_out(held, others, exits(s), unsafe)))
        return -1;
    if (!dead) return 0;
    if (on_lead) return alive ? 0 : remaining;
    if (s->hands[leader] & dead & others) return alive ? 1 : remaining;
    return 0;
}

static int escapes(SearchObject *s, int leader) {
    uint32_t found = exits(s);
    if (leader == s->target) return found != 0;
    uint32_t held = s->hands[s->target], lead = s->hands[leader];
    int all_safe = 1;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t mask = SUIT_MASKS[suit];
        if (lead & mask && held & mask && !(found & mask)) { all_safe = 0; break; }
    }
    if (all_safe) return 1;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t own = found & SUIT_MASKS[suit];
        if (!own) continue;
        uint32_t low = own & -own;
        for (int i = 0; i < s->nopp; i++) {
            uint32_t cards = s->hands[s->opponents[i]] & SUIT_MASKS[suit];
            if (cards & (cards - 1) && (cards & -cards) > low) return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------------- ordering */

static void sort_by_history(int *moves, int n, const hist_t *history) {
    for (int i = 1; i < n; i++) {
        int m = moves[i];
        hist_t k = history[m];
        int j = i - 1;
        while (j >= 0 && HIST_GT(history[moves[j]], k)) { moves[j + 1] = moves[j]; j--; }
        moves[j + 1] = m;
    }
}

/* the moves in an order, as stable sorts of moves_of's list would put them: by rank up
 * or down, suits up within a rank; winners (beat) first or ducks first */
static int ordered(int order, uint32_t legal, uint32_t live, uint32_t beat, int *out) {
    uint32_t kept = kept_of(legal, live);
    if (order == WINNERS_FIRST) {
        int n = low_to_high(rank_major(kept & beat, 1), out);
        return n + low_to_high(rank_major(kept & ~beat, 1), out + n);
    }
    if (order == DUCKS_FIRST) {
        int n = high_to_low(rank_major(kept & ~beat, 0), 0, out);
        return n + high_to_low(rank_major(kept & beat, 0), 0, out + n);
    }
    if (order == LOW_FIRST) return low_to_high(rank_major(kept, 1), out);
    return high_to_low(rank_major(kept, 0), 0, out);
}

/* lead_against as one comparable triple (kind, history, rank) */
static int lead_kind(uint32_t held, uint32_t partner, int card, int patient) {
    if (!held) return 4;
    if (held & ((1u << card) - 1u)) return 1;
    if (!partner || (partner & -partner) < (held & -held)) return patient ? 2 : 0;
    return 3;
}

static void leads_against(int *moves, int n, uint32_t held, uint32_t partner,
                          const hist_t *history, int patient) {
    int kind[32];
    for (int i = 0; i < n; i++) {
        int c = moves[i];
        kind[c] = lead_kind(held & SUIT_MASKS[SUIT(c)], partner & SUIT_MASKS[SUIT(c)], c,
                            patient);
    }
    for (int i = 1; i < n; i++) {
        int m = moves[i];
        int j = i - 1;
        while (j >= 0) {
            int o = moves[j];
            int greater = kind[o] != kind[m] ? kind[o] > kind[m]
                        : HIST_NE(history[o], history[m]) ? HIST_GT(history[o], history[m])
                        : RANK(o) > RANK(m);
            if (!greater) break;
            moves[j + 1] = o;
            j--;
        }
        moves[j + 1] = m;
    }
}

/* the leads of kept (two at least): the exits low to high, then the other cards high to
 * low (suits down within a rank); else high to low (wanted) or low to high; then by
 * history, a stable sort */
static int ordered_leads(uint32_t kept, int *moves, const hist_t *history, int wanted,
                         long long ex) {
    int n;
    if (ex >= 0) {
        uint32_t e = (uint32_t)ex;
        n = low_to_high(rank_major(kept & e, 1), moves);
        n += high_to_low(rank_major(kept & ~e, 1), 1, moves + n);
    } else if (wanted) {
        n = high_to_low(rank_major(kept, 1), 1, moves);
    } else {
        n = low_to_high(rank_major(kept, 1), moves);
    }
    sort_by_history(moves, n, history);
    return n;
}

static int leads(SearchObject *s, int seat, uint32_t hand, uint32_t live, int maximising,
                 int bound, int *out) {
    uint32_t kept = kept_of(hand, live);
    if (!(kept & (kept - 1))) return moves_of(hand, live, out);
    hist_t *history = s->history[seat];
    if (maximising && seat != s->target) {
        int n = moves_of(hand, live, out);
        uint32_t partner = 0;
        for (int i = 0; i < s->nopp; i++)
            if (s->opponents[i] != seat) partner = s->hands[s->opponents[i]];
        uint32_t e = bound > 1 && s->ducking ? exits(s) : 0;
        leads_against(out, n, s->hands[s->target], partner, history, (e & (e - 1)) != 0);
        return n;
    }
    long long e = seat == s->target && s->ducking ? (long long)exits(s) : -1;
    return ordered_leads(kept, out, history, (seat == s->target) == maximising, e);
}

static int follows(SearchObject *s, int seat, uint32_t legal, uint32_t live, uint32_t beat,
                   int by, int maximising, int target_played, int led, int *out) {
    int order;
    if (seat == s->target) order = maximising ? WINNERS_FIRST : DUCKS_FIRST;
    else if (maximising) {
        if (!(legal & SUIT_MASKS[led])) order = HIGH_FIRST;
        else if (!target_played) order = LOW_FIRST;
        else order = DUCKS_FIRST;
    } else if (target_played && by != s->target) order = LOW_FIRST;
    else order = WINNERS_FIRST;
    return ordered(order, legal, live, beat, out);
}

/* ------------------------------------------------------------------------- table */

static int table_get(SearchObject *s, uint64_t k1, uint64_t k2, int *lo, int *hi) {
    if (!s->table) return 0;
    uint32_t mask = s->slots - 1;
    uint64_t h = (k1 * 0x9E3779B97F4A7C15ull) ^ (k2 * 0xC2B2AE3D27D4EB4Full);
    for (uint32_t i = (uint32_t)(h >> 32) & mask;; i = (i + 1) & mask) {
        Entry *e = &s->table[i];
        if (!e->k1) return 0;
        if (e->k1 == k1 && (e->k2 & KEY2) == k2) {
            *lo = (int)(e->k2 >> BOUNDS & 15);
            *hi = (int)(e->k2 >> (BOUNDS + 4));
            return 1;
        }
    }
}

/* a table of slots empty entries: on Linux in huge pages where the kernel gives them
 * (a lookup is a cache miss anyway; a TLB miss too in small pages, the table being
 * megabytes), else from Python's allocator */
#define HUGE_PAGE (2u << 20)

static Entry *table_alloc(uint32_t slots) {
    size_t size = (size_t)slots * sizeof(Entry);
#if defined(__linux__)
    void *found = NULL;
    if (posix_memalign(&found, size >= HUGE_PAGE ? HUGE_PAGE : 64, size)) return NULL;
#ifdef MADV_HUGEPAGE
    if (size >= HUGE_PAGE) madvise(found, size, MADV_HUGEPAGE);
#endif
    memset(found, 0, size);
    return found;
#else
    return PyMem_Calloc(slots, sizeof(Entry));
#endif
}

static void table_free(Entry *table) {
#if defined(__linux__)
    free(table);
#else
    PyMem_Free(table);
#endif
}

static int table_grow(SearchObject *s, uint32_t slots) {
    Entry *old = s->table;
    uint32_t old_slots = s->slots;
    Entry *fresh = table_alloc(slots);
    if (!fresh) return 0;
    s->table = fresh;
    s->slots = slots;
    s->used = 0;
    for (uint32_t i = 0; i < old_slots; i++) {
        if (!old[i].k1) continue;
        uint32_t mask = slots - 1;
        uint64_t h = (old[i].k1 * 0x9E3779B97F4A7C15ull) ^
                     ((old[i].k2 & KEY2) * 0xC2B2AE3D27D4EB4Full);
        uint32_t j = (uint32_t)(h >> 32) & mask;
        while (fresh[j].k1) j = (j + 1) & mask;
        fresh[j] = old[i];
        s->used++;
    }
    table_free(old);
    return 1;
}

static void table_put(SearchObject *s, uint64_t k1, uint64_t k2, int lo, int hi) {
    if (!s->table) {
        s->table = table_alloc(1u << 12);
        if (!s->table) return;  /* no memory: the search goes on without its table */
        s->slots = 1u << 12;
        s->used = 0;
    }
    if (s->used >= TABLE_LIMIT) {  /* full: emptied, as the Python table is */
        memset(s->table, 0, s->slots * sizeof(Entry));
        s->used = 0;
    } else if (2 * (s->used + 1) > s->slots && !table_grow(s, s->slots * 2)) {
        return;
    }
    uint32_t mask = s->slots - 1;
    uint64_t h = (k1 * 0x9E3779B97F4A7C15ull) ^ (k2 * 0xC2B2AE3D27D4EB4Full);
    uint64_t stored = k2 | (uint64_t)lo << BOUNDS | (uint64_t)hi << (BOUNDS + 4);
    for (uint32_t i = (uint32_t)(h >> 32) & mask;; i = (i + 1) & mask) {
        Entry *e = &s->table[i];
        if (!e->k1) { e->k1 = k1; e->k2 = stored; s->used++; return; }
        if (e->k1 == k1 && (e->k2 & KEY2) == k2) { e->k2 = stored; return; }
    }
}

/* the position at a boundary: four compressed suits (sorted without trumps), the leader */
static void key(SearchObject *s, int leader, uint64_t *k1, uint64_t *k2) {
    /* no card is in two hands: a card's owner is 1 * "the second holds it" + 2 * "the
     * third holds it" */
    uint32_t h1 = s->hands[s->order[1]], h2 = s->n > 2 ? s->hands[s->order[2]] : 0;
    uint32_t live = s->hands[s->order[0]] | h1 | h2;
    uint64_t pairs = spread(h1) | spread(h2) << 1;
    uint64_t a = compress(pairs, live, 0), b = compress(pairs, live, 8),
             c = compress(pairs, live, 16), d = compress(pairs, live, 24), t;
    if (s->trump == NONE) {
        if (a > b) { t = a; a = b; b = t; }
        if (c > d) { t = c; c = d; d = t; }
        if (a > c) { t = a; a = c; c = t; }
        if (b > d) { t = b; b = d; d = t; }
        if (b > c) { t = b; b = c; c = t; }
    }
    /* the leader + 1 in the top bits keeps k1 non-zero, the mark of a used slot */
    *k1 = (a << 22 | b) | (uint64_t)(leader + 1) << 44;
    *k2 = c << 22 | d;
}

/* ------------------------------------------------------------------------ search */

static int boundary(SearchObject *s, int leader, int number, int bound);
static int trick(SearchObject *s, int number, int bound, int *cards, int *seats, int count,
                 uint32_t live, int seat);

static int last(SearchObject *s, int leader) {
    int cards[4], seats[4], seat = leader;
    for (int i = 0; i < s->n; i++) {
        cards[i] = highest(s->hands[seat]);
        seats[i] = seat;
        seat = s->next[seat];
    }
    s->nodes++;
    return rules_winner(s, cards, seats, s->n) == s->target;
}

/* a trick from its lead, its cards tried in nested loops: the value, and the lead that
 * decided it (-1 if none did) */
static int whole_trick(SearchObject *s, int leader, int number, int bound, int *decided) {
    uint32_t *hands = s->hands;
    int trump = s->trump, heads = s->heads, target = s->target;
    uint32_t live = 0;
    for (int i = 0; i < s->n; i++) live |= hands[s->order[i]];
    int three = s->n == 3;
    int s1 = leader, s2 = s->next[s1], s3 = s->next[s2];
    uint32_t h1 = hands[s1], h2 = hands[s2], h3 = hands[s3];
    int m1 = s->maxi[s1], m2 = s->maxi[s2], m3 = s->maxi[s3];
    int played = target == s1 || target == s2;
    int after = number + 1;
    s->nodes++;
    int v1 = m1 ? -1 : 99;
    int first[32], n1 = leads(s, s1, h1, live, m1, bound, first);
    *decided = -1;
    for (int i1 = 0; i1 < n1; i1++) {
        int c1 = first[i1];
        hands[s1] = h1 & ~BIT(c1);
        int led = SUIT(c1);
        uint32_t beat1 = beating(c1, led, trump);
        int t1[1] = {c1}, w1[1] = {s1};
        uint32_t legal2 = heads ? rules_legal(s, h2, t1, w1, 1) : legal_cards(h2, c1, trump);
        uint32_t legal3 = legal_cards(h3, c1, trump);
        int v2 = m2 ? -1 : 99;
        int second[32], n2 = follows(s, s2, legal2, live, beat1, s1, m2, s1 == target, led,
                                     second);
        int under[32], nunder = -1;
        for (int i2 = 0; i2 < n2; i2++) {
            int c2 = second[i2], by, v;
            uint32_t beat2;
            hands[s2] = h2 & ~BIT(c2);
            if (beat1 >> c2 & 1) { by = s2; beat2 = beating(c2, led, trump); }
            else { by = s1; beat2 = beat1; }
            if (three) {
                if (heads) {
                    int t2[2] = {c1, c2}, w2[2] = {s1, s2};
                    legal3 = rules_legal(s, h3, t2, w2, 2);
                }
                int v3 = m3 ? -1 : 99;
                int third_buf[32], *third, n3;
                if (by != s1 || heads) {
                    n3 = follows(s, s3, legal3, live, beat2, by, m3, played, led, third_buf);
                    third = third_buf;
                } else {
                    if (nunder < 0)
                        nunder = follows(s, s3, legal3, live, beat1, s1, m3, played, led, under);
                    third = under;
                    n3 = nunder;
                }
                for (int i3 = 0; i3 < n3; i3++) {
                    int c3 = third[i3];
                    hands[s3] = h3 & ~BIT(c3);
                    int winner = beat2 >> c3 & 1 ? s3 : by;
                    if (winner == target) v = 1 + boundary(s, winner, after, bound - 1);
                    else v = boundary(s, winner, after, bound);
                    hands[s3] = h3;
                    if (m3) {
                        if (v > v3) { v3 = v; if (v >= bound) break; }
                    } else if (v < v3) { v3 = v; if (v < bound) break; }
                }
                v = v3;
            } else if (by == target) {
                v = 1 + boundary(s, by, after, bound - 1);
            } else {
                v = boundary(s, by, after, bound);
            }
            hands[s2] = h2;
            if (m2) {
                if (v > v2) { v2 = v; if (v >= bound) break; }
            } else if (v < v2) { v2 = v; if (v < bound) break; }
        }
        hands[s1] = h1;
        if (m1) {
            if (v2 > v1) { v1 = v2; if (v2 >= bound) { *decided = c1; return v1; } }
        } else if (v2 < v1) { v1 = v2; if (v2 < bound) { *decided = c1; return v1; } }
    }
    return v1;
}

static int boundary(SearchObject *s, int leader, int number, int bound) {
    if (bound <= 0) return 0;
    int remaining = popcount(s->hands[leader]);
    if (bound > remaining) return remaining;
    uint64_t k1, k2;
    key(s, leader, &k1, &k2);
    int lo, hi, value = -1;
    if (table_get(s, k1, k2, &lo, &hi)) {
        if (lo >= bound) return lo;
        if (hi < bound) return hi;
    } else {
        lo = 0;
        hi = remaining;
        if (remaining == 1) {
            lo = hi = value = last(s, leader);
        } else if (s->duel) {
            int sure = sure_tricks(s, leader);
            if (leader == s->target) {
                if (sure > lo) lo = sure;
                if (sure >= bound) value = sure;
            } else {
                if (remaining - sure < hi) hi = remaining - sure;
                if (hi < bound) value = hi;
            }
        } else if (s->trump == NONE) {
            int forced = unwanted(s, leader, remaining);
            if (forced > lo) lo = forced;
            if (forced >= bound) value = forced;
            else if (forced < 0) lo = hi = value = 0;
            else if (bound == remaining && s->ducking && escapes(s, leader))
                hi = value = remaining - 1;
        }
    }
    if (value < 0) {
        int best;
        value = whole_trick(s, leader, number, bound, &best);
        if (best >= 0) HIST_DOCK(s->history[leader][best], 5 * remaining);
        if (value >= bound) { if (value > lo) lo = value; }
        else if (value < hi) hi = value;
    }
    table_put(s, k1, k2, lo, hi);
    return value;
}

static uint32_t live_of(SearchObject *s, const int *cards, int count) {
    uint32_t live = 0;
    for (int i = 0; i < s->n; i++) live |= s->hands[s->order[i]];
    for (int i = 0; i < count; i++) live |= BIT(cards[i]);
    for (int i = 0; i < s->ntalon; i++) live |= BIT(s->talon[i]);
    return live;
}

static int end(SearchObject *s, int number, int bound, int *cards, int *seats, int count) {
    int winner = rules_winner(s, cards, seats, count);
    int won = winner == s->target;
    int nxt = next_leader(s, number, winner);
    number += 1;
    if (number <= s->rules_talon_leads) {
        if (bound - won <= 0 || !s->hands[nxt]) return won;
        int table[5] = {s->talon[number - s->first]}, who[5] = {NONE};
        return won + trick(s, number, bound - won, table, who, 1, live_of(s, table, 1), nxt);
    }
    return won + boundary(s, nxt, number, bound - won);
}

static int moves_within(SearchObject *s, int seat, uint32_t legal, const int *cards,
                        const int *seats, int count, int maximising, int talon_trick,
                        uint32_t live, int bound, int *out) {
    if (talon_trick && s->exact_talon) return each_card(legal, out);
    if (!count) return leads(s, seat, legal, live, maximising, bound, out);
    int lead = cards[0];
    int index = trick_winner(cards, count, s->trump, SUIT(lead));
    if (index < 0) return moves_of(legal, live, out);
    int by = seats[index];
    int target_played = 0;
    for (int i = 0; i < count; i++) if (seats[i] == s->target) target_played = 1;
    return follows(s, seat, legal, live, beating(cards[index], SUIT(lead), s->trump),
                   by == NONE ? -1 : by, maximising, target_played, SUIT(lead), out);
}

static int trick(SearchObject *s, int number, int bound, int *cards, int *seats, int count,
                 uint32_t live, int seat) {
    s->nodes++;
    uint32_t hand = s->hands[seat], legal;
    if (!count) legal = hand;
    else if (s->heads) legal = rules_legal(s, hand, cards, seats, count);
    else legal = legal_cards(hand, cards[0], s->trump);
    int maximising = s->maxi[seat];
    int talon_trick = count > 0 && seats[0] == NONE;
    int is_last = count - talon_trick == s->n - 1;
    int nxt = s->next[seat];
    int best = maximising ? -1 : 99;
    int moves[32], n = moves_within(s, seat, legal, cards, seats, count, maximising,
                                    talon_trick, live, bound, moves);
    for (int i = 0; i < n; i++) {
        int card = moves[i], value;
        s->hands[seat] = hand & ~BIT(card);
        cards[count] = card;
        seats[count] = seat;
        if (is_last) value = end(s, number, bound, cards, seats, count + 1);
        else value = trick(s, number, bound, cards, seats, count + 1, live, nxt);
        s->hands[seat] = hand;
        if (maximising) {
            if (value > best) { best = value; if (value >= bound) break; }
        } else if (value < best) { best = value; if (value < bound) break; }
    }
    return best;
}

/* ---------------------------------------------------------------------- Python API */

static int read_ints(PyObject *seq, int *out, int most, const char *what, int allow_none,
                     long low, long high) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %d", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (item == Py_None && allow_none) { out[i] = NONE; continue; }
        long v = PyLong_AsLong(item);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < low || v > high) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range %ld..%ld", what, v, low, high);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* an int argument that may be None (NONE), else in low..high */
static int read_optional(PyObject *value, int low, int high, const char *what, int *out) {
    if (value == Py_None) { *out = NONE; return 0; }
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "%s: %ld is out of range %d..%d", what, v, low, high);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int fail(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

/* Search(trump, must_head, soloist, talon_leads, talon_owner, unfollowed_highest, order,
 *        target, maximisers, talon, first=1): every value checked, as pfn/analysis/inputs.py
 * checks them before either engine is called; a second __init__ starts afresh */
static int Search_init(SearchObject *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"trump", "must_head", "soloist", "talon_leads", "talon_owner",
                            "unfollowed_highest", "order", "target", "maximisers", "talon",
                            "first", NULL};
    PyObject *trump, *soloist, *owner, *order, *maximisers, *talon;
    int heads, talon_leads, highest_rule, target, first = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OpOiOpOiOO|i", names, &trump, &heads, &soloist,
                                     &talon_leads, &owner, &highest_rule, &order, &target,
                                     &maximisers, &talon, &first))
        return -1;
    /* a fresh search: no table, no history, whatever an earlier __init__ left */
    table_free(s->table);
    s->table = NULL;
    s->slots = s->used = 0;
    s->nodes = 0;
    memset(s->history, 0, sizeof s->history);
    memset(s->hands, 0, sizeof s->hands);
    s->n = 0;
    if (read_optional(trump, 0, 3, "trump", &s->trump) < 0) return -1;
    if (read_optional(soloist, 0, 3, "soloist", &s->soloist) < 0) return -1;
    if (read_optional(owner, 0, 3, "talon_owner", &s->talon_owner) < 0) return -1;
    if (talon_leads < 0 || talon_leads > 2) return fail("talon_leads: 0, 1 or 2");
    if (first < 1 || first > 10) return fail("first: a trick 1..10");
    s->heads = heads;
    s->rules_talon_leads = talon_leads;
    s->unfollowed_highest = highest_rule;
    int seats[4], n = read_ints(order, seats, 3, "order", 0, 0, 3);
    if (n < 0) return -1;
    if (n < 2) return fail("order: two or three seats");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (seats[i] == seats[j]) return fail("order: a seat twice");
    int in_order = 0;
    for (int i = 0; i < n; i++) in_order |= 1 << seats[i];
    if (target < 0 || target > 3 || !(in_order >> target & 1))
        return fail("target: a seat that plays");
    int maxi[4], nmax = read_ints(maximisers, maxi, 4, "maximisers", 0, 0, 3);
    if (nmax < 0) return -1;
    int cards[4], ntalon = read_ints(talon, cards, 2, "talon", 0, 0, 31);
    if (ntalon < 0) return -1;
    int needed = talon_leads - first + 1 > 0 ? talon_leads - first + 1 : 0;
    if (ntalon != needed) return fail("talon: a card for each talon-led trick from first on");
    if (ntalon == 2 && cards[0] == cards[1]) return fail("talon: a card twice");
    memset(s->maxi, 0, sizeof s->maxi);
    for (int i = 0; i < nmax; i++) {
        if (!(in_order >> maxi[i] & 1)) return fail("maximisers: seats that play");
        s->maxi[maxi[i]] = 1;
    }
    s->n = n;
    for (int i = 0; i < n; i++) s->order[i] = seats[i];
    for (int i = 0; i < n; i++) s->next[s->order[i]] = s->order[(i + 1) % n];
    s->target = target;
    s->nopp = 0;
    for (int i = 0; i < n; i++)
        if (s->order[i] != target) s->opponents[s->nopp++] = s->order[i];
    s->ntalon = ntalon;
    for (int i = 0; i < ntalon; i++) s->talon[i] = cards[i];
    s->first = first;
    s->exact_talon = highest_rule;
    s->duel = nmax == 1 && s->maxi[target];
    s->ducking = !s->duel && s->trump == NONE && !heads;
    return 0;
}

static void Search_dealloc(SearchObject *s) {
    table_free(s->table);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* the hands of a position: four masks of 32 bits */
static int read_hands(PyObject *seq, uint32_t *out) {
    PyObject *fast = PySequence_Fast(seq, "hands");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > 4) { Py_DECREF(fast); return fail("hands: at most four"); }
    for (int i = 0; i < 4; i++) out[i] = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v > 0xFFFFFFFFull) { Py_DECREF(fast); return fail("hands: masks of 32 cards"); }
        out[i] = (uint32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* the position checked as pfn/analysis/inputs.py checks it (check_position): the hands
 * of the players apart, ten cards at most, a card for each trick left; the trick on the
 * table played in turn from the leader (the eldest after a talon card), not complete */
static int check_position(SearchObject *s, const uint32_t *h, int leader, int number,
                          const int *cards, const int *seats, int count) {
    if (s->n < 2) return fail("the search was not made");
    if (number < s->first || number > 10) return fail("number: a trick from first to 10");
    uint32_t held = 0;
    int plays = 0;
    for (int i = 0; i < s->n; i++) {
        uint32_t hand = h[s->order[i]];
        if (hand & held) return fail("hands: a card in two hands");
        if (popcount(hand) > 10) return fail("hands: ten cards at most");
        held |= hand;
        if (s->order[i] == leader) plays = 1;
    }
    if (!plays) return fail("leader: a seat that plays");
    for (int i = 0; i < s->ntalon; i++)
        if (held & BIT(s->talon[i])) return fail("talon: a card in a hand");
    int talon_led = number <= s->rules_talon_leads;
    if (talon_led && leader != s->order[0]) return fail("leader: the eldest after a talon card");
    uint32_t on_table = 0;
    int played[4] = {0, 0, 0, 0};
    if (count) {
        int expected[5], k = 0, at = 0;
        if (talon_led) {
            expected[k++] = NONE;
            if (cards[0] != s->talon[number - s->first]) return fail("table: the talon's card first");
        }
        while (s->order[at] != leader) at++;
        for (int i = 0; i < s->n; i++) expected[k++] = s->order[(at + i) % s->n];
        if (count >= k) return fail("table: the trick on the table is complete");
        for (int i = 0; i < count; i++) {
            if (cards[i] < 0 || cards[i] > 31) return fail("table: cards 0..31");
            if (seats[i] != expected[i]) return fail("seats: the trick is played in turn");
            if ((held | on_table) & BIT(cards[i])) return fail("table: a card twice");
            on_table |= BIT(cards[i]);
            if (seats[i] != NONE) played[seats[i]] = 1;
        }
    }
    int size = -1, waiting = 0;
    for (int i = 0; i < s->n; i++) {
        int seat = s->order[i], c = popcount(h[seat]) + played[seat];
        if (size >= 0 && c != size) return fail("hands: one card for each trick left");
        size = c;
        if (!played[seat] && h[seat]) waiting = 1;
    }
    if (size > 11 - number) return fail("hands: one card for each trick left");
    if (count && !waiting) return fail("hands: one card for each trick left");
    return 0;
}

/* probe(hands, leader, number, bound, table=(), seats=()) */
static int do_probe(SearchObject *s, PyObject *hands, int leader, int number, int bound,
                    PyObject *table, PyObject *seats_obj, int *result) {
    uint32_t h[4];
    int cards[8], seats[8];
    if (read_hands(hands, h) < 0) return -1;
    int count = table ? read_ints(table, cards, 4, "table", 0, 0, 31) : 0;
    if (count < 0) return -1;
    int nseats = seats_obj ? read_ints(seats_obj, seats, 4, "seats", 1, 0, 3) : 0;
    if (nseats < 0) return -1;
    if (nseats != count) return fail("a seat for each card");
    if (leader < 0 || leader > 3) return fail("leader: a seat");
    if (check_position(s, h, leader, number, cards, seats, count) < 0) return -1;
    if (!result) return 0;  /* checked only */
    if (bound < -1) bound = -1;
    if (bound > 11) bound = 11;
    for (int i = 0; i < 4; i++) s->hands[i] = h[i];
    if (!count && number > s->rules_talon_leads) {
        *result = boundary(s, leader, number, bound);
        return 0;
    }
    if (!count) {
        cards[0] = s->talon[number - s->first];
        seats[0] = NONE;
        count = 1;
        leader = s->order[0];
    }
    int seat = leader;
    for (int i = 0; i < count - (seats[0] == NONE); i++) seat = s->next[seat];
    *result = trick(s, number, bound, cards, seats, count, live_of(s, cards, count), seat);
    return 0;
}

static PyObject *Search_probe(SearchObject *s, PyObject *args) {
    PyObject *hands, *table = NULL, *seats = NULL;
    int leader, number, bound, result;
    if (!PyArg_ParseTuple(args, "Oiii|OO", &hands, &leader, &number, &bound, &table, &seats))
        return NULL;
    if (do_probe(s, hands, leader, number, bound, table, seats, &result) < 0) return NULL;
    return PyLong_FromLong(result);
}

static PyObject *Search_value(SearchObject *s, PyObject *args) {
    PyObject *hands, *table = NULL, *seats = NULL;
    int leader, number;
    if (!PyArg_ParseTuple(args, "Oii|OO", &hands, &leader, &number, &table, &seats))
        return NULL;
    uint32_t h[4];
    if (read_hands(hands, h) < 0) return NULL;
    int lo = 0, hi = 0;
    for (int i = 0; i < s->n; i++) {
        int c = popcount(h[s->order[i]]);
        if (c > hi) hi = c;
    }
    int found;  /* the position is checked even when no probe is needed */
    if (do_probe(s, hands, leader, number, 0, table, seats, NULL) < 0) return NULL;
    while (lo < hi) {
        int probe = s->duel ? (lo + hi + 1) / 2 : lo + 1;
        if (do_probe(s, hands, leader, number, probe, table, seats, &found) < 0) return NULL;
        if (found >= probe) lo = found;
        else hi = found;
    }
    return PyLong_FromLong(lo);
}

static PyObject *Search_at_least(SearchObject *s, PyObject *args) {
    PyObject *hands, *table = NULL, *seats = NULL;
    int leader, number, bound, result;
    if (!PyArg_ParseTuple(args, "Oiii|OO", &hands, &leader, &number, &bound, &table, &seats))
        return NULL;
    if (do_probe(s, hands, leader, number, bound, table, seats, &result) < 0) return NULL;
    return PyBool_FromLong(result >= bound);
}

#define MOST_TRICKS 11  /* counts of 0..10 tricks */

/* exactly n masks of 32 bits (a layout: the cards dealt to each holder) */
static int read_hands_n(PyObject *seq, uint32_t *out, int n) {
    PyObject *fast = PySequence_Fast(seq, "layout");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        return fail("layouts: a mask for each holder");
    }
    for (int i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v > 0xFFFFFFFFull) { Py_DECREF(fast); return fail("layouts: masks of 32 cards"); }
        out[i] = (uint32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *counts_tuple(const long long *counts) {
    PyObject *found = PyTuple_New(MOST_TRICKS);
    if (!found) return NULL;
    for (int v = 0; v < MOST_TRICKS; v++) {
        PyObject *item = PyLong_FromLongLong(counts[v]);
        if (!item) { Py_DECREF(found); return NULL; }
        PyTuple_SET_ITEM(found, v, item);
    }
    return found;
}

/* one probe of the position in s->hands with the trick (cards, seats, count) on the table,
 * led by leader: do_probe's dispatch, on a position already checked */
static int probe_at(SearchObject *s, int leader, int number, int bound, const int *given,
                    const int *given_seats, int count) {
    int cards[8], seats[8];
    for (int i = 0; i < count; i++) { cards[i] = given[i]; seats[i] = given_seats[i]; }
    if (!count && number > s->rules_talon_leads) return boundary(s, leader, number, bound);
    if (!count) {
        cards[0] = s->talon[number - s->first];
        seats[0] = NONE;
        count = 1;
        leader = s->order[0];
    }
    int seat = leader;
    for (int i = 0; i < count - (seats[0] == NONE); i++) seat = s->next[seat];
    return trick(s, number, bound, cards, seats, count, live_of(s, cards, count), seat);
}

/* one probe after `seat` plays `card` to the trick (cards, seats, count): the target's
 * tricks from that trick on, this one included */
static int probe_after(SearchObject *s, int number, int bound, const int *given,
                       const int *given_seats, int count, int seat, int card) {
    int cards[8], seats[8], value;
    for (int i = 0; i < count; i++) { cards[i] = given[i]; seats[i] = given_seats[i]; }
    uint32_t live = live_of(s, cards, count), hand = s->hands[seat];
    int talon_trick = count > 0 && seats[0] == NONE;
    s->hands[seat] = hand & ~BIT(card);
    cards[count] = card;
    seats[count] = seat;
    if (count - talon_trick == s->n - 1) value = end(s, number, bound, cards, seats, count + 1);
    else value = trick(s, number, bound, cards, seats, count + 1, live, s->next[seat]);
    s->hands[seat] = hand;
    return value;
}

/* the exact value by zero-window probes, as value() finds it, the first probe at `guess`
 * (the value of the layout before: neighbouring layouts mostly agree): card < 0, the
 * position's; else after `seat` plays `card` */
static int exact(SearchObject *s, int leader, int number, const int *cards, const int *seats,
                 int count, int seat, int card, int hi, int guess) {
    int lo = 0, bound = guess > 0 && guess <= hi ? guess : -1;
    while (lo < hi) {
        if (bound <= lo || bound > hi) bound = s->duel ? (lo + hi + 1) / 2 : lo + 1;
        int found = card < 0 ? probe_at(s, leader, number, bound, cards, seats, count)
                             : probe_after(s, number, bound, cards, seats, count, seat, card);
        if (found >= bound) { lo = found; bound = lo + 1; }
        else { hi = found; bound = -1; }
    }
    return lo;
}

/* weigh(hands, leader, number, table, seats, holders, layouts, each): the position with
 * each layout's cards added to the hands of its holders (-1: out of play), every layout
 * solved on this search's one table; each: the value after every legal card of the
 * player to move, else the position's. Returns {card: counts} (each) or counts, where
 * counts[v] is how many layouts gave the target v tricks from here on. */
static PyObject *Search_weigh(SearchObject *s, PyObject *args) {
    PyObject *hands, *table, *seats_obj, *holders_obj, *layouts;
    int leader, number, each;
    if (!PyArg_ParseTuple(args, "OiiOOOOp", &hands, &leader, &number, &table, &seats_obj,
                          &holders_obj, &layouts, &each))
        return NULL;
    uint32_t base[4], h[4];
    int cards[8], seats[8], holders[5];
    if (read_hands(hands, base) < 0) return NULL;
    int count = read_ints(table, cards, 4, "table", 0, 0, 31);
    if (count < 0) return NULL;
    int nseats = read_ints(seats_obj, seats, 4, "seats", 1, 0, 3);
    if (nseats < 0) return NULL;
    if (nseats != count) { fail("a seat for each card"); return NULL; }
    if (leader < 0 || leader > 3) { fail("leader: a seat"); return NULL; }
    int nholders = read_ints(holders_obj, holders, 5, "holders", 0, -1, 3);
    if (nholders < 0) return NULL;
    PyObject *fast = PySequence_Fast(layouts, "layouts");
    if (!fast) return NULL;
    long long counts[33][MOST_TRICKS];
    int last[33];
    for (int i = 0; i < 33; i++) last[i] = -1;
    memset(counts, 0, sizeof counts);
    uint32_t weighed = 0;
    Py_ssize_t total = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t l = 0; l < total; l++) {
        uint32_t layout[5];
        PyObject *item = PySequence_Fast_GET_ITEM(fast, l);
        if (read_hands_n(item, layout, nholders) < 0) goto error;
        uint32_t dealt = 0;
        for (int i = 0; i < 4; i++) h[i] = base[i];
        for (int i = 0; i < nholders; i++) {
            if (layout[i] & dealt) { fail("layouts: a card twice"); goto error; }
            dealt |= layout[i];
            if (holders[i] == NONE) continue;
            if (layout[i] & base[holders[i]]) { fail("layouts: a card twice"); goto error; }
            h[holders[i]] |= layout[i];
        }
        if (check_position(s, h, leader, number, cards, seats, count) < 0) goto error;
        for (int i = 0; i < 4; i++) s->hands[i] = h[i];
        if (!each) {
            int hi = 0;
            for (int i = 0; i < s->n; i++) {
                int c = popcount(h[s->order[i]]);
                if (c > hi) hi = c;
            }
            int value = exact(s, leader, number, cards, seats, count, -1, -1, hi, last[32]);
            last[32] = value;
            if (value < 0 || value >= MOST_TRICKS) { fail("weigh: a value out of range"); goto error; }
            counts[32][value]++;
            continue;
        }
        /* the player to move, the trick as he sees it (a talon card turned first) */
        int t_cards[8], t_seats[8], t = count, t_leader = leader;
        for (int i = 0; i < count; i++) { t_cards[i] = cards[i]; t_seats[i] = seats[i]; }
        if (!count && number <= s->rules_talon_leads) {
            t_cards[0] = s->talon[number - s->first];
            t_seats[0] = NONE;
            t = 1;
            t_leader = s->order[0];
        }
        int seat = t_leader;
        for (int i = 0; i < t - (t && t_seats[0] == NONE); i++) seat = s->next[seat];
        uint32_t hand = h[seat], legal;
        if (!t) legal = hand;
        else if (s->heads) legal = rules_legal(s, hand, t_cards, t_seats, t);
        else legal = legal_cards(hand, t_cards[0], s->trump);
        int talon_trick = t > 0 && t_seats[0] == NONE;
        uint32_t live = live_of(s, t_cards, t);
        int hi = popcount(hand);
        /* equivalent cards (a run among the cards still in play) are weighed once */
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t own = legal >> shift & 0xFF, alive = live >> shift & 0xFF;
            int value = -1, above = 0;
            for (int rank = 7; rank >= 0; rank--) {
                if (!(alive >> rank & 1)) continue;
                if (!(own >> rank & 1)) { above = 0; continue; }
                if (!above || (talon_trick && s->exact_talon)) {
                    value = exact(s, leader, number, t_cards, t_seats, t, seat, shift + rank, hi,
                                  last[shift + rank]);
                    last[shift + rank] = value;
                }
                if (value < 0 || value >= MOST_TRICKS) {
                    fail("weigh: a value out of range");
                    goto error;
                }
                counts[shift + rank][value]++;
                weighed |= BIT(shift + rank);
                above = 1;
            }
        }
    }
    Py_DECREF(fast);
    if (!each) return counts_tuple(counts[32]);
    PyObject *found = PyDict_New();
    if (!found) return NULL;
    for (int c = 0; c < 32; c++) {
        if (!(weighed >> c & 1)) continue;
        PyObject *key = PyLong_FromLong(c), *value = counts_tuple(counts[c]);
        if (!key || !value || PyDict_SetItem(found, key, value) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(value);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(value);
    }
    return found;
error:
    Py_DECREF(fast);
    return NULL;
}

static PyObject *Search_get_nodes(SearchObject *s, void *closure) {
    return PyLong_FromLongLong(s->nodes);
}

static PyObject *Search_get_entries(SearchObject *s, void *closure) {
    return PyLong_FromUnsignedLong(s->table ? s->used : 0);
}

static PyMethodDef Search_methods[] = {
    {"value", (PyCFunction)Search_value, METH_VARARGS,
     "value(hands, leader, number, table=(), seats=()): the target's tricks from here on"},
    {"probe", (PyCFunction)Search_probe, METH_VARARGS,
     "probe(hands, leader, number, bound, table=(), seats=()): a zero-window bound"},
    {"at_least", (PyCFunction)Search_at_least, METH_VARARGS,
     "at_least(hands, leader, number, bound, table=(), seats=()): the target takes bound?"},
    {"weigh", (PyCFunction)Search_weigh, METH_VARARGS,
     "weigh(hands, leader, number, table, seats, holders, layouts, each): counts of the"
     " target's tricks over the layouts, on one table"},
    {NULL}
};

static PyObject *Search_get_target(SearchObject *s, void *closure) {
    return PyLong_FromLong(s->target);
}

static PyObject *Search_get_maximisers(SearchObject *s, void *closure) {
    PyObject *seats = PyList_New(0);
    if (!seats) return NULL;
    for (int seat = 0; seat < 4; seat++) {
        if (!s->maxi[seat]) continue;
        PyObject *item = PyLong_FromLong(seat);
        if (!item || PyList_Append(seats, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(seats);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *found = PyFrozenSet_New(seats);
    Py_DECREF(seats);
    return found;
}

static PyGetSetDef Search_getset[] = {
    {"target", (getter)Search_get_target, NULL, "whose tricks are counted", NULL},
    {"maximisers", (getter)Search_get_maximisers, NULL, "the seats that want them", NULL},
    {"nodes", (getter)Search_get_nodes, NULL, "positions visited", NULL},
    {"entries", (getter)Search_get_entries, NULL, "positions in the table", NULL},
    {NULL}
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pfn.analysis._core.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled open-hand search (the same algorithm as pfn.analysis.search.Search).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core",
    "The open-hand search compiled (pfn.analysis.search is the reference).", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    compact_tables();
    suit_tables();
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "TABLE_LIMIT", TABLE_LIMIT);
    return m;
}

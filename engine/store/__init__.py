"""Profiles and saved history in SQLite: one transaction per settled round or step of one, stats, exports.

The caller passes the data directory; nothing here looks for the user's folders.

>>> import tempfile
>>> from engine import Table, StackedShoe, load_rules
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(folder.name)
>>> ann = get_or_create_profile(store, "Ann", bankroll=10_000)
>>> table = Table(load_rules("vegas-strip"), [(ann.name, ann.bankroll)], shoe=StackedShoe("T 7 9 T 8"))
>>> rnd = table.start_round(); _ = rnd.place_bet(0, 1000); _ = rnd.deal(); _ = rnd.stand()
>>> save_round(store, rnd, [ann], player_ev=-0.005)
1
>>> stats = player_stats(store, "ann")
>>> stats.rounds, stats.net, stats.win_rate, stats.luck, find_profile(store, "ANN").bankroll
(1, 1000, 1.0, 1005, 11000)
>>> store.close(); folder.cleanup()
"""

from engine.store.database import DATABASE_NAME, Store, open_store
from engine.store.drills import (
    CountDrillStats,
    DrillStats,
    MissedDecision,
    count_drill_stats,
    drill_stats,
    missed_decisions,
    record_count_drill,
    record_drill_answer,
)
from engine.store.errors import StoreError
from engine.store.export import CSV_HEADER, export_history, history_entries
from engine.store.history import (
    DecisionQuality,
    HandRow,
    ShoeRecord,
    commit_shoe,
    hand_rows,
    reveal_shoes,
    round_count,
    round_records,
    save_round,
    shoe_records,
)
from engine.store.journal import UnfinishedRound, begin_round, record_step, unfinished_round
from engine.store.profiles import (
    Profile,
    delete_profile,
    find_profile,
    get_or_create_profile,
    list_profiles,
    normalize_name,
    profile_named,
    rename_profile,
    update_profile,
)
from engine.store.ramp_bets import RampBetStats, ramp_bet_stats, record_ramp_bet
from engine.store.schema import SCHEMA_VERSION
from engine.store.stats import (
    BankrollPoint,
    LeaderboardRow,
    PlayerStats,
    bankroll_series,
    leaderboard,
    player_stats,
)
from engine.store.tournaments import TournamentResult, best_tournaments, save_tournament, tournament_results

__all__ = [
    "CSV_HEADER", "DATABASE_NAME", "SCHEMA_VERSION", "BankrollPoint", "CountDrillStats", "DecisionQuality",
    "DrillStats", "HandRow", "LeaderboardRow", "MissedDecision", "PlayerStats", "Profile", "RampBetStats",
    "ShoeRecord", "Store", "StoreError", "TournamentResult", "UnfinishedRound", "bankroll_series",
    "begin_round", "best_tournaments", "commit_shoe", "count_drill_stats", "delete_profile",
    "drill_stats", "export_history", "find_profile", "get_or_create_profile", "hand_rows",
    "history_entries", "leaderboard", "list_profiles", "missed_decisions", "normalize_name", "open_store",
    "player_stats", "profile_named", "ramp_bet_stats", "record_count_drill", "record_drill_answer",
    "record_ramp_bet", "record_step", "rename_profile", "reveal_shoes", "round_count", "round_records",
    "save_round", "save_tournament", "shoe_records", "tournament_results", "unfinished_round",
    "update_profile"
]

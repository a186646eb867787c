"""The scenes of the table: title, betting, dealing, player turn, dealer turn, payout, settings."""

"""Exact odds and strategy for any rule set: dealer odds, action values, charts, house edge, hints."""

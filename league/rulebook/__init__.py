"""The rules pages and the words for a ruleset, read by every area that shows rules."""

"""Clubs and league seasons: members, partnerships, competitions, entrants, fixtures,
results, standings and their exports."""

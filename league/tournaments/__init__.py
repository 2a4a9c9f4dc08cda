"""Tournaments: seeding, brackets, Swiss rounds and pools, the director's page, the public
bracket and each side's entry link."""

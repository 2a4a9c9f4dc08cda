"""Database models. None yet: clubs, competitions, games and deals come in later changes."""

"""Ratings: each player's and partnership's OpenSkill rating from every finished game of every
fixture, the rating lists, a player's rating history, and the uses (win chances, seeding by
rating, balanced partners). The maths is :mod:`scoring.ratings`; this area reads the games
(selectors), keeps the ratings (services, :mod:`league.models.ratings`) and shows them (views)."""

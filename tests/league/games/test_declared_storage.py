"""Declared melds are stored as plain data and read back as the same melds (three of a kind
included: it is no run of three)."""

from league.models.games import declared_from_data, declared_to_data
from scoring import Declared


def test_declared_melds_round_trip_through_stored_data():
    melds = (
        (Declared.run(3, "K", trump=True), Declared.three("A")),
        (Declared.four("7"),),
    )
    data = declared_to_data(melds)
    assert data == [
        [{"run": 3, "top": "K", "trump": True}, {"three": "A"}],
        [{"four": "7"}],
    ]
    assert declared_from_data(data) == melds

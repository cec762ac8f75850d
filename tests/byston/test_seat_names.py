"""The seats by their names: every seat of every seating (1.2) has a name in 日本語 and English — a
seat running one country first is called by that country's printed name (2.9), a seat running a
whole camp by the camp's (3.1) — and the browser's board data carries them."""

from __future__ import annotations

from asobi.games.byston.board import static
from asobi.games.byston.messages import SEAT_NAMES
from asobi.games.byston.present.board import static_board
from asobi.games.byston.state import SEATINGS


def test_every_seat_has_a_name_in_both_languages():
    seats = {name for names, _ in SEATINGS.values() for name in names}
    assert set(SEAT_NAMES) == seats
    countries = static().t.countries
    for seat, (ja, en) in SEAT_NAMES.items():
        assert ja and en and ja != en, seat
        if seat in countries:  # a country's seat reads as the country does everywhere else
            assert (ja, en) == (countries[seat].ja, countries[seat].en)
    assert SEAT_NAMES["drake_camp"] == ("ドレイク陣営", "Drake's camp")
    assert SEAT_NAMES["sheela_camp"] == ("シーラ陣営", "Sheela's camp")


def test_the_board_data_names_the_seats():
    assert static_board()["seats"] == {seat: {"ja": ja, "en": en} for seat, (ja, en) in SEAT_NAMES.items()}

"""Bridge double-dummy solving (cardavia.bridge.solve / dd_table / solve_position / par):
agreement with endplay's DDS on a sample (the full set is benches/bridge_dd.py), hand-made
positions, and bad input."""

from __future__ import annotations

import pytest
from bridge_dd_helpers import (
    endplay_par_score,
    endplay_position_values,
    endplay_table,
    have_endplay,
    our_position_values,
    pbn_deal,
    random_deal_state,
    random_position,
)

import cardavia.bridge as bridge
from cardavia import CardSet, InvalidArgumentError

needs_endplay = pytest.mark.skipif(not have_endplay(), reason="endplay (DDS) is not installed")

# Seeds of the sample; the bench runs seeds from 0 up on the same generators.
TABLE_SEEDS = range(1000, 1012)
POSITION_SEEDS = range(5000, 5050)

SOLID = {
    "hands": [
        "As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac",
        "Ts 9s 8s 7s Th 9h 8h 7h Td 9d 8d 7d Kc",
        "6s 5s 4s 3s 6h 5h 4h 3h 6d 5d 4d 3d Qc",
        "2s 2h 2d 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc",
    ]
}


@needs_endplay
@pytest.mark.parametrize("seed", TABLE_SEEDS)
def test_dd_table_agrees_with_dds(seed: int) -> None:
    state = random_deal_state(seed)
    assert bridge.dd_table(state).tricks == endplay_table(state)


@needs_endplay
@pytest.mark.parametrize("seed", POSITION_SEEDS)
def test_solve_position_agrees_with_dds_on_every_legal_card(seed: int) -> None:
    state = random_position(seed)
    ours = our_position_values(state)
    assert set(ours) == {str(a) for a in state.legal_actions()}
    assert ours == endplay_position_values(state)


@needs_endplay
@pytest.mark.parametrize("seed", range(1000, 1004))
def test_par_score_agrees_with_dds(seed: int) -> None:
    state = random_deal_state(seed)
    table = bridge.dd_table(state)
    for vulnerability in bridge.VULNERABILITIES:
        ours = bridge.par(table, vulnerability).score
        assert ours == endplay_par_score(state, vulnerability), vulnerability


def test_solve_on_a_hand_made_deal() -> None:
    # The table's results are solve's, seen from the declarer's side (LHO on lead).
    table = bridge.dd_table(SOLID)
    assert table["N", "NT"] == 13 - bridge.solve(SOLID, "NT", "E")
    assert table["N", "S"] == 13 - bridge.solve(SOLID, "S", "E")
    assert bridge.solve(SOLID, "nt", "W") == 13 - table["S", "NT"]
    # North's 12 top tricks and the Ac: West's club lead or not, 13 at no-trump.
    assert table["N", "NT"] == 13 and table["S", "NT"] == 13
    assert table[0, 4] == table["N", "NT"]
    assert table.as_dict()["W"]["C"] == table["W", "C"]
    assert len(list(table)) == 20
    assert str(table).splitlines()[0].split() == ["C", "D", "H", "S", "NT"]


def test_one_card_ending_and_deal_forms() -> None:
    ending = [["Ah"], ["Kh"], ["2s"], ["Qh"]]
    assert bridge.solve(ending, "NT", "N") == 1
    assert bridge.solve(ending, "S", "N") == 1  # South ruffs partner's Ah: still N-S's
    assert bridge.solve(ending, "S", "E") == 0  # East leads the Kh: South ruffs, N-S's trick
    pbn = pbn_deal([CardSet(h) for h in SOLID["hands"]])
    assert pbn.startswith("N:AKQJ.AKQJ.AKQJ.A ")
    assert bridge.solve(pbn, "NT", "E") == bridge.solve(SOLID, "NT", "E")


def test_solve_position_mid_trick() -> None:
    state = bridge.BridgeGame().new_state(deal=SOLID)
    for call in ["P", "1NT", "P", "P", "P"]:  # West opens 1NT, West declares; North leads
        state.apply(call)
    state.apply("Ac")
    values = bridge.solve_position(state)  # dummy (East) to play
    assert list(values) == state.legal_actions()
    assert set(values.values()) == {0}  # the Kc falls under the ace; North takes the rest
    state.apply("Kc")
    values = bridge.solve_position(state)
    assert {str(a) for a in values} == {"Qc"}


def test_bad_input_is_rejected_with_a_reason() -> None:
    hands = list(SOLID["hands"])
    with pytest.raises(InvalidArgumentError, match="same number"):
        bridge.dd_table([hands[0], hands[1], hands[2], hands[3].replace(" Jc", "")])
    with pytest.raises(InvalidArgumentError, match="more than one seat"):
        bridge.solve([hands[0], hands[0], hands[2], hands[3]], "NT", "N")
    with pytest.raises(InvalidArgumentError, match="four hands"):
        bridge.dd_table(hands[:3])
    with pytest.raises(InvalidArgumentError, match="strain"):
        bridge.solve(SOLID, "Z", "N")
    with pytest.raises(InvalidArgumentError, match="strain"):
        bridge.solve(SOLID, 5, "N")
    with pytest.raises(InvalidArgumentError, match="leader"):
        bridge.solve(SOLID, "NT", "X")
    with pytest.raises(InvalidArgumentError, match="declarer"):
        bridge.dd_table(SOLID)["Q", "NT"]
    with pytest.raises(InvalidArgumentError, match="threads"):
        bridge.dd_table(SOLID, threads=-1)
    state = bridge.BridgeGame().new_state(seed=1)
    with pytest.raises(InvalidArgumentError, match="card play"):
        bridge.solve_position(state)
    with pytest.raises(InvalidArgumentError, match="bridge state"):
        bridge.solve_position(SOLID)
    with pytest.raises(InvalidArgumentError, match="vulnerability"):
        bridge.par(SOLID, "sometimes")


def test_threads_do_not_change_the_table() -> None:
    state = random_deal_state(7)
    assert bridge.dd_table(state, threads=0) == bridge.dd_table(state, threads=1)


def test_par_of_a_one_sided_deal() -> None:
    # North-South hold every top trick: 7NT by North or South (13 tricks), +1520 not
    # vulnerable, +2220 vulnerable.
    deal = {
        "hands": [
            "As Ks Qs Js Ts Ah Kh Qh Jh Th Ad Kd Qd",
            "9s 8s 7s 9h 8h 7h 9d 8d 7d 9c 8c 7c 6c",
            "Jd Td Ac Kc Qc Jc Tc 6s 6h 6d 5c 4c 3c",
            "5s 4s 3s 2s 5h 4h 3h 2h 5d 4d 3d 2d 2c",
        ]
    }
    table = bridge.dd_table(deal)
    assert table["N", "NT"] == 13
    result = bridge.par(table, "none")
    assert result.score == 1520 and result.side == "NS"
    assert any(c.contract == "7NT" for c in result.contracts)
    assert bridge.par(table, "ns").score == 2220


def test_pbn_export_of_the_analysis_is_optional() -> None:
    state = random_deal_state(3)
    plain = bridge.to_pbn(state)
    assert "DoubleDummyTricks" not in plain
    record = bridge.to_pbn(state, dd=True)
    table = bridge.dd_table(state)
    digits = "".join(
        f"{table[d, s]:x}" for d in ("N", "S", "E", "W") for s in ("NT", "S", "H", "D", "C")
    )
    assert f'[DoubleDummyTricks "{digits}"]' in record
    result = bridge.par(table, "none")
    assert f'[OptimumScore "NS {result.score}"]' in record
    assert "[ParContract " in record
    assert "\nW C " + str(table["W", "C"]) + "\n" in record
    # The plain record's lines come first, in the same order; the analysis only adds lines.
    assert [line for line in record.splitlines() if line in plain.splitlines()] == (
        plain.splitlines()
    )
    assert bridge.from_pbn(record).hands() == state.hands()
    with pytest.raises(InvalidArgumentError, match="dd"):
        bridge.to_pbn(state, dd="yes")  # type: ignore[arg-type]


def test_cli_bridge_dd() -> None:
    import json

    from click.testing import CliRunner

    from cardavia.cli import main

    runner = CliRunner()
    out = runner.invoke(main, ["bridge", "dd", "42", "--json", "-v", "ew"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    state = random_deal_state(42)
    assert data["tricks"] == bridge.dd_table(state).as_dict()
    assert data["par"]["ew"]["score_ns"] == bridge.par(state, "ew").score
    pbn = pbn_deal(state.hands())
    text = runner.invoke(main, ["bridge", "dd", pbn])
    assert text.exit_code == 0 and "par (both vulnerable)" in text.output
    assert text.output.splitlines()[1].split()[1:] == [
        str(bridge.dd_table(state)["N", s]) for s in ("C", "D", "H", "S", "NT")
    ]
    bad = runner.invoke(main, ["bridge", "dd", "N:AKQ"])
    assert bad.exit_code != 0 and "four hands" in bad.output


def _opened(seed: int) -> bridge.BridgeState:
    state = bridge.BridgeGame().new_state(seed=seed)
    for call in ["1NT", "P", "P", "P"]:  # South declares 1NT; West leads
        state.apply(call)
    return state


def test_dd_card_values_average_the_resampled_worlds_and_see_nothing_hidden() -> None:
    from cardavia.agents.bridge_dd import dd_card_values

    state = _opened(11)
    west = state.current_player
    assert west == 3
    values = dd_card_values(state, west, worlds=3, seed=5)
    assert list(values) == state.legal_actions()
    assert values == dd_card_values(state, west, worlds=3, seed=5)
    # By hand: the mean of solve_position over the same three worlds, resampled from a state
    # West cannot tell from the true one.
    from cardavia.agents.bridge_dd import _canonical
    from cardavia.games.climbing import derive_seed

    public = _canonical(state, west)
    assert public.observation(west) == state.observation(west)
    worlds = [bridge.solve_position(public.resample(west, derive_seed(5, k))) for k in range(3)]
    assert values == {a: sum(w[a] for w in worlds) / 3 for a in values}
    # Swap two of the cards hidden from West (East's and North's) : same values.
    hands = [CardSet(h) for h in state._deal_record["hands"]]
    north, east = sorted(hands[0], key=str)[0], sorted(hands[1], key=str)[0]
    hands[0] = (hands[0] - CardSet([north])) | CardSet([east])
    hands[1] = (hands[1] - CardSet([east])) | CardSet([north])
    other = bridge.BridgeGame().new_state(deal={"hands": [str(h) for h in hands]})
    for call in ["1NT", "P", "P", "P"]:
        other.apply(call)
    assert dd_card_values(other, west, worlds=3, seed=5) == values
    with pytest.raises(InvalidArgumentError, match="choosing"):
        dd_card_values(state, 0, worlds=2)
    with pytest.raises(InvalidArgumentError, match="worlds"):
        dd_card_values(state, west, worlds=0)
    with pytest.raises(InvalidArgumentError, match="card play"):
        dd_card_values(bridge.BridgeGame().new_state(seed=1), 2)


@pytest.mark.parametrize("seed", range(20))
def test_the_canonical_world_shows_the_player_what_he_saw(seed: int) -> None:
    from cardavia.agents.bridge_dd import _canonical, dd_card_values

    state = random_position(7000 + seed)
    player = state.current_player
    assert player is not None
    public = _canonical(state, player)
    assert public.observation(player) == state.observation(player)
    assert public.legal_actions() == state.legal_actions()
    values = dd_card_values(state, player, worlds=1, seed=seed)
    assert set(values) == set(state.legal_actions())
    assert all(0 <= v <= len(state.hands()[state.seat_to_play or 0]) for v in values.values())

"""AI levels: legal moves only, blind to hidden cards, reproducible, in order of strength."""

from __future__ import annotations

import random

import pytest

from skipbo_core import Game, Rules
from skipbo_core.ai import LEVELS, bot_names, finish, get_bot, new_player, think_for
from skipbo_core.ai.expert import Expert, ExpertConfig
from skipbo_core.ai.tournament import run_tournament

# (players, teams, stock): every table size, with and without teams, short stocks
# so that late positions (empty stocks, reshuffles) come up too.
TABLES = [(2, False, 10), (2, False, 30), (3, False, 8), (4, False, 6), (4, True, 6),
          (5, False, 5), (6, False, 4), (6, True, 5)]

# A light expert for tests: the same code with fewer samples (choices are counted, never timed).
LIGHT = ExpertConfig(plans=3, samples=2, max_samples=4, budget=1e9)


def light_expert(view, legal, rng):
    """A fresh light expert's move: nothing remembered from earlier decisions."""
    return Expert(LIGHT).choose(view, legal, rng)


def _positions(count: int, seed: int) -> list[Game]:
    """``count`` positions (copies of games at the moment a seat must move),
    from games played by a mix of ``medium`` and random moves."""
    rng = random.Random(seed)
    medium = get_bot("medium")
    out: list[Game] = []
    table = 0
    while len(out) < count:
        players, teams, stock = TABLES[table % len(TABLES)]
        table += 1
        game = Game.new(Rules(players=players, stock_size=stock, teams=teams or None),
                        seed=rng.getrandbits(32), first=rng.randrange(players))
        while not game.is_over and len(out) < count:
            legal = game.legal_moves()
            if rng.random() < 0.15:
                out.append(game.copy())
            seat = game.current_seat
            if rng.random() < 0.2:
                game.play(legal[rng.randrange(len(legal))])
            else:
                game.play(medium(game.view(seat), legal, rng))
    return out


POSITIONS = _positions(3000, 5)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_registered(level):
    assert level in bot_names()
    assert callable(get_bot(level))


@pytest.mark.parametrize("level", ["random", "greedy", "baseline", "easy", "medium", "hard"])
def test_only_legal_moves(level):
    bot = get_bot(level)
    rng = random.Random(1)
    for game in POSITIONS:
        legal = game.legal_moves()
        move = bot(game.view(game.current_seat), legal, rng)
        assert move in legal, (level, str(move), [str(m) for m in legal])


def test_expert_only_legal_moves():
    rng = random.Random(2)
    for game in POSITIONS[::20]:
        legal = game.legal_moves()
        assert light_expert(game.view(game.current_seat), legal, rng) in legal


def test_expert_plays_whole_games_on_every_table():
    for i, (players, teams, stock) in enumerate(TABLES):
        game = Game.new(Rules(players=players, stock_size=min(stock, 4), teams=teams or None), seed=i)
        rng = random.Random(i)
        expert, hard = Expert(LIGHT).choose, get_bot("hard")
        while not game.is_over:
            legal = game.legal_moves()
            seat = game.current_seat
            bot = expert if seat % 2 == 0 else hard
            move = bot(game.view(seat), legal, rng)
            assert move in legal
            game.play(move)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_choice_ignores_cards_the_seat_cannot_see(level):
    """Deal the hidden cards anew (other hands, stock cards below the tops, draw
    pile, completed piles): the seat's view is the same, and so is the choice."""
    bot = light_expert if level == "expert" else get_bot(level)
    positions = POSITIONS[::60] if level == "expert" else POSITIONS[::10]
    for i, game in enumerate(positions):
        seat = game.current_seat
        view = game.view(seat)
        other = Game.from_view(view, random.Random(i))
        assert other.view(seat) == view
        assert other.legal_moves() == game.legal_moves()
        a = bot(view, game.legal_moves(), random.Random(i))
        b = bot(other.view(seat), other.legal_moves(), random.Random(i))
        assert a == b


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_same_seed_same_choice(level):
    bot = light_expert if level == "expert" else get_bot(level)
    for i, game in enumerate(POSITIONS[::75]):
        view, legal = game.view(game.current_seat), game.legal_moves()
        first = bot(view, legal, random.Random(f"s{i}"))
        assert bot(view, legal, random.Random(f"s{i}")) == first


def test_expert_default_is_registered_with_counted_budget():
    from skipbo_core.ai.expert import EXPERT
    assert EXPERT.samples > 0 and EXPERT.plans > 1


def test_expert_counts_the_progress_of_the_rival_nearest_to_winning():
    from skipbo_core.ai.expert import _rival_stocks, _rivals_progress
    # one opposing side (two players, or two teams): every stock card it played
    assert _rivals_progress({(1,): 12}, {(1,): 3}) == 3
    assert _rivals_progress({(1, 3): 40}, {(1, 3): 2}) == 2
    # a bigger table: only how much nearer a win the nearest rival came
    left = {(1,): 5, (2,): 20, (3,): 9}
    assert _rivals_progress(left, {(1,): 0, (2,): 4, (3,): 0}) == 0  # far behind: noise
    assert _rivals_progress(left, {(1,): 2, (2,): 4, (3,): 1}) == 2
    assert _rivals_progress(left, {(1,): 0, (2,): 0, (3,): 6}) == 2  # a new leader, at 3
    g = Game.new(Rules(players=4, teams=True), seed=1)
    assert _rival_stocks(g, (0, 2)) == {(1, 3): 60}
    g = Game.new(Rules(players=3), seed=1)
    assert _rival_stocks(g, (1,)) == {(0,): 30, (2,): 30}


def test_expert_race_drops_only_plans_clearly_behind():
    from skipbo_core.ai.expert import race
    from skipbo_core.ai.search import Leaf
    cfg = ExpertConfig(static=0.0, confidence=1.5)
    cands = [Leaf(0.0, [], "end")] * 3
    results = [
        [3.0, 6.0, 3.0, 0.0, 3.0, 6.0],   # the leader
        [0.0, 3.0, 0.0, -3.0, 0.0, 3.0],  # 3 behind in every world: clearly worse
        [3.0, 6.0, 0.0, 0.0, 6.0, 3.0],   # level on average: stays
    ]
    assert race(cands, results, [0, 1, 2], 6, cfg) == [0, 2]
    # one world is not enough to tell anything
    assert race(cands, [r[:1] for r in results], [0, 1, 2], 1, cfg) == [0, 1, 2]


def test_expert_samples_more_worlds_only_while_plans_are_close(monkeypatch):
    """The race ends early on clear choices: the expert uses fewer worlds on average
    than its cap, but more than the minimum on some decisions."""
    import skipbo_core.ai.expert as ex
    cfg = ExpertConfig(plans=3, samples=3, max_samples=12, budget=1e9)
    counts = []
    real = Game.from_view
    calls = [0]

    def counting(view, rng):
        calls[0] += 1
        return real(view, rng)
    monkeypatch.setattr(Game, "from_view", counting)
    for i, game in enumerate(POSITIONS[::40]):
        view, legal = game.view(game.current_seat), game.legal_moves()
        calls[0] = 0
        ex.Expert(cfg).choose(view, legal, random.Random(i))
        if calls[0] > 2:  # the plan search and the remembered plan use one world each
            counts.append(calls[0] - 2)
    assert counts, "no position had plans close enough to sample"
    assert min(counts) >= cfg.samples
    assert max(counts) > cfg.samples
    assert sum(counts) / len(counts) < cfg.max_samples


def test_hard_ahead_of_medium_in_a_small_fixed_tournament():
    res = run_tournament(["hard", "medium"], 30, stock=15, seed="test")
    assert res.games == 30
    assert res.stats["hard"].wins > res.stats["medium"].wins


def _play(seats, seed: int, stock: int = 6, players: int = 2) -> tuple[list[str], int]:
    """Play a game with a decide(view, legal, rng) function per seat; the moves
    and the most steps one decision took."""
    game = Game.new(Rules(players=players, stock_size=stock), seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
    most = 0
    while not game.is_over:
        seat = game.current_seat
        move, steps = seats[seat](game.view(seat), game.legal_moves(), rngs[seat])
        most = max(most, steps)
        game.play(move)
    return [str(m) for m in game.moves], most


def _whole(bot):
    return lambda view, legal, rng: (bot(view, legal, rng), 1)


def _sliced(thinker):
    """Step the thinker one step at a time, as the page does between browser tasks."""
    def decide(view, legal, rng):
        thinking = thinker(view, legal, rng)
        steps = 1
        while (move := think_for(thinking, 0.0)) is None:
            steps += 1
        return move, steps
    return decide


@pytest.mark.parametrize("seed", [1, 2])
def test_expert_thought_in_slices_plays_the_same_game(seed):
    """The registered expert stepped one rollout at a time (between browser tasks)
    makes exactly the moves it makes in one go, plan memory included."""
    hard = _whole(get_bot("hard"))
    whole, _ = _play([_whole(new_player("expert").choose), hard], seed)
    sliced, most = _play([_sliced(new_player("expert").think), hard], seed)
    assert sliced == whole
    assert most > 10  # some decisions really were cut into many slices


def test_light_expert_slices_match_on_more_players():
    hard = _whole(get_bot("hard"))
    whole, _ = _play([_whole(Expert(LIGHT).choose), hard, hard], 3, stock=4, players=3)
    sliced, most = _play([_sliced(Expert(LIGHT).think), hard, hard], 3, stock=4, players=3)
    assert sliced == whole and most > 1


def test_hard_thinks_in_slices_and_makes_the_same_move():
    """The hard planner pauses during long searches (the page's main thread must not
    freeze for one search) and still makes exactly the move it makes in one go."""
    player = new_player("hard")
    bot, decide = player.choose, _sliced(player.think)
    most = 0
    for i, game in enumerate(POSITIONS[::10]):
        view, legal = game.view(game.current_seat), game.legal_moves()
        move, steps = decide(view, legal, random.Random(i))
        assert move == bot(view, legal, random.Random(i))
        most = max(most, steps)
    assert most > 1  # some search really was cut into slices


@pytest.mark.parametrize("level", ["random", "greedy", "baseline", "easy", "medium"])
def test_quick_levels_think_in_one_step(level):
    player = new_player(level)
    bot, thinker = player.choose, player.think
    for i, game in enumerate(POSITIONS[::150]):
        view, legal = game.view(game.current_seat), game.legal_moves()
        thinking = thinker(view, legal, random.Random(i))
        assert think_for(thinking, 0.0) == bot(view, legal, random.Random(i))


def test_finish_and_unknown_thinker():
    game = POSITIONS[0]
    view, legal = game.view(game.current_seat), game.legal_moves()
    assert finish(new_player("expert").think(view, legal, random.Random(1))) in legal
    with pytest.raises(ValueError, match="unknown bot"):
        new_player("wizard")


def _interleaved(order: list[int], deals: list[int]) -> list[list[str]]:
    """Play one game per deal, expert against hard, each with its own new players,
    taking decisions from the games in ``order`` (a list of game indexes, repeated
    until every game is over); the moves of each game."""
    games = [Game.new(Rules(stock_size=5), seed=d) for d in deals]
    players = [[get_bot("expert"), get_bot("hard")] for _ in deals]
    rngs = [[random.Random(f"{d}:{s}") for s in range(2)] for d in deals]
    while not all(g.is_over for g in games):
        for i in order:
            g = games[i]
            if not g.is_over:
                seat = g.current_seat
                g.play(players[i][seat](g.view(seat), g.legal_moves(), rngs[i][seat]))
    return [[str(m) for m in g.moves] for g in games]


def test_expert_memory_belongs_to_one_player():
    """The same deal played twice at once, decisions alternating between the two
    games, or one game after the other in either order: every game has exactly the
    same moves (the plan an expert remembers is its own, not shared by a module)."""
    together = _interleaved([0, 1], [7, 7])
    assert together[0] == together[1]
    assert _interleaved([1, 0], [7, 8]) == _interleaved([0, 1], [7, 8])
    alone = _interleaved([0], [7])
    assert together[0] == alone[0]
    assert _interleaved([0], [8]) == _interleaved([1, 0], [7, 8])[1:]


def test_new_player_choose_and_think_share_memory():
    a, b = new_player("expert"), new_player("expert")
    assert a.choose.__self__ is a.thinker.__self__ is not b.choose.__self__
    assert new_player("hard") == new_player("hard")  # no memory: one player serves all


def test_registry_finds_every_level_in_a_fresh_interpreter():
    import subprocess
    import sys
    code = ("from skipbo_core.ai.registry import get_bot, bot_names; "
            "print(get_bot('expert').__qualname__, get_bot('baseline').__name__, ' '.join(bot_names()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["Expert.choose", "baseline_bot", "baseline", "easy", "expert", "greedy", "hard",
                           "medium", "random"]


@pytest.mark.parametrize("module", ["registry", "basic", "simple", "odds", "evaluation", "search", "hard",
                                    "expert", "hints", "tournament"])
def test_every_ai_module_imports_alone(module):
    import subprocess
    import sys
    subprocess.run([sys.executable, "-c", f"import skipbo_core.ai.{module}"], check=True)


def test_register_custom_bots():
    from skipbo_core.ai import Player, register, register_factory
    register("first-legal", lambda view, legal, rng: legal[0])
    made = []
    register_factory("counted", lambda: made.append(1) or Player(lambda view, legal, rng: legal[-1]))
    game = POSITIONS[3]
    view, legal = game.view(game.current_seat), game.legal_moves()
    assert get_bot("first-legal")(view, legal, random.Random(0)) == legal[0]
    assert think_for(new_player("first-legal").think(view, legal, random.Random(0)), 0) == legal[0]
    new_player("counted"), new_player("counted")
    assert len(made) == 2 and "counted" in bot_names()


def test_odds_use_the_deck_in_play():
    """One random card covers one missing number with chance (12 + Skip-Bo cards) /
    deck: 30/162 with 18 Skip-Bo cards, 36/168 with 24; more wilds, better odds."""
    from skipbo_core.ai.odds import cover_for
    assert cover_for(18)[1][1] == pytest.approx(30 / 162)
    assert cover_for(24)[1][1] == pytest.approx(36 / 168)
    for r in range(1, 13):
        for m in range(1, 13):
            assert cover_for(24)[r][m] >= cover_for(18)[r][m]
    assert cover_for(24)[5][4] > cover_for(18)[5][4] + 0.01


def test_evaluator_odds_follow_the_rules_deck():
    from skipbo_core.ai.evaluation import Evaluator
    from skipbo_core.ai.odds import cover_for
    for wilds in (18, 24):
        game = Game.new(Rules(wild_cards=wilds), seed=1)
        assert Evaluator(game.view(0)).cover is cover_for(wilds)


def test_baseline_plays_stock_first_and_skipbo_only_for_it():
    from skipbo_core.cards import WILD
    bot = get_bot("baseline")
    seen = set()
    for game in POSITIONS:
        seat = game.current_seat
        view, legal = game.view(seat), game.legal_moves()
        m = bot(view, legal, random.Random(0))
        builds = [x for x in legal if x.is_build]
        if any(x.from_stock for x in builds):
            assert m.from_stock
            seen.add("stock")
            continue
        if m.is_build and m.hand_card == WILD:
            after = game.copy()
            after.play(m)
            assert any(x.from_stock for x in after.legal_moves())
            seen.add("wild")
        elif m.is_discard:
            hand = [c for c in view.hand if c] or list(view.hand)
            assert m.hand_card == max(hand)
            pile = view.discards[seat][m.slot]
            tops = [p[-1] if p else None for p in view.discards[seat]]
            if m.hand_card and m.hand_card in tops:
                assert pile and pile[-1] == m.hand_card
            elif None in tops:
                assert not pile
            seen.add("discard")
        elif m.is_build:
            seen.add("number")
    assert seen == {"stock", "wild", "discard", "number"}


def test_registered_expert_is_blind_to_hidden_cards_on_every_table():
    """The registered expert (its real sampling settings), on positions of every
    table size where it really samples worlds (several plans are close): dealing
    the cards hidden from its seat anew twice never changes its choice."""
    from skipbo_core.ai.expert import EXPERT, candidates
    from skipbo_core.ai.search import plan_turn
    by_table: dict[tuple, int] = {}
    checked = 0
    for i, game in enumerate(POSITIONS):
        seat = game.current_seat
        view = game.view(seat)
        table = (view.players, view.teams is not None)
        if by_table.get(table, 0) >= 3 or len(game.legal_moves()) < 2:
            continue
        if len(candidates(plan_turn(view, EXPERT.weights, keep=8 * EXPERT.plans), EXPERT)) < 2:
            continue
        by_table[table] = by_table.get(table, 0) + 1
        choices = set()
        for k in range(3):
            world = game if k == 0 else Game.from_view(view, random.Random(1000 * i + k))
            assert world.view(seat) == view
            choices.add(get_bot("expert")(world.view(seat), world.legal_moves(), random.Random(i)))
        assert len(choices) == 1, (i, choices)
        checked += 1
    assert set(by_table) == {(2, False), (3, False), (4, False), (4, True), (5, False), (6, False), (6, True)}
    assert checked >= 18

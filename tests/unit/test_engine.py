"""The shared contract pieces: the seeded generator and derived seeds."""
from clubtable.engine import Rng, derive_seed


def test_same_seed_same_stream_and_state_resumes():
    a, b = Rng(42), Rng(42)
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]
    c = Rng(a.state)
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]


def test_dice_are_uniform_enough():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(9000 < c < 11000 for c in counts)


def test_shuffle_is_a_permutation():
    r = Rng(3)
    items = list(range(30))
    r.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_derived_seeds_do_not_collide_for_small_labels():
    assert len({derive_seed(7, "game", g) for g in range(5000)}) == 5000
    assert derive_seed(7, "bot", 1) != derive_seed(7, "bot", 2) != derive_seed(8, "bot", 1)

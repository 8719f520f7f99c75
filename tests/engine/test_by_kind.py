"""`by_kind`: how bots read a legal list."""

from hiddenhand.engine.actions import Action, by_kind


def _action(id: int, kind: str) -> Action:
    return Action(id, kind, (id,), f"{kind} {id}")


def test_actions_are_grouped_by_kind_in_their_order_even_where_a_kind_comes_back() -> None:
    legal = [
        _action(0, "shift"),
        _action(1, "shift"),
        _action(2, "kill"),
        _action(3, "shift"),
        _action(4, "pass"),
        _action(5, "kill"),
    ]
    kinds = by_kind(legal)
    assert list(kinds) == ["shift", "kill", "pass"]  # in the order the kinds first come
    assert [[a.id for a in run] for run in kinds.values()] == [[0, 1, 3], [2, 5], [4]]
    assert by_kind([]) == {}

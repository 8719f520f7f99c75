"""The typed NOIR view: every view fits its Struct exactly, and the browser client reads only
fields the JSON Schema names."""

import random
import re
from pathlib import Path

import msgspec
import pytest

import hiddenhand
from hiddenhand.games.noir import NOIR
from hiddenhand.games.noir.schema import NoirView, view_schema

CLIENT = Path(hiddenhand.__file__).parent / "web" / "static" / "games" / "noir.js"


def _views_of_a_random_game(seed: int, options: list[str]):
    state = NOIR.start(2, options, seed)
    rng = random.Random(seed)
    while True:
        for seat in (0, 1, None):
            view = state.view(seat)
            assert msgspec.to_builtins(state.typed_view(seat)) == view, "typed_view is the view"
            yield view
        pending = state.pending()
        if not pending:
            return
        seat = rng.choice(list(pending))
        state.act(seat, rng.choice(list(pending[seat])))


@pytest.mark.parametrize("options", [[], ["mode=citizens-arrest", "disguise=innocent"]])
@pytest.mark.parametrize("seed", range(4))
def test_every_view_is_exactly_a_noir_view(seed: int, options: list[str]):
    for view in _views_of_a_random_game(seed, options):
        typed = msgspec.convert(view, NoirView, strict=True)
        assert msgspec.to_builtins(typed) == view
        assert type(view["phase"]) is str


def test_a_view_with_a_field_of_the_wrong_type_is_refused():
    view = NOIR.start(2, None, 1).view(0)
    with pytest.raises(msgspec.ValidationError, match="phase"):
        msgspec.convert({**view, "phase": "lunch"}, NoirView)
    with pytest.raises(msgspec.ValidationError, match="kills"):
        msgspec.convert({**view, "kills": "three"}, NoirView, strict=True)


def _properties(schema: dict, name: str) -> set[str]:
    return set(schema["$defs"][name]["properties"])


def test_the_schema_requires_every_field_of_the_view():
    schema = view_schema()
    view = schema["$defs"]["NoirView"]
    assert set(view["required"]) == set(view["properties"]) == set(NoirView.__struct_fields__)


def test_every_field_the_browser_client_reads_is_in_the_schema():
    source = CLIENT.read_text()
    schema = view_schema()
    reads = {
        "NoirView": set(re.findall(r"\bview\.(\w+)", source)),
        "Revealed": set(re.findall(r"\brevealed\.(\w+)", source)),
    }
    assert reads["NoirView"] and reads["Revealed"], "the client reads the view somewhere"
    for struct, fields in reads.items():
        unknown = fields - _properties(schema, struct)
        assert not unknown, f"noir.js reads {sorted(unknown)} that no {struct} has"

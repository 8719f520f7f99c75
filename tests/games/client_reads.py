"""What a browser client reads of a view: `name.key` and `name?.key` for each name it gives a
part of the view, checked against the part's properties in the game's JSON Schema."""

import re
from pathlib import Path
from typing import Any

import hiddenhand

CLIENTS = Path(hiddenhand.__file__).parent / "web" / "static" / "games"


def undeclared_reads(
    client: str, reads: dict[str, str], schema: dict[str, Any]
) -> tuple[int, list[str]]:
    """How many reads of the view `client` (a file in web/static/games) makes through the
    names in `reads` (client name -> schema part), and those of keys the part does not have."""
    source = (CLIENTS / client).read_text()
    defs = schema["$defs"]
    count, wrong = 0, []
    for name, part in reads.items():
        declared = set(defs[part]["properties"])
        pattern = rf"(?<![\w.?]){re.escape(name)}\??\.([a-z_]+)\b"
        for key in re.findall(pattern, source):
            count += 1
            if key not in declared:
                wrong.append(f"{client} reads {name}.{key}, which {part} does not have")
    return count, wrong

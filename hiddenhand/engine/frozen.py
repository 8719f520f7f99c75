"""A read-only mapping that is still a dict, so JSON encoders take it as one.

Views may share such a mapping between copies of a state and hand it to every reader: nobody
can change it in place, so sharing it cannot leak a change from one copy into another.
"""

from __future__ import annotations

from typing import Any, NoReturn


class FrozenDict(dict[str, Any]):
    """A dict whose contents cannot change after it is made (store tuples, not lists, in it)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a FrozenDict cannot be changed")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))

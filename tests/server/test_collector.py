"""The server's cycle collector: what survives a full collection is frozen, so later full
collections skip it, and everything is thawed now and then so that its garbage is found."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from hiddenhand.server.collector import THRESHOLDS, Collector


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector frees it


@pytest.fixture
def collector() -> Iterator[Collector]:
    thresholds = gc.get_threshold()
    collector = Collector(full_every=60.0)
    try:
        yield collector
    finally:
        collector.stop()
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def tracked(obj: object) -> bool:
    """Seen by the collections to come (frozen objects are not)."""
    return any(o is obj for o in gc.get_objects())


def test_start_up_is_frozen_and_the_thresholds_are_tuned(collector: Collector) -> None:
    before = Node()
    collector.start()
    assert gc.get_threshold() == THRESHOLDS
    assert gc.get_freeze_count() > 0 and not tracked(before)


def test_the_survivors_of_a_full_collection_are_frozen(collector: Collector) -> None:
    collector.start()
    node = Node()
    collector.tend(unfreeze=False)
    assert tracked(node)  # no full collection yet: nothing new is frozen
    gc.collect()
    collector.tend(unfreeze=False)
    assert not tracked(node)


def test_garbage_among_frozen_objects_is_freed_once_everything_is_thawed(
    collector: Collector,
) -> None:
    collector.start()
    node = Node()
    gc.collect()
    collector.tend(unfreeze=False)
    gone = weakref.ref(node)
    del node
    gc.collect()
    assert gone() is not None  # frozen: the full collection does not look at it
    collector.tend(unfreeze=True)
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert gone() is None

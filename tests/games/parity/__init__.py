"""Parity: a tiny game in the one shape, and variants that each depart from it in one way, for
the conformance check's own tests (not registered: the registry holds real games)."""

"""The table configurations the reinforcement-learning tests cover: every game, a few options."""

TABLES = [
    ("noir", 2, []),
    ("noir", 2, ["mode=citizens-arrest", "disguise=innocent"]),
    ("goodcop", 4, []),
    ("goodcop", 6, ["zombies=dice"]),
    ("goodcop", 8, ["zombies=simple"]),
    ("infected", 1, []),
    ("infected", 4, []),
    ("infected", 3, ["variant=infection-spreads", "advanced=true"]),
]
IDS = [f"{g}-{n}-{'-'.join(o) or 'default'}" for g, n, o in TABLES]

"""Balance reports: many seeded games between bots, read for who wins, how, how long and with
which cards. `lenses` says how each game is read, `collect` plays one game into facts, `report`
folds the facts into numbers with intervals, `plot` draws them."""

"""Terminal play: a person at one seat, bots at the others."""

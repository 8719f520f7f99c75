"""The Infected's tutorial: three survivors, the person the Scientist (clean), Bea infected.

The person chooses a character, equips two items, plays an item to the challenge pile, tests
Bea's blood with the Blood Sample Kit (it shows virus), calls a vote to destroy her and votes
for it: Bea shows the virus and the humans win. Rules texts follow the rulebook
(`docs/rules/the-infected.md`), and so does the deck: the full zombie deck
(`standard_removal=rulebook`), which also keeps the scripted deal whatever a balance edition
removes.
"""

from hiddenhand.tutorials.script import Move, Tutorial

TUTORIAL = Tutorial(
    game="infected",
    players=3,
    seat=0,
    seed=4,
    options=(("standard_removal", "rulebook"),),
    welcome=(
        "You are one of three survivors. One of you secretly carries the virus and plays for "
        "the zombies. Face the threats together, and find the infected before the zombie deck "
        "runs out. The others are choosing their characters."
    ),
    moves=(
        Move(1, "character", (0,)),
        Move(2, "character", (1,)),
        Move(
            0,
            "character",
            (4,),
            hint="Choose your character: click the Scientist.",
            rules=(
                "Players choose characters in turn; the last to choose becomes the Leader. A "
                "character has hitpoints, a special item and a once-per-game ability. Then each "
                "player is secretly dealt a blood sample (clean, or virus for the infected) and "
                "draws 9 item cards."
            ),
        ),
        Move(
            0,
            "equip",
            (10, 1),
            hint="Equip your Blood Sample Kit face up: click it in your hand.",
            rules=(
                "Each player must equip 2 item cards before the first round. Equip face up for "
                "everyone to see, or face down, hidden from the infected; you may have at most "
                "2 equipped items."
            ),
        ),
        Move(1, "equip", (3, 1)),
        Move(2, "equip", (0, 1)),
        Move(
            0,
            "equip",
            (1, 1),
            hint="Now equip your Shotgun face up: click it in your hand.",
            rules="A Shotgun may be used when a new threat card is shown.",
        ),
        Move(1, "equip", (5, 1)),
        Move(2, "equip", (1, 1)),
        Move(
            0,
            "play",
            (0,),
            hint="Round 1. Play your Chainsaw to your challenge pile: click it in your hand.",
            rules=(
                "Action phase: everybody chooses one action at the same time (play an item to "
                "your challenge pile, draw, equip, give items, heal). When the threat ends, the "
                "items in your pile must add up to the zombie cards shown."
            ),
        ),
        Move(
            0,
            "use",
            (10,),
            hint="Use your equipped Blood Sample Kit: click it.",
            rules=(
                "Use item phase: you may now use your equipped items. A Blood Sample Kit conducts "
                "a blood sample test, and is then removed."
            ),
        ),
        Move(
            0,
            "test_target",
            (1,),
            hint="Test {p1}'s blood: click {p1}.",
            rules=(
                "Blood sample test: the target shuffles their own sample with the clean and the "
                "virus card from the table, and the tester turns one up at random. The infected "
                "shows virus more often than a clean survivor, but a test is never certain."
            ),
        ),
        Move(1, "use_none"),
        Move(2, "use_none"),
        Move(0, "react_none"),
        Move(1, "react_none"),
        Move(2, "react_none"),
        Move(
            0,
            "call_destroy",
            hint=(
                "{p1}'s sample showed virus. A zombie card came up and the fight goes on with a "
                "new action phase: click 'call a vote to destroy' in your choices."
            ),
            rules=(
                "Any player may call a vote to destroy a member of the group. Destroy the "
                "infected and the humans win; destroy a clean survivor and the infected wins."
            ),
        ),
        Move(
            0,
            "destroy_target",
            (1,),
            hint="Propose to destroy {p1}: click {p1}.",
            rules="With three players, two votes are needed to destroy.",
        ),
        Move(
            0,
            "vote",
            ("yes",),
            hint="Vote for destroying {p1}: click the lit vote on the board.",
            rules=(
                "Every player votes for or against. A destroyed character shows their blood sample."
            ),
        ),
        Move(1, "vote", ("no",)),
        Move(2, "vote", ("yes",)),
    ),
    ending=(
        "{p1} showed the virus: the humans win! In a real game a blood test can mislead, items "
        "run short, and the threat goes on while each new zombie card is not lower than the "
        "one before; the humans also win by collecting enough resources in the end game."
    ),
)

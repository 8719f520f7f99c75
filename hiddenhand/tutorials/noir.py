"""NOIR's tutorial: the person is the Inspector; the Killer, Niel, kills three of his
neighbours, which gives him away; the person takes Ryan as identity, exonerates, shifts a row
to stand next to Niel and arrests him. Rules texts follow the rulebook (`docs/rules/noir.md`).
"""

from hiddenhand.tutorials.script import Move, Tutorial

TUTORIAL = Tutorial(
    game="noir",
    players=2,
    seat=0,
    seed=1,
    options=(("roles", "killer-seat-1"),),
    welcome=(
        "You are the Inspector, against the Killer. Twenty-five suspects stand on the board: "
        "the Killer hides as one of them, and you are about to become one too. Your four "
        "evidence cards show suspects who are not the Killer. The Killer moves first."
    ),
    moves=(
        Move(1, "kill", (9,)),
        Move(
            0,
            "identity",
            (17,),
            hint="The Killer killed Julian. Take Ryan as your secret identity: click Ryan.",
            rules=(
                "On his first turn the Inspector takes one of his four evidence cards as his "
                "secret identity; the other three stay in his hand as evidence. If the Killer "
                "kills your suspect, you lose."
            ),
        ),
        Move(1, "kill", (4,)),
        Move(
            0,
            "exonerate",
            hint="Ernest is dead too. Look for evidence: click Exonerate in your choices.",
            rules=(
                "Exonerate: draw the top card of the evidence deck into your hand, then discard "
                "one card from your hand face up. The Killer only kills suspects next to him "
                "(sides or diagonals): the suspects marked ? are those who still could be him."
            ),
        ),
        Move(
            0,
            "discard",
            (7,),
            hint="Clear Horatio: click Horatio.",
            rules=(
                "The card you discard goes face up beside the board: that suspect is shown not "
                "to be the Killer, and is no longer marked ?."
            ),
        ),
        Move(1, "kill", (18,)),
        Move(
            0,
            "shift",
            ("row", 4, "left"),
            hint=(
                "Simon is dead: only Niel stood next to all three bodies. Click the ◀ arrow of "
                "the bottom row to shift it left and bring Ryan next to Niel."
            ),
            rules=(
                "Shift: move a whole row or column one step; the suspect pushed off one end comes "
                "back at the other. You need not stand in it, and you may not undo the shift "
                "just made."
            ),
        ),
        Move(1, "kill", (16,)),
        Move(
            0,
            "arrest",
            (13,),
            hint="Niel stands next to Ryan now. Click Niel to arrest him.",
            rules=(
                "Arrest: the Inspector arrests a suspect next to his own (or himself). If it is "
                "the Killer, the Inspector wins; if not, the game goes on."
            ),
        ),
    ),
    ending=(
        "You arrested the Killer: the Inspector wins! Every body tells you where the Killer "
        "stood. In a real game he shifts the board and disguises himself too, and he wins by "
        "killing your suspect or sixteen suspects. The standard mode adds innocent markers and "
        "canvassing."
    ),
)

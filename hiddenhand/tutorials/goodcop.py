"""Good Cop Bad Cop's tutorial: four cops, the person honest, Bea the Kingpin and Dee the Agent.

The person investigates Bea's middle card and finds the Kingpin, arms (revealing a card) and
aims at Bea; Dee, the Agent, wounds Bea with the first shot, and the person's shot takes the
Kingpin out. Rules texts follow the rulebook (`docs/rules/good-cop-bad-cop.md`).
"""

from hiddenhand.games.goodcop.actions import AIM_AT, ARM, DISCARD, INVESTIGATE, REVEAL_CARD, SHOOT
from hiddenhand.tutorials.script import Move, Tutorial

TUTORIAL = Tutorial(
    game="goodcop",
    players=4,
    seat=0,
    seed=17,
    options=(("order", "dealt"),),
    welcome=(
        "You are a cop at a table of four. Your three integrity cards lie face down in front of "
        "you, and all three are Honest: you are on the honest team. One cop secretly leads the "
        "crooked cops as the Kingpin; find him and take him out. Follow the hints: what to "
        "click is lit on the board."
    ),
    moves=(
        Move(
            0,
            INVESTIGATE,
            (1, 1),
            hint="Your turn. Click {p1}'s middle card to investigate it: only you will see it.",
            rules=(
                "On your turn take one action: Investigate (look at one hidden integrity card of "
                "another cop), Arm, Equip or Shoot. What you investigate, only you see."
            ),
        ),
        Move(1, INVESTIGATE, (2, 0)),
        Move(2, INVESTIGATE, (3, 2)),
        Move(3, ARM),
        Move(3, REVEAL_CARD, (2,)),
        Move(3, AIM_AT, (1,)),
        Move(
            0,
            ARM,
            hint="{p1} holds the Kingpin. Take a gun: click Arm in your choices.",
            rules=(
                "Arm: take a gun from the centre and reveal one of your hidden integrity cards. "
                "You may hold one gun at a time."
            ),
        ),
        Move(
            0,
            REVEAL_CARD,
            (0,),
            hint="Arming costs a secret: click your left card to turn it face up.",
            rules=(
                "A revealed card stays face up for everyone to see. Yours are all Honest, so the "
                "table learns a little about your team."
            ),
        ),
        Move(
            0,
            AIM_AT,
            (1,),
            hint="Aim your gun at the Kingpin: click {p1}.",
            rules=(
                "Any time you get a gun you aim it at once, at any other living cop; at the end "
                "of each of your turns you may aim it again. Everyone sees where a gun points."
            ),
        ),
        Move(1, INVESTIGATE, (3, 0)),
        Move(2, INVESTIGATE, (0, 2)),
        Move(3, SHOOT, (1,)),
        Move(1, DISCARD, ("Wiretap",)),
        Move(
            0,
            SHOOT,
            (1,),
            hint="{p3} shot {p1}, who survived wounded. Finish the job: click {p1} to shoot.",
            rules=(
                "Shoot: fire at the cop you aim at, then put the gun back in the centre. A shot "
                "cop reveals every card and is out, but the Agent and the Kingpin survive their "
                "first shot, wounded. The honest team wins when the Kingpin is out."
            ),
        ),
    ),
    ending=(
        "The Kingpin is out: the honest team, you and {p3} (the Agent), wins! In a real game "
        "the cards are dealt at random and teams change as cards change hands: investigate to "
        "find the leaders, watch where the guns point, and play equipment on your turn or when "
        "others act."
    ),
)

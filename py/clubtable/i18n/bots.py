"""DODGY's computer players: each level's name and how it plays (EN/FR/DE).

Keys: ``dodgy.bot.<level>`` (a short name for the level picker) and
``dodgy.bot.<level>.about`` (one sentence on how it plays, for the set-up screen).  The
other games keep theirs in their own catalogue (``i18n/games/<id>.py``, same key shape);
these move to ``i18n/games/dodgy.py`` once DODGY has one.
"""
TEXTS = {
    "en": {
        "dodgy.bot.easy": "Hopeful",
        "dodgy.bot.easy.about": "Trusts its own dice and a good feeling: claims just above the last one, "
                                "bluffs often and only challenges wild claims. Slow to answer.",
        "dodgy.bot.normal": "Counter",
        "dodgy.bot.normal.about": "Counts the odds from its own dice: claims what it believes, bluffs now and "
                                  "then, challenges claims that are unlikely.",
        "dodgy.bot.hard": "Table reader",
        "dodgy.bot.hard.about": "Every claim you make tells it what you may hold. It claims from what it has "
                                "read, bluffs when that pays, and challenges when raising would be riskier.",
    },
    "fr": {
        "dodgy.bot.easy": "Confiant",
        "dodgy.bot.easy.about": "Se fie à ses dés et à son intuition : annonce juste au-dessus de la "
                                "précédente, bluffe souvent et ne conteste que les annonces folles. Lent à répondre.",
        "dodgy.bot.normal": "Calculateur",
        "dodgy.bot.normal.about": "Calcule les chances d'après ses propres dés : annonce ce qu'il croit, bluffe "
                                  "de temps en temps, conteste les annonces peu probables.",
        "dodgy.bot.hard": "Lecteur de table",
        "dodgy.bot.hard.about": "Chacune de vos annonces lui dit ce que vous avez peut-être. Il annonce d'après "
                                "ce qu'il a lu, bluffe quand cela paie et conteste quand surenchérir serait plus risqué.",
    },
    "de": {
        "dodgy.bot.easy": "Optimist",
        "dodgy.bot.easy.about": "Vertraut seinen Würfeln und dem Bauchgefühl: sagt knapp über der letzten "
                                "Ansage an, blufft oft und zweifelt nur wilde Ansagen an. Antwortet langsam.",
        "dodgy.bot.normal": "Rechner",
        "dodgy.bot.normal.about": "Rechnet mit den eigenen Würfeln: sagt an, was er glaubt, blufft ab und zu, "
                                  "zweifelt unwahrscheinliche Ansagen an.",
        "dodgy.bot.hard": "Tischleser",
        "dodgy.bot.hard.about": "Jede Ihrer Ansagen verrät ihm, was Sie haben könnten. Er sagt an, was er "
                                "gelesen hat, blufft, wenn es sich lohnt, und zweifelt an, wenn Erhöhen riskanter wäre.",
    },
}

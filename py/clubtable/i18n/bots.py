"""The computer players' names and how each plays, per game and level (EN/FR/DE).

Keys: ``bot.<game>.<level>`` (a short name for the level picker) and
``bot.<game>.<level>.about`` (one sentence on how it plays, for the set-up screen).
"""
TEXTS = {
    "en": {
        "bot.dodgy.easy": "Hopeful",
        "bot.dodgy.easy.about": "Trusts its own dice and a good feeling: claims just above the last one, "
                                "bluffs often and only challenges wild claims. Slow to answer.",
        "bot.dodgy.normal": "Counter",
        "bot.dodgy.normal.about": "Counts the odds from its own dice: claims what it believes, bluffs now and "
                                  "then, challenges claims that are unlikely.",
        "bot.dodgy.hard": "Table reader",
        "bot.dodgy.hard.about": "Every claim you make tells it what you may hold. It claims from what it has "
                                "read, bluffs when that pays, and challenges when raising would be riskier.",
        "bot.waldi.relaxed": "Easygoing",
        "bot.waldi.relaxed.about": "Lays whatever fits, unhurried, and sometimes fumbles. Does not keep track "
                                   "of whose dachshund is whose.",
        "bot.waldi.normal": "Steady",
        "bot.waldi.normal.about": "Feeds its own dachshunds and snatches long ones with a cat tail, but puts "
                                  "a card under whenever it is unsure. A steady pace.",
        "bot.waldi.quick": "Sharp",
        "bot.waldi.quick.about": "Quick and shrewd: lays a card whenever it helps, remembers the cards it put "
                                 "back and works on the pile nearest to empty for the bone.",
        "bot.dobbelduel.easy": "Beginner",
        "bot.dobbelduel.easy.about": "Places its dice at random and solves once only one code is left.",
        "bot.dobbelduel.normal": "Logician",
        "bot.dobbelduel.normal.about": "Places dice for points by a rough rule and solves as soon as its best guess is even money.",
        "bot.dobbelduel.hard": "Code breaker",
        "bot.dobbelduel.hard.about": "Tracks every code that fits the hints and weighs solving now against rolling on, exactly.",
    },
    "fr": {
        "bot.dodgy.easy": "Confiant",
        "bot.dodgy.easy.about": "Se fie à ses dés et à son intuition : annonce juste au-dessus de la "
                                "précédente, bluffe souvent et ne conteste que les annonces folles. Lent à répondre.",
        "bot.dodgy.normal": "Calculateur",
        "bot.dodgy.normal.about": "Calcule les chances d'après ses propres dés : annonce ce qu'il croit, bluffe "
                                  "de temps en temps, conteste les annonces peu probables.",
        "bot.dodgy.hard": "Lecteur de table",
        "bot.dodgy.hard.about": "Chacune de vos annonces lui dit ce que vous avez peut-être. Il annonce d'après "
                                "ce qu'il a lu, bluffe quand cela paie et conteste quand surenchérir serait plus risqué.",
        "bot.waldi.relaxed": "Tranquille",
        "bot.waldi.relaxed.about": "Pose ce qui va, sans se presser, et se trompe parfois. Ne retient pas à qui "
                                   "est chaque teckel.",
        "bot.waldi.normal": "Régulier",
        "bot.waldi.normal.about": "Nourrit ses propres teckels et rafle les longs avec une queue de chat, mais "
                                  "remet une carte dessous dès qu'il hésite. Un rythme régulier.",
        "bot.waldi.quick": "Vif",
        "bot.waldi.quick.about": "Rapide et malin : pose une carte dès qu'elle sert, se souvient des cartes "
                                 "remises dessous et vide en premier la pile la plus proche de l'os.",
        "bot.dobbelduel.easy": "Débutant",
        "bot.dobbelduel.easy.about": "Place ses dés au hasard et résout quand il ne reste qu'un code.",
        "bot.dobbelduel.normal": "Logicien",
        "bot.dobbelduel.normal.about": "Place ses dés pour les points selon une règle simple et résout dès que sa meilleure idée a une chance sur deux.",
        "bot.dobbelduel.hard": "Casseur de codes",
        "bot.dobbelduel.hard.about": "Suit tous les codes compatibles avec les indices et pèse exactement résoudre maintenant contre relancer.",
    },
    "de": {
        "bot.dodgy.easy": "Optimist",
        "bot.dodgy.easy.about": "Vertraut seinen Würfeln und dem Bauchgefühl: sagt knapp über der letzten "
                                "Ansage an, blufft oft und zweifelt nur wilde Ansagen an. Antwortet langsam.",
        "bot.dodgy.normal": "Rechner",
        "bot.dodgy.normal.about": "Rechnet mit den eigenen Würfeln: sagt an, was er glaubt, blufft ab und zu, "
                                  "zweifelt unwahrscheinliche Ansagen an.",
        "bot.dodgy.hard": "Tischleser",
        "bot.dodgy.hard.about": "Jede Ihrer Ansagen verrät ihm, was Sie haben könnten. Er sagt an, was er "
                                "gelesen hat, blufft, wenn es sich lohnt, und zweifelt an, wenn Erhöhen riskanter wäre.",
        "bot.waldi.relaxed": "Gemütlich",
        "bot.waldi.relaxed.about": "Legt, was passt, ohne Eile, und vertut sich manchmal. Merkt sich nicht, "
                                   "wem welcher Dackel gehört.",
        "bot.waldi.normal": "Stetig",
        "bot.waldi.normal.about": "Füttert die eigenen Dackel und schnappt lange mit einem Katzenschwanz weg, "
                                  "legt aber im Zweifel die Karte unter. Ein stetiges Tempo.",
        "bot.waldi.quick": "Flink",
        "bot.waldi.quick.about": "Schnell und gewitzt: legt eine Karte, wann immer sie nützt, merkt sich die "
                                 "untergelegten Karten und leert den Stapel, der dem Knochen am nächsten ist.",
        "bot.dobbelduel.easy": "Anfänger",
        "bot.dobbelduel.easy.about": "Legt seine Würfel zufällig und löst, sobald nur noch ein Code bleibt.",
        "bot.dobbelduel.normal": "Logiker",
        "bot.dobbelduel.normal.about": "Legt Würfel nach einer groben Punkteregel und löst, sobald sein bester Tipp eine halbe Chance hat.",
        "bot.dobbelduel.hard": "Codeknacker",
        "bot.dobbelduel.hard.about": "Verfolgt jeden Code, der zu den Hinweisen passt, und wägt genau ab: jetzt lösen oder weiterwürfeln.",
    },
}

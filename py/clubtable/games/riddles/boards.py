"""Suggestion boards: term lists and sample questions (RULES.md §1.1, DOH-22, DOH-16).

The printed game has six suggestion boards, "sample questions" on one side and "a list of
Dohdle terms" on the other, "each suggestion board contains different terms"; their content
was not in the rulebook.  These were written for this project, in English, German and
French, following the rulebook's advice for terms: concrete, guessable things and living
beings ("a sausage, a ball, or a loaf of bread"), no abstract terms ("love, death,
kindness") and no substances or materials ("ice, wine, blood, water, and wood").

Terms are kept in six themed lists of (English, German, French) triples, each one word in
every language.  A board takes every sixth term of every theme, so each of the six boards
mixes animals, household things, food and plants, tools and toys, vehicles and places,
clothes and odds and ends, and no two boards share a term.

``BOARDS[lang]`` is the six term lists of a language; ``SAMPLE_QUESTIONS[lang]`` the sheet of
sample questions (the same on every board).
"""
from __future__ import annotations

__all__ = ["LANGUAGES", "THEMES", "BOARDS", "SAMPLE_QUESTIONS", "terms", "sample_questions"]

LANGUAGES = ("en", "de", "fr")

_ANIMALS = [
    ("dog", "Hund", "chien"), ("cat", "Katze", "chat"), ("horse", "Pferd", "cheval"),
    ("cow", "Kuh", "vache"), ("pig", "Schwein", "cochon"), ("sheep", "Schaf", "mouton"),
    ("goat", "Ziege", "chèvre"), ("rabbit", "Kaninchen", "lapin"), ("mouse", "Maus", "souris"),
    ("elephant", "Elefant", "éléphant"), ("giraffe", "Giraffe", "girafe"), ("lion", "Löwe", "lion"),
    ("tiger", "Tiger", "tigre"), ("bear", "Bär", "ours"), ("wolf", "Wolf", "loup"),
    ("fox", "Fuchs", "renard"), ("deer", "Hirsch", "cerf"), ("hedgehog", "Igel", "hérisson"),
    ("squirrel", "Eichhörnchen", "écureuil"), ("owl", "Eule", "hibou"), ("eagle", "Adler", "aigle"),
    ("penguin", "Pinguin", "pingouin"), ("flamingo", "Flamingo", "flamant"), ("swan", "Schwan", "cygne"),
    ("duck", "Ente", "canard"), ("hen", "Huhn", "poule"), ("parrot", "Papagei", "perroquet"),
    ("snail", "Schnecke", "escargot"), ("spider", "Spinne", "araignée"), ("bee", "Biene", "abeille"),
    ("ant", "Ameise", "fourmi"), ("butterfly", "Schmetterling", "papillon"),
    ("ladybird", "Marienkäfer", "coccinelle"), ("snake", "Schlange", "serpent"),
    ("turtle", "Schildkröte", "tortue"), ("frog", "Frosch", "grenouille"),
    ("crocodile", "Krokodil", "crocodile"), ("whale", "Wal", "baleine"), ("dolphin", "Delfin", "dauphin"),
    ("shark", "Hai", "requin"), ("octopus", "Krake", "pieuvre"), ("crab", "Krabbe", "crabe"),
    ("jellyfish", "Qualle", "méduse"), ("kangaroo", "Känguru", "kangourou"), ("camel", "Kamel", "chameau"),
    ("zebra", "Zebra", "zèbre"), ("monkey", "Affe", "singe"), ("gorilla", "Gorilla", "gorille"),
    ("koala", "Koala", "koala"), ("panda", "Panda", "panda"), ("hippopotamus", "Nilpferd", "hippopotame"),
    ("rhinoceros", "Nashorn", "rhinocéros"), ("seal", "Robbe", "phoque"), ("worm", "Wurm", "ver"),
    ("mosquito", "Mücke", "moustique"), ("donkey", "Esel", "âne"), ("goose", "Gans", "oie"),
    ("stork", "Storch", "cigogne"), ("beaver", "Biber", "castor"), ("lobster", "Hummer", "homard"),
]

_HOUSEHOLD = [
    ("chair", "Stuhl", "chaise"), ("table", "Tisch", "table"), ("bed", "Bett", "lit"),
    ("sofa", "Sofa", "canapé"), ("lamp", "Lampe", "lampe"), ("cup", "Tasse", "tasse"),
    ("plate", "Teller", "assiette"), ("fork", "Gabel", "fourchette"), ("spoon", "Löffel", "cuillère"),
    ("knife", "Messer", "couteau"), ("bottle", "Flasche", "bouteille"), ("saucepan", "Topf", "casserole"),
    ("kettle", "Wasserkocher", "bouilloire"), ("teapot", "Teekanne", "théière"), ("clock", "Uhr", "horloge"),
    ("mirror", "Spiegel", "miroir"), ("pillow", "Kissen", "oreiller"), ("blanket", "Decke", "couverture"),
    ("candle", "Kerze", "bougie"), ("vase", "Vase", "vase"), ("bucket", "Eimer", "seau"),
    ("broom", "Besen", "balai"), ("key", "Schlüssel", "clé"), ("padlock", "Vorhängeschloss", "cadenas"),
    ("door", "Tür", "porte"), ("window", "Fenster", "fenêtre"), ("comb", "Kamm", "peigne"),
    ("scissors", "Schere", "ciseaux"), ("umbrella", "Regenschirm", "parapluie"),
    ("suitcase", "Koffer", "valise"), ("basket", "Korb", "panier"), ("box", "Kiste", "boîte"),
    ("envelope", "Briefumschlag", "enveloppe"), ("book", "Buch", "livre"),
    ("newspaper", "Zeitung", "journal"), ("telephone", "Telefon", "téléphone"),
    ("television", "Fernseher", "téléviseur"), ("computer", "Computer", "ordinateur"),
    ("fridge", "Kühlschrank", "frigo"), ("oven", "Ofen", "four"), ("washbasin", "Waschbecken", "lavabo"),
    ("bathtub", "Badewanne", "baignoire"), ("towel", "Handtuch", "serviette"), ("sponge", "Schwamm", "éponge"),
    ("fan", "Ventilator", "ventilateur"), ("wardrobe", "Kleiderschrank", "armoire"),
    ("drawer", "Schublade", "tiroir"), ("shelf", "Regal", "étagère"), ("carpet", "Teppich", "tapis"),
    ("curtain", "Vorhang", "rideau"), ("doorbell", "Klingel", "sonnette"), ("dustbin", "Mülleimer", "poubelle"),
    ("jug", "Krug", "cruche"), ("bowl", "Schüssel", "bol"), ("pan", "Pfanne", "poêle"),
    ("needle", "Nadel", "aiguille"), ("button", "Knopf", "bouton"), ("calendar", "Kalender", "calendrier"),
    ("chandelier", "Kronleuchter", "lustre"), ("cradle", "Wiege", "berceau"), ("stool", "Hocker", "tabouret"),
    ("hanger", "Kleiderbügel", "cintre"),
]

_FOOD_AND_PLANTS = [
    ("apple", "Apfel", "pomme"), ("banana", "Banane", "banane"), ("pear", "Birne", "poire"),
    ("cherry", "Kirsche", "cerise"), ("strawberry", "Erdbeere", "fraise"), ("grape", "Traube", "raisin"),
    ("lemon", "Zitrone", "citron"), ("orange", "Orange", "orange"), ("pineapple", "Ananas", "ananas"),
    ("watermelon", "Wassermelone", "pastèque"), ("peach", "Pfirsich", "pêche"), ("plum", "Pflaume", "prune"),
    ("carrot", "Karotte", "carotte"), ("potato", "Kartoffel", "patate"), ("tomato", "Tomate", "tomate"),
    ("cucumber", "Gurke", "concombre"), ("onion", "Zwiebel", "oignon"), ("mushroom", "Pilz", "champignon"),
    ("pumpkin", "Kürbis", "citrouille"), ("turnip", "Rübe", "navet"), ("pepper", "Paprika", "poivron"),
    ("broccoli", "Brokkoli", "brocoli"), ("cabbage", "Kohl", "chou"), ("lettuce", "Salat", "laitue"),
    ("egg", "Ei", "œuf"), ("sausage", "Wurst", "saucisse"), ("pretzel", "Brezel", "bretzel"),
    ("croissant", "Croissant", "croissant"), ("cake", "Kuchen", "gâteau"), ("pizza", "Pizza", "pizza"),
    ("sandwich", "Sandwich", "sandwich"), ("hamburger", "Hamburger", "hamburger"),
    ("lollipop", "Lutscher", "sucette"), ("biscuit", "Keks", "biscuit"), ("doughnut", "Krapfen", "beignet"),
    ("baguette", "Baguette", "baguette"), ("loaf", "Brotlaib", "miche"), ("muffin", "Muffin", "muffin"),
    ("pancake", "Pfannkuchen", "crêpe"), ("walnut", "Walnuss", "noix"), ("peanut", "Erdnuss", "cacahuète"),
    ("acorn", "Eichel", "gland"), ("chestnut", "Kastanie", "châtaigne"), ("flower", "Blume", "fleur"),
    ("rose", "Rose", "rose"), ("tulip", "Tulpe", "tulipe"), ("sunflower", "Sonnenblume", "tournesol"),
    ("cactus", "Kaktus", "cactus"), ("tree", "Baum", "arbre"), ("palm", "Palme", "palmier"),
    ("leaf", "Blatt", "feuille"), ("daisy", "Gänseblümchen", "pâquerette"), ("avocado", "Avocado", "avocat"),
    ("olive", "Olive", "olive"), ("radish", "Radieschen", "radis"), ("leek", "Lauch", "poireau"),
    ("asparagus", "Spargel", "asperge"), ("bean", "Bohne", "haricot"), ("sweet", "Bonbon", "bonbon"),
    ("raspberry", "Himbeere", "framboise"), ("melon", "Melone", "melon"), ("fig", "Feige", "figue"),
]

_TOOLS_AND_TOYS = [
    ("hammer", "Hammer", "marteau"), ("saw", "Säge", "scie"), ("screwdriver", "Schraubenzieher", "tournevis"),
    ("nail", "Nagel", "clou"), ("screw", "Schraube", "vis"), ("drill", "Bohrmaschine", "perceuse"),
    ("shovel", "Schaufel", "pelle"), ("rake", "Rechen", "râteau"), ("wheelbarrow", "Schubkarre", "brouette"),
    ("axe", "Axt", "hache"), ("pliers", "Zange", "pince"), ("paintbrush", "Pinsel", "pinceau"),
    ("pencil", "Bleistift", "crayon"), ("pen", "Kugelschreiber", "stylo"), ("ruler", "Lineal", "règle"),
    ("eraser", "Radiergummi", "gomme"), ("magnet", "Magnet", "aimant"), ("compass", "Kompass", "boussole"),
    ("magnifier", "Lupe", "loupe"), ("ball", "Ball", "balle"), ("doll", "Puppe", "poupée"),
    ("teddy", "Teddy", "nounours"), ("puzzle", "Puzzle", "puzzle"), ("dice", "Würfel", "dé"),
    ("robot", "Roboter", "robot"), ("balloon", "Luftballon", "ballon"), ("whistle", "Pfeife", "sifflet"),
    ("drum", "Trommel", "tambour"), ("guitar", "Gitarre", "guitare"), ("violin", "Geige", "violon"),
    ("trumpet", "Trompete", "trompette"), ("piano", "Klavier", "piano"), ("flute", "Flöte", "flûte"),
    ("harp", "Harfe", "harpe"), ("bell", "Glocke", "cloche"), ("accordion", "Akkordeon", "accordéon"),
    ("microphone", "Mikrofon", "micro"), ("racket", "Schläger", "raquette"), ("ski", "Ski", "ski"),
    ("skateboard", "Skateboard", "skateboard"), ("helmet", "Helm", "casque"), ("trophy", "Pokal", "trophée"),
    ("medal", "Medaille", "médaille"), ("net", "Netz", "filet"), ("arrow", "Pfeil", "flèche"),
    ("sword", "Schwert", "épée"), ("shield", "Schild", "bouclier"), ("crown", "Krone", "couronne"),
    ("puppet", "Marionette", "marionnette"), ("swing", "Schaukel", "balançoire"), ("slide", "Rutsche", "toboggan"),
    ("chessboard", "Schachbrett", "échiquier"), ("domino", "Dominostein", "domino"),
    ("telescope", "Fernrohr", "télescope"), ("binoculars", "Fernglas", "jumelles"),
    ("hourglass", "Sanduhr", "sablier"), ("rope", "Seil", "corde"), ("chain", "Kette", "chaîne"),
    ("sled", "Schlitten", "luge"), ("boomerang", "Bumerang", "boomerang"),
    ("xylophone", "Xylofon", "xylophone"), ("saxophone", "Saxofon", "saxophone"),
]

_VEHICLES_AND_PLACES = [
    ("car", "Auto", "voiture"), ("bus", "Bus", "bus"), ("lorry", "Lastwagen", "camion"),
    ("bicycle", "Fahrrad", "vélo"), ("motorbike", "Motorrad", "moto"), ("train", "Zug", "train"),
    ("tram", "Straßenbahn", "tramway"), ("tractor", "Traktor", "tracteur"), ("boat", "Boot", "bateau"),
    ("ship", "Schiff", "navire"), ("sailboat", "Segelboot", "voilier"), ("canoe", "Kanu", "canoë"),
    ("aeroplane", "Flugzeug", "avion"), ("helicopter", "Hubschrauber", "hélicoptère"),
    ("rocket", "Rakete", "fusée"), ("scooter", "Roller", "trottinette"),
    ("ambulance", "Krankenwagen", "ambulance"), ("taxi", "Taxi", "taxi"), ("anchor", "Anker", "ancre"),
    ("wheel", "Rad", "roue"), ("house", "Haus", "maison"), ("castle", "Burg", "château"),
    ("tower", "Turm", "tour"), ("church", "Kirche", "église"), ("bridge", "Brücke", "pont"),
    ("lighthouse", "Leuchtturm", "phare"), ("windmill", "Windmühle", "moulin"), ("tent", "Zelt", "tente"),
    ("igloo", "Iglu", "igloo"), ("pyramid", "Pyramide", "pyramide"), ("hut", "Hütte", "cabane"),
    ("barn", "Scheune", "grange"), ("fountain", "Brunnen", "fontaine"), ("chimney", "Schornstein", "cheminée"),
    ("mountain", "Berg", "montagne"), ("volcano", "Vulkan", "volcan"), ("island", "Insel", "île"),
    ("cave", "Höhle", "grotte"), ("waterfall", "Wasserfall", "cascade"), ("bench", "Bank", "banc"),
    ("lantern", "Laterne", "lanterne"), ("fence", "Zaun", "clôture"), ("gate", "Tor", "portail"),
    ("statue", "Statue", "statue"), ("tunnel", "Tunnel", "tunnel"), ("crane", "Kran", "grue"),
    ("parachute", "Fallschirm", "parachute"), ("caravan", "Wohnwagen", "caravane"), ("raft", "Floß", "radeau"),
    ("carriage", "Kutsche", "carrosse"), ("throne", "Thron", "trône"), ("signpost", "Wegweiser", "panneau"),
    ("lift", "Aufzug", "ascenseur"), ("escalator", "Rolltreppe", "escalator"), ("pool", "Schwimmbecken", "piscine"),
    ("stadium", "Stadion", "stade"), ("harbour", "Hafen", "port"), ("garage", "Garage", "garage"),
    ("balcony", "Balkon", "balcon"), ("roof", "Dach", "toit"), ("staircase", "Treppe", "escalier"),
]

_CLOTHES_AND_ODDS = [
    ("hat", "Hut", "chapeau"), ("cap", "Mütze", "casquette"), ("scarf", "Schal", "écharpe"),
    ("glove", "Handschuh", "gant"), ("sock", "Socke", "chaussette"), ("shoe", "Schuh", "chaussure"),
    ("boot", "Stiefel", "botte"), ("trousers", "Hose", "pantalon"), ("skirt", "Rock", "jupe"),
    ("dress", "Kleid", "robe"), ("shirt", "Hemd", "chemise"), ("jacket", "Jacke", "veste"),
    ("coat", "Mantel", "manteau"), ("belt", "Gürtel", "ceinture"), ("tie", "Krawatte", "cravate"),
    ("glasses", "Brille", "lunettes"), ("ring", "Ring", "bague"), ("necklace", "Halskette", "collier"),
    ("watch", "Armbanduhr", "montre"), ("bag", "Tasche", "sac"), ("wallet", "Geldbörse", "portefeuille"),
    ("slipper", "Hausschuh", "pantoufle"), ("apron", "Schürze", "tablier"), ("pyjamas", "Schlafanzug", "pyjama"),
    ("nose", "Nase", "nez"), ("ear", "Ohr", "oreille"), ("eye", "Auge", "œil"), ("hand", "Hand", "main"),
    ("foot", "Fuß", "pied"), ("tooth", "Zahn", "dent"), ("finger", "Finger", "doigt"), ("heart", "Herz", "cœur"),
    ("skeleton", "Skelett", "squelette"), ("skull", "Schädel", "crâne"),
    ("moustache", "Schnurrbart", "moustache"), ("sun", "Sonne", "soleil"), ("moon", "Mond", "lune"),
    ("star", "Stern", "étoile"), ("cloud", "Wolke", "nuage"), ("lightning", "Blitz", "éclair"),
    ("feather", "Feder", "plume"), ("seashell", "Muschel", "coquillage"), ("pebble", "Kiesel", "caillou"),
    ("bone", "Knochen", "os"), ("nest", "Nest", "nid"), ("snowflake", "Schneeflocke", "flocon"),
    ("planet", "Planet", "planète"), ("comet", "Komet", "comète"), ("ghost", "Gespenst", "fantôme"),
    ("dragon", "Drache", "dragon"), ("mermaid", "Meerjungfrau", "sirène"), ("witch", "Hexe", "sorcière"),
    ("clown", "Clown", "clown"), ("pirate", "Pirat", "pirate"), ("knight", "Ritter", "chevalier"),
    ("king", "König", "roi"), ("angel", "Engel", "ange"), ("dinosaur", "Dinosaurier", "dinosaure"),
    ("unicorn", "Einhorn", "licorne"), ("mask", "Maske", "masque"), ("wig", "Perücke", "perruque"),
    ("baby", "Baby", "bébé"),
]

THEMES = {
    "animals": _ANIMALS,
    "household": _HOUSEHOLD,
    "food_and_plants": _FOOD_AND_PLANTS,
    "tools_and_toys": _TOOLS_AND_TOYS,
    "vehicles_and_places": _VEHICLES_AND_PLACES,
    "clothes_and_odds": _CLOTHES_AND_ODDS,
}


def _deal(lang_index: int) -> list:
    """Six boards: board ``b`` takes the terms ``b, b+6, b+12, ...`` of every theme."""
    boards: list = [[] for _ in range(6)]
    for theme in THEMES.values():
        for i, triple in enumerate(theme):
            boards[i % 6].append(triple[lang_index])
    return boards


BOARDS = {lang: _deal(i) for i, lang in enumerate(LANGUAGES)}

# The "sample questions" side (DOH-16: examples; questions stay free).  The first three are
# the rulebook's own examples.
SAMPLE_QUESTIONS = {
    "en": [
        "Is it a living being?", "Is it made by humans?", "Did it exist 200 years ago?",
        "Can you hold it in one hand?", "Is it bigger than a football?", "Can you eat it?",
        "Is it an animal?", "Is it a plant?", "Can it fly?", "Does it live in water?",
        "Does it have legs?", "Would you find it in a house?", "Is it used outdoors?",
        "Is it heavier than a person?", "Is it a tool?", "Does it make a sound?",
        "Do children play with it?", "Does it need electricity?", "Is it a vehicle?",
        "Is it found in nature?", "Can you wear it?", "Is it dangerous?",
    ],
    "de": [
        "Ist es ein Lebewesen?", "Ist es von Menschen gemacht?", "Gab es das schon vor 200 Jahren?",
        "Kann man es in einer Hand halten?", "Ist es größer als ein Fußball?", "Kann man es essen?",
        "Ist es ein Tier?", "Ist es eine Pflanze?", "Kann es fliegen?", "Lebt es im Wasser?",
        "Hat es Beine?", "Findet man es in einem Haus?", "Benutzt man es draußen?",
        "Ist es schwerer als ein Mensch?", "Ist es ein Werkzeug?", "Macht es Geräusche?",
        "Spielen Kinder damit?", "Braucht es Strom?", "Ist es ein Fahrzeug?",
        "Kommt es in der Natur vor?", "Kann man es anziehen?", "Ist es gefährlich?",
    ],
    "fr": [
        "Est-ce un être vivant ?", "Est-ce fabriqué par l’homme ?", "Est-ce que cela existait il y a 200 ans ?",
        "Peut-on le tenir dans une main ?", "Est-ce plus grand qu’un ballon de foot ?", "Peut-on le manger ?",
        "Est-ce un animal ?", "Est-ce une plante ?", "Est-ce que ça vole ?", "Est-ce que ça vit dans l’eau ?",
        "Est-ce que ça a des pattes ?", "Le trouve-t-on dans une maison ?", "L’utilise-t-on dehors ?",
        "Est-ce plus lourd qu’une personne ?", "Est-ce un outil ?", "Est-ce que ça fait du bruit ?",
        "Les enfants jouent-ils avec ?", "Est-ce que ça fonctionne à l’électricité ?", "Est-ce un véhicule ?",
        "Le trouve-t-on dans la nature ?", "Peut-on le porter sur soi ?", "Est-ce dangereux ?",
    ],
}


def terms(lang: str, board: int) -> list:
    """The term list on the back of suggestion board ``board`` (0..5) in ``lang``."""
    return list(BOARDS[lang][board])


def sample_questions(lang: str) -> list:
    """The sample-question sheet in ``lang``."""
    return list(SAMPLE_QUESTIONS[lang])

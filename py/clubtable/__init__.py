"""clubtable: five tabletop games in the browser, no server.

Layers: ``engine`` (the game contract, seeded random), ``games`` (one rules module per game),
``session`` (the host-authoritative table and its message protocol) are pure Python and run
under CPython and Pyodide alike.  ``net`` and ``ui`` are the only browser layers.
"""

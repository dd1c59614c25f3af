"""The web page's Python: the page's state and the commands that change it, views of it,
the rooms that draw them into the browser, and texts.

Runs in Pyodide in the browser and on the host (for tests). No rules live here:
what is legal comes from ``skipbo_core``. The layout follows the design: ``state`` and
``views`` import nothing listed after them, ``commands`` nothing of ``dom``, not even a
type, and no module or package imports what imports it (tests/web/test_layout.py):

``i18n/``   the texts, one JSON file a language, and their formatting.
``state/``  the page's state (``store``: ``PageState``, ``Store``) and what it is made of: the
            game at the table (``controller``), settings, preferences, records and replays,
            positions, statistics, the tutorial's steps, the puzzles, the trace of moves,
            endings and sounds as data. No views, no DOM.
``views/``  state in, an ``El`` tree (``tree``: ``El``, ``h``, ``to_html``) or words out: the table,
            its marks, the bar, sheets, share links, the coach, the replay, statistics and
            puzzle views, hints and undo, the screen reader's sentences, the motion plan
            (the difference of two trees). No DOM.
``commands/`` the one command API (``Commands``) that clicks, keys, drag, the tutorial, the
            puzzles and the host page call, one module a domain (``game``, ``moves``, ``help``,
            ``records``, ``tutorial``, ``tabs``, ``switches``) on ``base`` (the store and ``Rooms``,
            the parts a command works through, typed by ``rooms``' protocols, not by ``dom/``).
``host/``   the page inside another page: ``host_api`` (the postMessage protocol, checked
            without a browser; ``dom/page_host`` is its room: messages to commands).
``dom/``    the only code that touches the browser: ``page_dom``
            (``Browser``), ``patcher`` (draws the views' trees in place: ``Patcher``,
            ``TreeView``) and the rooms ``page_*`` (``page_app`` wires them), the effects
            that follow the store among them (sound, motion, celebration, refusal, frame).
"""

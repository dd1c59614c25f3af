"""The page's state and what changes it: ``store`` (``PageState``, ``Store``), ``commands`` (the one command API),
the game at the table (``controller``), settings, records, statistics, the tutorial's and the puzzles' data.
No DOM, no views: state in, state out.
"""

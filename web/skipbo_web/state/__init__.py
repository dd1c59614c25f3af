"""The page's state: ``store`` (``PageState``, ``Store``) and what it is made of, the game at
the table (``controller``), settings, records, statistics, the tutorial's and the puzzles'
data. No DOM, no views: what changes it is ``commands``.
"""

"""The web page's Python: a controller over the engine, HTML rendering, and texts.

Runs in Pyodide in the browser and on the host (for tests). No rules live here:
what is legal comes from ``skipbo_core``.
"""

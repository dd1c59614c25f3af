"""The page's modules (``skipbo_web.dom.page_*``, ``skipbo_web.dom.page_host``) imported on the host: they import
``pyodide.ffi``, for which a stand-in is put in place while they are imported and used."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager

from .package_files import dotted


@contextmanager
def page_modules(*names: str) -> Iterator[types.SimpleNamespace]:
    """``skipbo_web.<package>.<name>`` for each name, as attributes named after them without ``page_``."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.JsException = type("JsException", (Exception,), {})
    ffi.create_once_callable = ffi.create_proxy = ffi.to_js = lambda value, *args, **kwargs: value
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    stand_ins = {"pyodide": pyodide, "pyodide.ffi": ffi}
    saved = {name: sys.modules.get(name) for name in stand_ins}
    sys.modules.update(stand_ins)
    try:
        yield types.SimpleNamespace(**{name.removeprefix("page_"): importlib.import_module(dotted(name))
                                       for name in names})
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

"""The rooms that touch the browser (``page_*``, through ``page_dom.Browser``), and
``patcher``, which draws the views' ``El`` trees into the DOM in place.
"""

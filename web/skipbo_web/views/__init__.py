"""Views: state in, an ``El`` tree (``tree``) or words out. No DOM: ``dom.patcher`` draws the
trees into the page.
"""

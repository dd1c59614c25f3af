"""Views: state in, an ``El`` tree (``tree``) or a text out. No DOM: the trees are drawn by ``dom.patcher``.
"""

"""The page inside another page: ``host_api``, the postMessage protocol, checked without a
browser (``dom/page_host`` is its room: a thin translation of messages to commands).
"""

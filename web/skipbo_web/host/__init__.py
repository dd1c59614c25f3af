"""The page inside another page: ``host_api`` (the postMessage protocol, checked on the host) and
``page_host`` (its room: a thin translation of messages to commands).
"""

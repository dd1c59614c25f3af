"""Play across devices (issue 38): the host's and the guest's side of the protocol of
docs/PROTOCOL.md, as pure Python (no browser): ``wire`` (the messages), ``invites`` (who
sits where), ``rate`` (the flood limit), ``host`` (``TableHost``), ``guest``
(``GuestTable``). The transport (WebRTC data channels) and the page glue are elsewhere.
"""

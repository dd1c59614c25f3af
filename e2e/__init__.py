"""Browser tests of the built site, and host tests of the page's Python modules."""

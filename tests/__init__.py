"""Engine test suite (a package, so helper modules import as ``tests.scripted``)."""

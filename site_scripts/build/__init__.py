"""Building the site: the wheel, the vendored runtime, the catalogs, the mkdocs hooks, the servers and the build's checks."""

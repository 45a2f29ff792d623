"""LAN play in the desktop client: hosting a game from the GUI, joining one, and the network game page."""

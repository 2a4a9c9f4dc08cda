"""Games at the table: starting a game, entering and correcting deals, the live hick sheet."""
